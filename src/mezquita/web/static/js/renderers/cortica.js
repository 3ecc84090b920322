// Cortiça: the row of 5 action cards (the resting one turned sideways) with workers and
// interns on their spaces, the 3 plans on their current side, each player's oak / bark / cork
// tracks (0 up to the page data's max; its goal in cork ends the game) and the worker stack.
// Legal moves light up where they happen on the table, each where its hint (from the game's
// decision table) points: a card to rest, a space or an option of a card, a plan's chip.
// Every legal action is also a labelled button (keyboard: Tab, Enter), with the conversion a
// plan move makes (its cost, worded by the engine). Words come from the game's data/texts.json
// and its page data (the cards' names and effects, worded by the engine); the log arrives
// worded by the server, so nothing here words a move or an effect.
import { clickable, getJSON, h, s } from "../dom.js";
import { fill, local, markNewest, pluralForms, pointingAt } from "./common.js";

const SEATS = ["blue", "red"];
const SEAT_COLOURS = ["#2f5d9e", "var(--red)"]; // as the .blue and .red pieces
const RESOURCES = ["tree", "bark", "cork"];
const CARD_W = 176;
const CARD_H = 226;
const PLAN_W = 224;
const PLAN_H = 148;
const GAP = 10;
const NARROW = 620; // below this board width (px) the table is laid out in two columns
const PLAN_CONTROLS = ["use", "flip", "flip_use", "double"]; // a plan card's chips, as its hints name them

let texts = null;

// Break text into lines of at most `width` characters.
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + word).length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function textLines(x, y, lines, attrs, step = 14) {
  return lines.map((line, i) => s("text", { x, y: y + i * step, ...attrs, text: line }));
}

function defs() {
  return s("defs", {},
    s("pattern", { id: "cortica-bark", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(30)" },
      s("rect", { width: 10, height: 10, fill: "#cdb48f" }),
      s("rect", { width: 4, height: 10, fill: "#b8976a" })));
}

// A worker as a little figure: filled in its colour; an intern is hollow with an "i".
function figure(cx, cy, worker, label) {
  const seat = SEATS[worker.owner];
  const group = s("g", { class: `cortica-worker ${seat}${worker.intern ? " intern" : ""}`, "data-owner": worker.owner, "data-intern": worker.intern ? "1" : "0" },
    s("circle", { cx, cy: cy - 9, r: 6 }),
    s("path", { d: `M${cx - 10},${cy + 11} Q${cx - 10},${cy - 2} ${cx},${cy - 2} Q${cx + 10},${cy - 2} ${cx + 10},${cy + 11} Z` }),
    s("title", { text: label }));
  if (worker.intern) group.append(s("text", { x: cx, y: cy + 9, "text-anchor": "middle", class: "intern-mark", text: "i" }));
  return group;
}

function layout(width) {
  if (width >= NARROW) {
    const W = 20 * 2 + 5 * CARD_W + 4 * GAP;
    return {
      W, narrow: false, panelH: 66,
      cards: [0, 1, 2, 3, 4].map((i) => [20 + i * (CARD_W + GAP), 96]),
      plans: [0, 1, 2].map((i) => [20 + i * (PLAN_W + GAP), 96 + CARD_H + 14]),
      stack: [20 + 3 * (PLAN_W + GAP), 96 + CARD_H + 14, W - 20 - (20 + 3 * (PLAN_W + GAP))],
      top: 8, bottom: 96 + CARD_H + 14 + PLAN_H + 12,
      H: 96 + CARD_H + 14 + PLAN_H + 12 + 66 + 8,
    };
  }
  const W = 2 * 12 + 2 * CARD_W + GAP;
  const panelH = 122;
  const rowY = 8 + panelH + 10;
  const cards = [0, 1, 2, 3, 4].map((i) => [12 + (i % 2) * (CARD_W + GAP), rowY + Math.floor(i / 2) * (CARD_H + GAP)]);
  const plansY = rowY + 3 * (CARD_H + GAP) + 4;
  const wide = W - 24;
  const plans = [0, 1, 2].map((i) => [12, plansY + i * (PLAN_H - 30 + GAP)]);
  const stackY = plansY + 3 * (PLAN_H - 30 + GAP);
  return {
    W, narrow: true, panelH, cards, plans, planW: wide, planH: PLAN_H - 30,
    stack: [12, stackY, wide], stackH: 78, top: 8, bottom: stackY + 78 + 10, H: stackY + 78 + 10 + panelH + 8,
  };
}

export function create(root, { t, act, playerName }) {
  const status = h("p", { class: "cortica-status" });
  const prompt = h("p", { class: "cortica-prompt" });
  const table = h("div", { class: "cortica-table" });
  const movesTitle = h("h3", { text: t("match.moves") });
  const moves = h("div", { class: "actions" });
  const note = h("p", { class: "hint cortica-note" });
  root.replaceChildren(h("div", { class: "cortica" }, status, table, prompt, movesTitle, moves, note));
  let last = null;
  let wasNarrow = null;

  async function update(args) {
    last = args;
    const { view, legal, you, match, lang, pageData: set } = args;
    texts ??= getJSON("/api/games/cortica/data/texts.json");
    const words = await texts;
    const inLang = (entry) => local(entry, lang);
    const L = layout(root.clientWidth || 960);
    wasNarrow = L.narrow;
    const cardName = (kind, index) => set[kind][index].name;
    const web = inLang(words.web);
    const colour = (seat) => inLang(words.colours)[seat];
    const workerName = (w) => inLang(words.workers)[w.intern ? "intern" : "worker"][w.owner];
    const usesLeft = (n) => pluralForms(inLang(words.render).uses_left, n, lang);
    const who = (seat) => `${colour(seat)} · ${playerName(seat)}`;
    const at = pointingAt(legal, you);
    const choose = (entry) => () => act(entry.action);
    // an action with a price (a plan move: the conversion it makes) names it
    const labelOf = (entry) => (entry.cost === undefined ? entry.label : `${entry.label} — ${entry.cost}`);

    const svg = s("svg", { viewBox: `0 0 ${L.W} ${L.H}`, role: "group", "aria-label": match.name, class: L.narrow ? "narrow" : "wide" }, defs());
    const me = you ?? 0;
    svg.append(playerPanel(1 - me, L.top), playerPanel(me, L.bottom));

    let order = 0;
    view.row.forEach((slot, i) => {
      const [x, y] = L.cards[i];
      const name = cardName("actions", slot.card);
      svg.append(slot.active ? actionCard(x, y, slot, name, ++order) : restingCard(x, y, slot, name));
    });
    view.plans.forEach((plan, i) => {
      const [x, y] = L.plans[i];
      svg.append(planCard(x, y, L.planW ?? PLAN_W, L.planH ?? PLAN_H, plan));
    });
    svg.append(stackPanel(...L.stack, L.stackH ?? PLAN_H));
    table.replaceChildren(svg);
    markNewest(table, args.log, (e) => [
      e.space !== undefined && `.cortica-space[data-card="${e.card}"][data-space="${e.space}"] .space-bg`,
      e.option !== undefined && `.cortica-card[data-card="${e.card}"] .cortica-option[data-option="${e.option}"] .option-bg`,
      e.card && `.cortica-card[data-card="${e.card}"] .card-body`,
      e.plan && `.cortica-plan[data-plan="${e.plan}"] .plan-body`]);

    status.replaceChildren(...statusLine());
    prompt.textContent = promptText();
    movesTitle.hidden = !legal.length;
    movesTitle.textContent = t("match.moves"); // in the language chosen now
    moves.replaceChildren(...legal.map((a) => h("button", { type: "button", "data-action-id": a.id, onclick: choose(a), text: labelOf(a) })));
    note.textContent = set.reconstruction ? t("cortica.reconstruction", { name: view.cards }) : "";

    function playerPanel(seat, y) {
      const res = view.resources[seat];
      const turn = view.phase !== "over" && view.to_move?.includes(seat);
      const group = s("g", { class: `cortica-player ${SEATS[seat]}${turn ? " to-move" : ""}`, "data-seat": seat },
        s("rect", { x: 8, y, width: L.W - 16, height: L.panelH, rx: 10, class: "panel-bg" }),
        s("circle", { cx: 24, cy: y + 17, r: 6, class: "seat-dot" }),
        s("text", { x: 36, y: y + 22, class: "player-name", text: `${who(seat)}${turn ? ` ◀ ${t("cortica.to_move")}` : ""}${view.winner === seat ? ` ★ ${t("cortica.winner")}` : ""}` }));
      RESOURCES.forEach((r, k) => {
        const [tx, ty] = L.narrow ? [16, y + 32 + k * 29] : [16 + k * 312, y + 32];
        group.append(track(tx, ty, r, res[r], seat));
      });
      return group;
    }

    function track(x, y, resource, value, seat) {
      const label = inLang(words.resource_labels)[resource];
      const names = inLang(words.resources)[resource];
      const cell = L.narrow ? 34 : 28;
      // room for the longest resource name of this language (about 6.4 px a character)
      const longest = Math.max(...Object.values(inLang(words.resource_labels)).map((n) => n.length));
      const labelW = Math.max(L.narrow ? 80 : 74, 12 + Math.ceil(6.4 * longest));
      const group = s("g", { class: `cortica-track ${resource}`, "data-resource": resource, "data-value": value },
        s("text", { x, y: y + 17, class: "track-label", text: resource === "cork" ? `${label} /${set.goal}` : label }),
        s("title", { text: `${colour(seat)}: ${value} ${names[value === 1 ? 0 : 1]}` }));
      for (let n = 0; n <= set.max; n++) {
        const cx = x + labelW + n * cell;
        const goal = resource === "cork" && n >= set.goal;
        group.append(
          s("rect", { x: cx, y, width: cell - 3, height: 24, rx: 4, class: `cell${n === value ? " current" : n < value ? " below" : ""}${goal ? " goal" : ""}` }),
          s("text", { x: cx + (cell - 3) / 2, y: y + 17, "text-anchor": "middle", class: `cell-num${n === value ? " current" : ""}`, text: n }));
      }
      if (resource === "cork") group.append(s("title", { text: t("cortica.goal") }));
      return group;
    }

    function actionCard(x, y, slot, name, position) {
      const card = set.actions[slot.card];
      const rest = at("card", slot.key);
      const resolving = view.resolving?.card === slot.card;
      const group = s("g", { class: `cortica-card active${rest ? " legal" : ""}${resolving ? " resolving" : ""}`, "data-card": slot.key },
        s("rect", { x, y, width: CARD_W, height: CARD_H, rx: 10, class: "card-body" }),
        s("path", { d: `M${x},${y + 30} v-20 a10,10 0 0 1 10,-10 h${CARD_W - 20} a10,10 0 0 1 10,10 v20 Z`, class: "card-head" }),
        s("circle", { cx: x + 16, cy: y + 15, r: 10, class: "order" }),
        s("text", { x: x + 16, y: y + 19, "text-anchor": "middle", class: "order-num", text: position }),
        s("text", { x: x + 32, y: y + 20, class: "card-name", text: name }),
        s("text", { x: x + CARD_W - 10, y: y + 20, "text-anchor": "end", class: "star", text: "★" }));
      let oy = y + 40;
      const options = card.options.map((text, o) => ({ text, o }));
      options.forEach(({ text, o }) => {
        const lines = wrap(text, L.narrow ? 24 : 25);
        const height = lines.length * 14 + 6;
        const use = at("card", slot.key, you, { option: o });
        const row = s("g", { class: `cortica-option${use ? " legal" : ""}`, "data-option": o },
          s("rect", { x: x + 6, y: oy, width: CARD_W - 12, height, rx: 5, class: "option-bg" }),
          textLines(x + 12, oy + 14, lines, { class: "effect" }));
        if (use) clickable(row, use.label, choose(use));
        group.append(row);
        oy += height + 3;
      });
      const spaceH = 46;
      slot.spaces.forEach((worker, sp) => {
        const sy = y + CARD_H - (slot.spaces.length - sp) * (spaceH + 6) - 2;
        const place = at("card", slot.key, you, { space: sp });
        const current = resolving && view.resolving.space === sp;
        const space = s("g", { class: `cortica-space${place ? " legal" : ""}${current ? " current" : ""}${worker ? " taken" : ""}`, "data-card": slot.key, "data-space": sp },
          s("rect", { x: x + 8, y: sy, width: CARD_W - 16, height: spaceH, rx: 8, class: "space-bg" }));
        if (worker) {
          space.append(figure(x + 30, sy + 24, worker, workerName(worker)),
            s("text", { x: x + 48, y: sy + 20, class: "space-text", text: workerName(worker) }),
            s("text", { x: x + 48, y: sy + 35, class: "space-sub", text: current ? usesLeft(view.resolving.uses_left) : t("cortica.space", { n: sp + 1 }) }));
        } else {
          space.append(s("text", { x: x + CARD_W / 2, y: sy + 28, "text-anchor": "middle", class: "space-sub", text: place ? `+ ${t("cortica.space", { n: sp + 1 })}` : t("cortica.space", { n: sp + 1 }) }));
        }
        if (place) clickable(space, place.label, choose(place));
        group.append(space);
      });
      if (rest) { // a pill between the options and the spaces
        const mid = (oy + y + CARD_H - slot.spaces.length * (spaceH + 6) - 2) / 2;
        group.append(s("rect", { x: x + 14, y: mid - 11, width: CARD_W - 28, height: 22, rx: 11, class: "rest-pill" }),
          s("text", { x: x + CARD_W / 2, y: mid + 5, "text-anchor": "middle", class: "rest-hint", text: `↺ ${t("cortica.rest_this")}` }));
        clickable(group, rest.label, choose(rest));
      }
      return group;
    }

    // The resting card: what Rest means (nothing this round) and what the card does once
    // it is active again, from the card set.
    function restingCard(x, y, slot, name) {
      const cx = x + CARD_W / 2;
      const cy = y + CARD_H / 2;
      const w = CARD_W - 10;
      const effects = set.actions[slot.card].options.map((text) => `• ${text}`);
      const lines = [...wrap(t("cortica.rest_does"), 26), ...effects.flatMap((text) => wrap(text, 26))];
      const hgt = Math.min(CARD_H - 4, 62 + lines.length * 13);
      const top = cy - hgt / 2;
      return s("g", { class: "cortica-card resting", "data-card": slot.key, transform: `rotate(-3 ${cx} ${cy})` },
        s("rect", { x: cx - w / 2, y: top, width: w, height: hgt, rx: 10, class: "rest-back" }),
        s("rect", { x: cx - w / 2 + 6, y: top + 6, width: w - 12, height: hgt - 12, rx: 6, class: "rest-inner" }),
        s("text", { x: cx, y: top + 26, "text-anchor": "middle", class: "rest-title", text: t("cortica.rest") }),
        s("text", { x: cx, y: top + 43, "text-anchor": "middle", class: "rest-name", text: name }),
        textLines(cx - w / 2 + 12, top + 60, lines, { class: "rest-effect" }, 13),
        s("title", { text: `${t("cortica.resting", { card: name })}: ${lines.join(" ")}` }));
    }

    function planCard(x, y, w, hgt, plan) {
      const card = set.plans[plan.plan];
      const name = cardName("plans", plan.plan);
      const group = s("g", { class: `cortica-plan side-${plan.side}`, "data-plan": plan.key, "data-side": plan.side },
        s("rect", { x, y, width: w, height: hgt, rx: 10, class: "plan-body" }),
        s("text", { x: x + 12, y: y + 20, class: "card-name dark", text: name }),
        s("text", { x: x + w - 10, y: y + 20, "text-anchor": "end", class: "side-mark", text: t(plan.side ? "cortica.back_side" : "cortica.star_side") }));
      const width = Math.floor((w - 24) / 6.6); // characters per line at 13px
      const now = wrap(card.sides[plan.side], width);
      const other = wrap(t("cortica.other_side", { effect: card.sides[1 - plan.side] }), Math.floor((w - 24) / 5.2));
      group.append(...textLines(x + 12, y + 40, now, { class: "effect big" }, 15),
        ...textLines(x + 12, y + 44 + now.length * 15, other, { class: "effect dim" }, 12));
      const chips = PLAN_CONTROLS.map((control) => [control, at("plan", plan.key, you, { control })]).filter(([, entry]) => entry);
      let cx = x + 10;
      for (const [control, entry] of chips) {
        const label = t(`cortica.chip.${control}`);
        const cw = label.length * 7 + 18;
        const chip = s("g", { class: "chip legal", "data-control": control },
          s("rect", { x: cx, y: y + hgt - 32, width: cw, height: 24, rx: 12, class: "chip-bg" }),
          s("text", { x: cx + cw / 2, y: y + hgt - 16, "text-anchor": "middle", class: "chip-text", text: label }));
        clickable(chip, entry.cost === undefined ? entry.label : `${entry.label} (${entry.cost})`, choose(entry));
        group.append(chip);
        cx += cw + 6;
      }
      if (chips.length) group.classList.add("legal");
      return group;
    }

    function stackPanel(x, y, w, hgt) {
      const group = s("g", { class: "cortica-stack" },
        s("rect", { x, y, width: w, height: hgt, rx: 10, class: "stack-bg" }),
        s("text", { x: x + 12, y: y + 20, class: "card-name dark", text: t("cortica.stack") }));
      const n = view.stack.length;
      if (!n) group.append(s("text", { x: x + 12, y: y + 44, class: "space-sub", text: t("cortica.stack_empty") }));
      view.stack.forEach((worker, i) => {
        const [wx, wy] = L.narrow ? [x + 24 + i * ((w - 30) / 4), y + 46] : [x + 26, y + 46 + i * 29];
        const where = i === 0 ? t("cortica.top") : i === n - 1 ? t("cortica.bottom") : "";
        group.append(s("g", { class: `stack-worker${i === 0 && view.phase === "place" ? " next" : ""}`, "data-index": i },
          figure(wx, wy, worker, workerName(worker)),
          s("text", { x: wx + 16, y: wy + 5, class: "space-sub", text: L.narrow ? where : `${workerName(worker)}${where ? ` · ${where}` : ""}` })));
      });
      return group;
    }

    function statusLine() {
      const round = t("cortica.round", { n: view.round });
      const r = view.resolving;
      let what;
      if (view.phase === "place") what = fill(web.placing, { worker: workerName(view.stack[0]), player: who(view.stack[0].owner) });
      else if (view.phase === "resolve") what = fill(web.resolving, { worker: workerName(r), card: cardName("actions", r.card), left: usesLeft(r.uses_left) });
      else if (view.phase === "rest") what = t("cortica.resting_choice", { player: who(view.stack[view.stack.length - 1].owner) });
      else what = view.winner === null ? t("match.over") : fill(web.game_over, { player: who(view.winner) });
      return [h("strong", { text: round }), ` · ${what}`];
    }

    function promptText() {
      if (!legal.length) return "";
      if (view.phase === "place") return t("cortica.your_place");
      if (view.phase === "rest") return t("cortica.your_rest");
      return t("cortica.your_resolve");
    }
  }

  // Redraw when the board crosses the narrow/wide width (phone rotation, window resize).
  addEventListener("resize", () => {
    if (last && wasNarrow !== null && (root.clientWidth < NARROW) !== wasNarrow) update(last);
  });

  return { update, colours: SEAT_COLOURS };
}
