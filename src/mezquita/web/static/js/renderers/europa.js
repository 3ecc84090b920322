// Europa: a map of Europe with the tip grid, the cards on display, your tip board, the track
// and the last evaluation. Every geographic number comes from the server's map.json (paths
// pre-projected, one polygon per section); every word from the game's texts.json and the
// view (card names in four languages). Tips: click the tip board's buttons (Tab + Enter work
// too) or click the map, one stone per click: East/West, then North/Middle/South, sector,
// section. Each action is found by its hint (from the game's decision table): a display
// card's Take or Swap, the map's part of a value for the next stone, Done.
import { getJSON, h, s } from "../dom.js";
import { fill, local, markNewest, pointingAt } from "./common.js";

const SEAT_COLOURS = ["#c0392b", "#2e6db4", "#d4a017", "#2e8b57", "#8e44ad", "#e67e22"];
const CARD_COLOURS = { yellow: "#e8c33a", red: "#c8432f", blue: "#2f6fb0" };
/** the tip board's rows, one per stone, in the order of a map section's place */
const ROWS = ["ew", "area", "sector", "section"];
const STYLE = `
.europa { --eu-sea: #9cc3e6; --eu-land: #efe7cc; }
.europa .eu-prompt { margin: 0 0 .5rem; font-weight: 600; min-height: 1.4rem; }
.europa .eu-main { display: grid; gap: .6rem; }
.europa .eu-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: .6rem; align-items: start; }
.europa .eu-mapbox { position: relative; touch-action: none; }
.europa .eu-zoom { position: absolute; top: .4rem; right: .4rem; display: flex; gap: .25rem; }
.europa .eu-zoom button { min-height: 2.2rem; min-width: 2.4rem; padding: 0 .5rem; font-weight: 700; background: #fffdf8e6; }
.europa svg.eu-map.focus .g-sections { stroke: #111; stroke-width: 1.6; stroke-dasharray: none; }
.europa .eu-map .section-label { fill: #fffaf0; stroke-width: .5px; opacity: .9; }
.europa svg.eu-map { width: 100%; height: auto; display: block; border-radius: 6px; background: #fff; }
.europa .eu-map .land { fill: var(--eu-land); stroke: #6b7d8c; stroke-width: .5; }
.europa .eu-map .borders { fill: none; stroke: #b9a0a0; stroke-width: .45; }
.europa .eu-map .g-sections { fill: none; stroke: #444; stroke-width: .45; stroke-dasharray: 3 2; }
.europa .eu-map .g-sectors { fill: none; stroke: #111; stroke-width: 1.6; }
.europa .eu-map .g-white { fill: none; stroke: #fff; stroke-width: 3; }
.europa .eu-map .g-outline { fill: none; stroke: #111; stroke-width: 2; }
.europa .eu-map .label { font: bold 21px sans-serif; fill: #fff; stroke: #000; stroke-width: .8px; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.europa .eu-map .cell { fill: transparent; }
.europa .eu-map .cell.pickable { cursor: pointer; }
.europa .eu-map .cell.pickable:hover { fill: rgba(255, 255, 255, .35); }
.europa .eu-map .cell.tipped { fill: rgba(217, 164, 65, .45); }
.europa .eu-map .marker { stroke: #000; stroke-width: 1.5; }
.europa .eu-map .marker-label { font: bold 19px sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
.europa .eu-main section { border: 1px solid #d8c9ab; border-radius: 8px; padding: .45rem .6rem; background: #fffdf8; }
.europa h3 { margin: 0 0 .35rem; font-size: 1rem; }
.europa .eu-cards { display: flex; flex-wrap: wrap; gap: .4rem; }
.europa .eu-card { border-radius: 7px; border: 3px solid; padding: .35rem .5rem; min-width: 7.5rem; background: #fff; }
.europa .eu-card .name { font-weight: 700; display: block; margin-bottom: .25rem; }
.europa .eu-card .kind { font-size: .8rem; color: #555; display: block; }
.europa .eu-card button, .europa .eu-tipboard button { margin: .15rem .15rem 0 0; }
.europa .eu-tipboard .row { display: grid; grid-template-columns: 8.5rem 1fr; align-items: center; gap: .3rem; margin: .2rem 0; }
.europa .eu-tipboard .row > span.head { font-size: .85rem; color: #444; }
.europa .eu-tipboard .opts { display: flex; flex-wrap: wrap; gap: .15rem; }
.europa .eu-tipboard .stone { display: inline-block; min-width: 1.8rem; padding: .1rem .4rem; border-radius: 999px; background: #3b3b3b; color: #fff; text-align: center; font-weight: 700; }
.europa .eu-tipboard button.legal { border-color: var(--legal, #2e8b57); background: #eef8ef; }
.europa .eu-tipboard .stone.held { background: #fff; color: #3b3b3b; border: 2px dashed #3b3b3b; }
.europa .eu-held { position: sticky; bottom: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .5rem; margin: .4rem 0 0; padding: .45rem .6rem; border: 2px solid #d4a017; border-radius: 8px; background: #fff8e1; box-shadow: 0 -2px 8px #0002; }
.europa .eu-held .hint { flex: 1 1 14rem; margin: 0; }
.europa .eu-held button { min-height: 2.6rem; padding: 0 1rem; font-weight: 700; }
.europa .eu-players { width: 100%; border-collapse: collapse; font-size: .9rem; }
.europa .eu-players td { padding: .15rem .25rem; border-top: 1px solid #eee; vertical-align: top; }
.europa .dot { display: inline-block; width: .8rem; height: .8rem; border-radius: 50%; margin-right: .3rem; vertical-align: -1px; border: 1px solid #0006; }
.europa .kept { display: inline-block; width: .7rem; height: .9rem; border-radius: 2px; margin-right: 2px; vertical-align: -2px; }
.europa .ok { color: #1d7a3a; font-weight: 700; }
.europa .bad { color: #b3261e; font-weight: 700; }
.europa svg.eu-track { width: 100%; height: auto; display: block; }
.europa .credit { font-size: .75rem; color: #666; margin: .2rem 0 0; }
`;

let data = null;
function loadData() {
  data ??= Promise.all([getJSON("/api/games/europa/data/map.json"), getJSON("/api/games/europa/data/texts.json")])
    .then(([map, texts]) => ({ map, texts }));
  return data;
}

// The map's zoom: the part of the map shown (a viewBox), null for all of it. While a player
// tips, the map follows the tips made (an area, then a sector with its sections drawn); the
// buttons, the wheel, dragging and a two-finger pinch zoom and pan by hand.
function zoomer() {
  let box = null; // [x, y, w, h] chosen by hand, kept across redraws until reset
  let auto = "";
  const pointers = new Map();
  let whole = [0, 0, 1, 1]; // the whole map
  const clamp = (svg, [x, y, w]) => {
    const width = Math.min(whole[2], Math.max(whole[2] / 8, w));
    const height = (width * whole[3]) / whole[2];
    return [Math.min(Math.max(0, x), whole[2] - width), Math.min(Math.max(0, y), whole[3] - height), width, height];
  };
  const show = (svg, view) => { if (view) svg.setAttribute("viewBox", view.join(" ")); };
  function scale(svg, factor, cx, cy) {
    const [x, y, w, h] = box || svg.getAttribute("viewBox").split(" ").map(Number);
    const px = cx ?? x + w / 2;
    const py = cy ?? y + h / 2;
    box = clamp(svg, [px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor]);
    show(svg, box);
  }
  const toMap = (svg, event) => {
    const m = svg.getScreenCTM().inverse();
    return [m.a * event.clientX + m.c * event.clientY + m.e, m.b * event.clientX + m.d * event.clientY + m.f];
  };
  return {
    // fit `svg` to `cells` (the sections still possible) unless the player zoomed by hand
    attach(svg, cells, key) {
      whole = svg.getAttribute("viewBox").split(" ").map(Number);
      if (key !== auto) { box = null; auto = key; } // new tips: follow them again
      if (!box && cells.length) {
        const boxes = cells.map((c) => c.getBBox());
        const x0 = Math.min(...boxes.map((b) => b.x));
        const y0 = Math.min(...boxes.map((b) => b.y));
        const x1 = Math.max(...boxes.map((b) => b.x + b.width));
        const y1 = Math.max(...boxes.map((b) => b.y + b.height));
        const pad = 0.08 * Math.max(x1 - x0, y1 - y0);
        const w = Math.max(x1 - x0 + 2 * pad, ((y1 - y0 + 2 * pad) * whole[2]) / whole[3]);
        show(svg, clamp(svg, [(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - (w * whole[3]) / whole[2] / 2, w, 0]));
      }
      show(svg, box);
      svg.addEventListener("wheel", (event) => {
        event.preventDefault();
        const [cx, cy] = toMap(svg, event);
        scale(svg, event.deltaY < 0 ? 0.8 : 1.25, cx, cy);
      }, { passive: false });
      let last = null;
      svg.addEventListener("pointerdown", (event) => { pointers.set(event.pointerId, [event.clientX, event.clientY]); last = null; });
      svg.addEventListener("pointermove", (event) => {
        if (!pointers.has(event.pointerId)) return;
        const before = [...pointers.values()];
        pointers.set(event.pointerId, [event.clientX, event.clientY]);
        const after = [...pointers.values()];
        const current = box || svg.getAttribute("viewBox").split(" ").map(Number);
        const unit = current[2] / svg.getBoundingClientRect().width;
        if (after.length === 2) { // pinch: the change of the fingers' distance
          const gap = (p) => Math.hypot(p[0][0] - p[1][0], p[0][1] - p[1][1]);
          if (gap(before) > 0) {
            const m = svg.getScreenCTM().inverse();
            const mid = [(after[0][0] + after[1][0]) / 2, (after[0][1] + after[1][1]) / 2];
            box = current;
            scale(svg, gap(before) / gap(after), m.a * mid[0] + m.c * mid[1] + m.e, m.b * mid[0] + m.d * mid[1] + m.f);
          }
        } else if (after.length === 1 && (event.buttons & 1 || event.pointerType !== "mouse")) {
          const [dx, dy] = [event.clientX - before[0][0], event.clientY - before[0][1]];
          if (!last && Math.hypot(dx, dy) < 4) return; // a click, not a drag
          last = true;
          box = clamp(svg, [current[0] - dx * unit, current[1] - dy * unit, current[2], current[3]]);
          show(svg, box);
        }
      });
      const up = (event) => pointers.delete(event.pointerId);
      svg.addEventListener("pointerup", up);
      svg.addEventListener("pointercancel", up);
      svg.addEventListener("click", (event) => { if (last) { event.stopPropagation(); last = null; } }, true);
    },
    in: (svg) => scale(svg, 0.67),
    out: (svg) => scale(svg, 1.5),
    reset: (svg) => { box = [...whole]; svg.setAttribute("viewBox", whole.join(" ")); },
  };
}

function createBoard(root, { t, act, playerName }) {
  if (!document.getElementById("europa-style")) document.head.append(h("style", { id: "europa-style", text: STYLE }));
  const zoom = zoomer();
  // Tip stones are held on the page until the player confirms them (a stone sent cannot be
  // taken back): `held` are the values chosen after the placed ones; `sending` the confirmed
  // stones (and "done"), each [the element and key its hint names, placed stones before it],
  // sent one by one as the server shows the one before placed.
  let held = [];
  let heldFor = "";
  let sending = [];
  let last = null;
  const redraw = () => board.update(last);
  const board = {
    async update(args) {
      last = args;
      const { view, legal, you, lang } = args;
      const { map, texts } = await loadData();
      const w = (key, values = {}) => fill(local(texts.web[key], lang), values);
      const cardName = (id) => (id ? local(view.card_info[id]?.names, lang) || id : "");
      const valueWord = (stone, v) => (stone < 2 ? local(texts.values[v], lang) : String(v));
      const short = (stone, v) => (stone < 2 ? local(texts.short[v], lang) : String(v));
      const tipText = (tips) => (tips && tips.length ? tips.map((v, i) => short(i, v)).join(" · ") : "—");
      const at = pointingAt(legal, you);
      const mine = you !== null && you !== undefined && view.to_move.includes(you);
      const placed = you !== null && you !== undefined ? view.tips[you] || [] : [];
      if (heldFor !== `${view.round}:${view.phase}` || !mine) {
        held = [];
        sending = mine ? sending : [];
        heldFor = `${view.round}:${view.phase}`;
      }
      if (sending.length && mine && sending[0][2] === placed.length) { // the one before is in
        const [element, key] = sending.shift();
        const action = at(element, key);
        if (action) act(action.action, true); // confirmed on the tip board already
        else sending = [];
      }
      const myTips = [...placed, ...held]; // what the page shows: placed stones, then held ones
      // the values the next stone may take: the server's legal ones, or (after held stones)
      // those of the map's sections that fit the stones before it
      const nextOptions = () => {
        if (!mine || myTips.length >= ROWS.length || sending.length) return [];
        if (!held.length) return legal.filter((a) => a.hint?.element === "map").map((a) => ({ value: a.hint.key, label: a.label }));
        const values = new Set(map.sections.filter((c) => myTips.every((v, i) => c.place[i] === v)).map((c) => c.place[myTips.length]));
        return [...values].map((value) => ({ value, label: valueWord(myTips.length, value) }));
      };
      const hold = (value) => { held.push(value); redraw(); };
      const confirm = (done) => {
        const n = placed.length;
        sending = [...held.map((v, i) => ["map", v, n + i]), ...(done ? [["done", null, n + held.length]] : [])];
        held = [];
        redraw();
      };

      const svg = mapView();
      const zoomButton = (text, label, run) => h("button", { type: "button", class: "eu-zoom-btn", "aria-label": label, title: label, onclick: () => run(svg), text });
      root.replaceChildren(h("div", { class: "europa" },
        h("p", { class: "eu-prompt", id: "eu-prompt", role: "status", text: prompt() }),
        h("div", { class: "eu-main" },
          view.phase === "choose" ? displayPanel() : null,
          h("div", {}, h("div", { class: "eu-mapbox" }, svg, h("div", { class: "eu-zoom" },
            zoomButton("+", t("europa.zoom_in"), zoom.in), zoomButton("−", t("europa.zoom_out"), zoom.out), zoomButton("⤢", t("europa.zoom_all"), zoom.reset))),
          mine && view.phase === "tip" ? tipBar() : null,
          h("p", { class: "credit", text: `${w("credit")} · ${map.credit}` })),
          h("div", { class: "eu-side" },
            view.phase === "tip" && you !== null && you !== undefined && view.cards[you] ? tipPanel() : null,
            trackPanel(),
            playersPanel(),
            view.results.length ? resultsPanel() : null))));
      // while tipping, the map shows the sections the tips made so far still allow
      const tipping = view.phase === "tip" && myTips.length >= 2;
      const open = tipping ? [...svg.querySelectorAll(".cell")].filter((c) => myTips.every((v, i) => c.dataset.place.split("-")[i] === String(v))) : [];
      svg.classList.toggle("focus", tipping && myTips.length >= 3);
      if (tipping && myTips.length >= 3) { // the chosen sector's sections named on the map
        const sizeOf = (b) => Math.max(8, Math.min(b.width, b.height) / 3);
        svg.append(s("g", { class: "section-labels", "pointer-events": "none" }, open.map((cell) => {
          const b = cell.getBBox();
          return s("text", { class: "label section-label", x: b.x + b.width / 2, y: b.y + b.height / 2, style: `font-size:${sizeOf(b)}px`, text: cell.dataset.place.split("-")[3] });
        })));
      }
      zoom.attach(svg, open, tipping ? `${view.round}:${myTips.join("-")}` : "");

      function prompt() {
        if (view.terminal) return w("over");
        if (view.phase === "choose") {
          return view.chooser === you ? w("choose_you") : w("choose_other", { player: playerName(view.chooser) });
        }
        if (mine) return w("tip_you", { card: cardName(view.cards[you]) });
        if (you !== null && you !== undefined) {
          return w("tip_wait", { players: view.to_move.map((seat) => playerName(seat)).join(", ") });
        }
        return w("tip_watch");
      }

      // -- the map ------------------------------------------------------------------
      function mapView() {
        const options = nextOptions();
        const svg = s("svg", { class: "eu-map", viewBox: `0 0 ${map.width} ${map.height}`, role: "img", "aria-label": w("map") },
          s("defs", {}, s("clipPath", { id: "eu-clip" }, s("path", { d: map.grid.outline }))),
          s("path", { d: map.grid.outline, fill: "var(--eu-sea)" }),
          s("g", { "clip-path": "url(#eu-clip)" },
            s("path", { class: "land", d: map.land, "fill-rule": "evenodd" }),
            s("path", { class: "borders", d: map.borders })));
        const cells = s("g", { class: "cells" });
        for (const cell of map.sections) {
          const path = s("path", { class: "cell", d: cell.d, "data-place": cell.place.join("-") });
          const matches = myTips.length && myTips.every((v, i) => cell.place[i] === v);
          if (matches && view.phase === "tip") path.classList.add("tipped");
          const prefixOk = myTips.every((v, i) => cell.place[i] === v);
          const option = prefixOk && options.find((o) => o.value === cell.place[myTips.length]);
          if (option) {
            path.classList.add("pickable");
            path.addEventListener("click", () => hold(option.value));
            path.append(s("title", { text: option.label }));
          }
          cells.append(path);
        }
        svg.append(cells,
          s("path", { class: "g-sections", d: map.grid.sections, "pointer-events": "none" }),
          s("path", { class: "g-sectors", d: map.grid.sectors, "pointer-events": "none" }),
          s("path", { class: "g-white", d: map.grid.areas, "pointer-events": "none" }),
          s("path", { class: "g-white", d: map.grid.split, "pointer-events": "none" }),
          s("path", { class: "g-outline", d: map.grid.outline, "pointer-events": "none" }),
          s("g", {}, map.labels.map(([, sector, x, y]) => s("text", { class: "label", x, y, text: sector }))));
        // The location indicator: the true place of each card of the last evaluation.
        if (view.phase !== "tip" || view.terminal) {
          for (const r of view.results) {
            const colour = SEAT_COLOURS[r.seat % SEAT_COLOURS.length];
            for (const [x, y] of map.points[r.card] || []) {
              svg.append(s("g", { class: "indicator", "data-card": r.card, "data-key": `indicator-${r.card}-${x}-${y}` },
                s("circle", { class: "marker", cx: x, cy: y, r: 10, fill: colour }),
                s("text", { class: "marker-label", x: x + 13, y: y + 6, fill: colour, text: cardName(r.card) })));
            }
          }
        }
        return svg;
      }

      // -- choosing ---------------------------------------------------------------------
      function displayPanel() {
        const cards = view.display.map((id, slot) => {
          if (!id) return null;
          const info = view.card_info[id];
          const take = at("display", slot, you, { control: "take" });
          const swap = at("display", slot, you, { control: "swap" });
          return h("div", { class: "eu-card", style: `border-color:${CARD_COLOURS[info.colour]}`, "data-card": id, "data-display": slot },
            h("span", { class: "name", text: cardName(id) }),
            h("span", { class: "kind", text: local(texts.colours[info.colour], lang) }),
            take ? h("button", { type: "button", "data-action": "take", "data-control": "take", onclick: () => act(take.action), title: take.label, text: w("take") }) : null,
            swap ? h("button", { type: "button", "data-action": "swap", "data-control": "swap", onclick: () => act(swap.action), title: swap.label, text: w("swap") }) : null);
        });
        return h("section", {}, h("h3", { text: `${w("display")} · ${w("round", { n: view.round })} · ${w("stack", { n: view.stack })}` }),
          h("div", { class: "eu-cards" }, cards));
      }

      // -- tipping -----------------------------------------------------------------------
      function tipPanel() {
        const id = view.cards[you];
        const info = view.card_info[id];
        const options = nextOptions();
        const rows = ROWS.map((row, stone) => {
          const value = myTips[stone];
          const buttons = stone === myTips.length ? options.map((o) => h("button", {
            type: "button", class: "legal", "data-action": row, "data-value": o.value, "data-map": o.value,
            onclick: () => hold(o.value), title: o.label, text: valueWord(stone, o.value),
          })) : [];
          const stoneMark = value !== undefined
            ? h("span", { class: `stone${stone >= placed.length ? " held" : ""}`, text: valueWord(stone, value) }) : null;
          return h("div", { class: "row" }, h("span", { class: "head", text: w(`row_${row}`) }),
            h("span", { class: "opts" }, stoneMark ?? buttons));
        });
        return h("section", { class: "eu-tipboard" },
          h("h3", { text: w("your_card") }),
          h("div", { class: "eu-card", style: `border-color:${CARD_COLOURS[info.colour]}` },
            h("span", { class: "name", id: "eu-my-card", text: cardName(id) }),
            h("span", { class: "kind", text: local(texts.colours[info.colour], lang) })),
          h("h3", { text: w("tipboard") }), rows);
      }

      // the held stones' bar under the map, kept in sight (sticky) while the map scrolls:
      // Confirm places them, Undo takes the last back, Done places them and finishes
      function tipBar() {
        const waiting = held.length && !sending.length;
        const stop = at("done", null);
        if (!stop && !waiting) return null;
        return h("div", { class: "eu-held" },
          h("p", { class: "hint", text: waiting ? t("europa.held", { n: held.length }) : w("tip_more") }),
          waiting ? h("button", { type: "button", class: "primary eu-confirm", onclick: () => confirm(false), text: t("match.confirm") }) : null,
          waiting ? h("button", { type: "button", class: "eu-undo", onclick: () => { held.pop(); redraw(); }, text: `↶ ${t("europa.undo_stone")}` }) : null,
          h("button", { type: "button", "data-action": "done", "data-done": "", "data-action-id": stop?.id, onclick: () => confirm(true), text: w("done") }));
      }

      // -- the track ---------------------------------------------------------------------
      function trackPanel() {
        const last = view.last_field;
        const per = root.clientWidth < 600 ? 10 : 14; // numbers stay over 10 px on screen
        const cell = 24;
        const rowsCount = Math.ceil((last + 1) / per);
        const svg = s("svg", { class: "eu-track", viewBox: `0 0 ${per * cell + 4} ${rowsCount * (cell + 14) + 4}`, role: "img", "aria-label": w("track") });
        for (let f = 0; f <= last; f++) {
          const x = 2 + (f % per) * cell;
          const y = 2 + Math.floor(f / per) * (cell + 14);
          const dark = f >= view.finish;
          svg.append(s("rect", { x, y, width: cell - 2, height: cell - 2, rx: 3, fill: dark ? "#1f3a68" : "#f3ead6", stroke: "#b7a47e" }),
            s("text", { x: x + (cell - 2) / 2, y: y + cell + 9, "font-size": 9, "text-anchor": "middle", fill: "#555", text: f }));
        }
        view.positions.forEach((f, seat) => {
          const x = 2 + (f % per) * cell;
          const y = 2 + Math.floor(f / per) * (cell + 14);
          const sameBefore = view.positions.slice(0, seat).filter((p) => p === f).length;
          svg.append(s("circle", { class: "piece", "data-seat": seat, cx: x + 11 + sameBefore * 3, cy: y + 11 - sameBefore * 3, r: 8, fill: SEAT_COLOURS[seat], stroke: "#000" },
            s("title", { text: `${playerName(seat)}: ${f}` })),
          s("text", { x: x + 11 + sameBefore * 3, y: y + 15 - sameBefore * 3, "font-size": 10, "text-anchor": "middle", fill: "#fff", "pointer-events": "none", text: seat + 1 }));
        });
        return h("section", {}, h("h3", { text: `${w("track")} · ${w("finish", { n: view.finish })}` }), svg);
      }

      function playersPanel() {
        const rows = view.positions.map((field, seat) => {
          const card = view.cards[seat];
          let tipCell = "";
          if (view.phase === "tip") {
            const tips = view.tips[seat];
            const count = w("stones", { n: view.stones[seat] });
            tipCell = `${tips ? tipText(tips) : count} · ${view.tipping[seat] ? w("tipping") : w("tipped")}`;
          }
          return h("tr", { "data-seat": seat },
            h("td", {}, h("span", { class: "dot", style: `background:${SEAT_COLOURS[seat]}` }), playerName(seat)),
            h("td", { text: String(field) }),
            h("td", { text: card ? cardName(card) : "" }),
            h("td", { class: "tipcell", text: tipCell }),
            h("td", {}, w("swaps", { n: view.swaps[seat] }), " ",
              view.kept[seat].map((id) => h("span", { class: "kept", style: `background:${CARD_COLOURS[view.card_info[id].colour]}`, title: cardName(id) }))));
        });
        return h("section", {}, h("h3", { text: w("players") }), h("table", { class: "eu-players" }, h("tbody", {}, rows)));
      }

      function resultsPanel() {
        const items = view.results.map((r) => h("li", { "data-seat": r.seat, class: r.right ? "right" : "wrong" },
          h("span", { class: "dot", style: `background:${SEAT_COLOURS[r.seat]}` }),
          `${playerName(r.seat)}: ${cardName(r.card)} ${w("lies")} ${tipText(r.place)} · ${w("tip")} `,
          r.tips.map((v, i) => h("span", { class: r.stones[i] ? "ok" : "bad", text: `${r.stones[i] ? "✓" : "✗"}${short(i, v)} ` })),
          `· ${w("moved", { from: r.from, to: r.to })}`, r.kept ? ` · ${w("kept_card")}` : ""));
        return h("section", { class: "eu-results" }, h("h3", { text: w("last") }), h("ul", {}, items));
      }
    },
  };
  return board;
}

// The newest move marked: the card just taken, else the row of the player who moved.
export function create(root, context) {
  const board = createBoard(root, context);
  return {
    async update(args) {
      await board.update(args);
      markNewest(root, args.log, (e) => [e.card !== undefined && `.eu-card[data-card="${e.card}"]`,
        e.seat !== undefined && e.seat !== null && `tr[data-seat="${e.seat}"]`]);
    },
    colours: SEAT_COLOURS,
  };
}
