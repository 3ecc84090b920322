// Cordoba (Wittig): the board as a grid, the far row at the top and the start row below, each
// stone with its label and its two symbols (a double as two narrow stones in one field). Choose
// a highlighted stone, then a highlighted field, then the side for a double; in a compensation
// the stones to move back glow orange. Mouse, touch or keyboard (Tab to reach, Enter or Space).
// Every word comes from the game's data (texts.json) and the view (symbols with their glyphs).
import { clickable, getJSON, h, s } from "../dom.js";
import { fill, local, markNewest } from "./common.js";

const CELL = 64;
const LEFT = 20; // room for the row numbers
const TOP = 8;
const GAP = 14; // between row 1 and the start row
const SEAT_COLOUR = ["#a3261b", "#1f4e79"];
const LEGAL = "#1f7a52";
const BACK = "#d9822b";
const OWED = "#c9a227";

let texts = null;
// On a phone the board keeps at least MIN_WIDTH px and scrolls sideways, so that the symbols
// of a double (two narrow stones in one field) stay at 12 px or more; its labels and row
// numbers are drawn larger (in board units).
let narrow = false;
const MIN_WIDTH = 600;
const size = (wide, small) => (narrow ? small : wide);

const boards = new Map();

function loadTexts() {
  texts ??= getJSON("/api/games/cordoba-wittig/data/texts.json");
  return texts;
}

// The board's data file (its step: how far every move goes).
function loadBoard(key) {
  if (!boards.has(key)) boards.set(key, getJSON(`/api/games/cordoba-wittig/data/${encodeURIComponent(key)}.json`));
  return boards.get(key);
}

function place(square) {
  return { column: square.charCodeAt(0) - 97, row: Number(square.slice(1)) };
}

function cellXY(view, square) {
  const { column, row } = place(square);
  const y = row === 0 ? TOP + view.rows * CELL + GAP : TOP + (view.rows - row) * CELL;
  return { x: LEFT + column * CELL, y };
}

// One stone, `w` wide: its seat's frame, the label on top, the two symbols below.
// `stranded`: the words for a stone that cannot reach the far row by moving ("" if it can).
function stone(x, y, w, data, symbols, { ring = null, title = "", stranded = "" } = {}) {
  const hgt = CELL - 8;
  const glyph = Math.min(28, w * 0.6);
  const group = s("g", { class: "wittig-stone", "data-stone": data.label, "data-key": `stone-${data.label}`, transform: `translate(${x},${y})` },
    s("rect", { x: 0, y: 0, width: w, height: hgt, rx: 7, fill: "#fbf4e6", stroke: ring || SEAT_COLOUR[data.seat], "stroke-width": ring ? 4 : 2.5 }),
    s("rect", { x: 3, y: 3, width: w - 6, height: size(15, 20), rx: 4, fill: SEAT_COLOUR[data.seat] }),
    s("text", { x: w / 2, y: size(15, 19), "text-anchor": "middle", "font-size": size(12, 17), "font-weight": 700, fill: "#fffaf0", text: data.label }),
    s("line", { x1: w / 2, y1: size(21, 25), x2: w / 2, y2: hgt - 4, stroke: "#cbb89a", "stroke-width": 1 }),
    s("text", { x: w / 4 + 0.5, y: hgt - size(12, 6), "text-anchor": "middle", "font-size": glyph, fill: symbols[data.left].color, text: symbols[data.left].glyph }),
    s("text", { x: (3 * w) / 4 - 0.5, y: hgt - size(12, 6), "text-anchor": "middle", "font-size": glyph, fill: symbols[data.right].color, text: symbols[data.right].glyph }));
  if (stranded) { // a grey veil and a "cannot arrive" mark in the corner
    group.classList.add("stranded");
    group.append(s("rect", { x: 0, y: 0, width: w, height: hgt, rx: 7, fill: "#6b6b6b", "fill-opacity": 0.28, "pointer-events": "none" }),
      s("circle", { cx: w - 7, cy: hgt - 7, r: size(7, 11), fill: "#fffaf0", stroke: "#2b2118", "stroke-width": 1.5 }),
      s("line", { x1: w - 7 - size(4, 6), y1: hgt - 7 + size(4, 6), x2: w - 7 + size(4, 6), y2: hgt - 7 - size(4, 6), stroke: "#2b2118", "stroke-width": 2 }),
      s("desc", { text: stranded }));
  }
  if (title) group.append(s("title", { text: title }));
  return group;
}

export function create(root, { t, act, playerName }) {
  const board = h("div", { class: "wittig" });
  const status = h("p", { class: "hint wittig-status", style: "min-height:1.5rem;margin:0 0 .3rem" });
  const table = h("div", { class: "wittig-table", style: "max-width:880px;margin:0 auto;overflow-x:auto" });
  const notes = h("div", { class: "wittig-notes", style: "min-height:3rem;margin:.3rem 0" });
  const prompt = h("p", { class: "wittig-prompt", style: "min-height:1.5rem;margin:.4rem 0;font-weight:600" });
  const buttons = h("div", { class: "actions wittig-actions", style: "min-height:2.6rem;display:flex;gap:.5rem;flex-wrap:wrap" });
  const keys = h("p", { class: "hint", style: "margin:.2rem 0;font-size:.85rem" });
  board.append(status, table, prompt, buttons, notes, keys);
  root.replaceChildren(board);
  // A stone chosen by a click is held here until the player confirms it (a choice sent to the
  // server cannot be taken back); another click on a stone changes it, Cancel drops it.
  let held = null;
  let last = null;

  async function update(args) {
    if (args.view !== last?.view) held = null; // a new position: nothing held
    last = args;
    const { view, legal, you, lang, log } = args;
    const hold = (label) => { held = label; update(last).then(() => buttons.querySelector(".wittig-confirm")?.focus({ preventScroll: true })); };
    narrow = (root.clientWidth || 960) < 600;
    const [data, boardData] = await Promise.all([loadTexts(), loadBoard(view.board)]);
    // a stone whose distance to the far row is not a whole number of moves cannot arrive
    // there by moving (only a knock-back can change that)
    const stranded = (square) => {
      const { row } = place(square);
      return row > 0 && (view.rows - row) % boardData.step !== 0;
    };
    const web = (key, values = {}) => fill(local(data.web[key], lang), values);
    const say = (key, values = {}) => fill(local(data.render[key], lang), values);
    const symbols = view.symbols;
    const symbolName = (name) => local(symbols[name].name, lang);
    const mine = you !== null && view.to_move.includes(you) ? legal : [];
    const byStone = new Map();
    const bySquare = new Map();
    const bySide = new Map();
    let pass = null;
    // by the board element each action points at (its hint): a stone to move, or to move
    // back ("returning"), a field, a half of a double, the pass
    for (const a of mine) {
      const { element, key } = a.hint;
      if (element === "stone" || element === "returning") byStone.set(key, a);
      else if (element === "field") bySquare.set(key, a);
      else if (element === "side") bySide.set(key, a);
      else if (element === "pass") pass = a;
    }
    const comp = view.compensation;
    const pending = new Set(comp ? comp.pending : []);
    const owed = new Set(view.owed.flat());
    const width = LEFT + view.columns * CELL + 8;
    const height = TOP + (view.rows + 1) * CELL + GAP + 22;
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Cordoba", class: "wittig-board", style: `max-height:78vh${narrow ? `;min-width:${MIN_WIDTH}px` : ""}` });

    // fields: the far row tinted, the start row apart; legal destinations in green
    for (let row = view.rows; row >= 0; row--) {
      for (let column = 0; column < view.columns; column++) {
        const square = `${String.fromCharCode(97 + column)}${row}`;
        const { x, y } = cellXY(view, square);
        const dark = (row + column) % 2 === 0;
        const base = row === view.rows ? (dark ? "#e9cf9a" : "#f1dcae") : row === 0 ? "#e4dccb" : dark ? "#ecdfc4" : "#f6ecd7";
        const target = bySquare.get(square);
        const field = s("g", { class: `wittig-field${target ? " legal" : ""}`, "data-field": square },
          s("rect", { x, y, width: CELL, height: CELL, fill: target ? "#d7f0dc" : base, stroke: target ? LEGAL : "#c8b48f", "stroke-width": target ? 3 : 0.6 }));
        if (target) {
          field.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 7, fill: LEGAL, "pointer-events": "none" }));
          const stoneLabel = comp ? comp.stone : view.selected;
          clickable(field, web("field_title", { stone: stoneLabel ?? "", field: square }), () => act(target.action));
        }
        svg.append(field);
      }
      const { y } = cellXY(view, `a${row}`);
      svg.append(s("text", { x: LEFT - 5, y: y + CELL / 2 + 4, "text-anchor": "end", "font-size": size(12, 17), fill: "#5b4a3a", text: row }));
    }
    for (let column = 0; column < view.columns; column++) {
      svg.append(s("text", { x: LEFT + column * CELL + CELL / 2, y: height - 6, "text-anchor": "middle", "font-size": size(12, 17), fill: "#5b4a3a", text: String.fromCharCode(97 + column) }));
    }

    // stones: singles full width, doubles as two narrow stones; owed doubles framed in gold
    const fields = new Map();
    for (const st of view.stones) {
      if (!fields.has(st.field)) fields.set(st.field, []);
      fields.get(st.field).push(st);
    }
    for (const [square, stones] of fields) {
      stones.sort((a, b) => (a.place === "right") - (b.place === "right"));
      const { x, y } = cellXY(view, square);
      if (owed.has(square)) {
        svg.append(s("rect", { class: "wittig-owed", x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "none", stroke: OWED, "stroke-width": 4, "stroke-dasharray": "6 3" }));
      }
      const w = stones.length === 1 ? CELL - 8 : (CELL - 6) / 2;
      stones.forEach((st, i) => {
        const choice = byStone.get(st.label);
        const isPending = pending.has(st.label);
        const chosen = st.label === view.selected || st.label === held || (comp && st.label === comp.stone);
        const ring = chosen ? "#2b2118" : choice ? (isPending ? BACK : LEGAL) : isPending ? BACK : null;
        const title = web("stone_title", { stone: st.label, left: symbolName(st.left), right: symbolName(st.right), field: square });
        const stuck = stranded(square) ? web("stranded") : "";
        const group = stone(x + 4 + i * (w + (stones.length > 1 ? -2 : 0)), y + 4, w, st, symbols, { ring, title, stranded: stuck });
        if (isPending) {
          group.classList.add("pending");
          group.setAttribute("data-returning", st.label); // the element a stone to move back's hint names
        }
        if (chosen) group.classList.add("selected");
        if (choice) {
          group.classList.add("legal");
          clickable(group, stuck ? `${title} · ${stuck}` : title, () => (choice.hint.element === "stone" ? hold(st.label) : act(choice.action)));
        } else {
          group.setAttribute("pointer-events", "none"); // a click reaches the field below
        }
        svg.append(group);
      });
    }

    // the side of a double: a dashed frame round the target field, nothing over its stone
    // (the side is chosen with the buttons below the board, each previewing its double)
    if (bySide.size && view.target) {
      const { x, y } = cellXY(view, view.target);
      svg.append(s("rect", { class: "wittig-target", x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "none", stroke: LEGAL, "stroke-width": 3, "stroke-dasharray": "6 3", "pointer-events": "none" }));
    }
    table.replaceChildren(svg);
    markNewest(table, log, (e) => [e.to && `[data-field="${e.to}"] rect`, e.field && `[data-field="${e.field}"] rect`]);

    status.replaceChildren(...[0, 1].flatMap((seat) => [
      h("span", { style: `display:inline-block;width:.8rem;height:.8rem;border-radius:3px;margin:0 .3rem 0 ${seat ? "1rem" : "0"};background:${SEAT_COLOUR[seat]}` }),
      `${playerName(seat)} · ${web("far_row", { n: view.far[seat], goal: view.win_stones })}`,
    ]), ` · ${web("moves_each", { n: Math.min(Math.floor(view.plies / 2) + 1, view.max_plies / 2), max: view.max_plies / 2 })}`);

    const lines = [];
    if (!view.terminal) view.owed.forEach((squares, seat) => {
      if (squares.length) lines.push(say("obligation", { player: playerName(seat), fields: squares.join(", ") }));
    });
    if (comp) lines.push(say("pending", { symbol: symbolName(comp.symbol), stones: comp.pending.join(", ") }));
    if (view.claim !== null) lines.push(say("claim", { player: playerName(view.claim) }));
    const doubles = [...fields].filter(([, stones]) => stones.length > 1).map(([square, stones]) =>
      `${square}: ${stones.map((st) => `${st.label} ${symbols[st.left].glyph}|${symbols[st.right].glyph}`).join(" + ")}`);
    if (doubles.length) lines.push(`${web("doubles")}: ${doubles.join(" · ")}`);
    const stuck = view.stones.filter((st) => stranded(st.field)).map((st) => st.label);
    if (stuck.length) lines.push(web("stranded_note", { stones: stuck.join(", ") }));
    const legend = Object.values(symbols).map((sym) => `${sym.glyph} ${local(sym.name, lang)}`).join("   ");
    notes.replaceChildren(...lines.map((line) => h("p", { class: "wittig-note", style: "margin:.15rem 0", text: line })),
      h("p", { class: "hint", style: "margin:.15rem 0", text: `${say("legend")}: ${legend}` }));

    const phase = view.phase;
    prompt.textContent = !mine.length ? "" : pass ? web("pass")
      : phase === "stone" && held ? t("wittig.confirm_stone", { stone: held })
      : phase === "stone" ? web("choose_stone") : phase === "to" ? web("choose_to", { stone: view.selected })
        : phase === "side" ? web("choose_side", { field: view.target }) : phase === "back" ? web("choose_back")
          : web("choose_back_to", { stone: comp ? comp.stone : "" });
    const extra = [];
    const glyphs = (st) => [h("span", { style: `color:${symbols[st.left].color}`, text: symbols[st.left].glyph }), "|",
      h("span", { style: `color:${symbols[st.right].color}`, text: symbols[st.right].glyph })];
    const mover = view.stones.find((st) => st.label === view.selected);
    const staying = view.stones.find((st) => st.field === view.target && st.label !== view.selected);
    for (const [side, a] of bySide) { // each side shows the double it makes (left stone + right
      // stone) and the symbol the server says it brings into power (`power`, "" for none)
      const pair = side === "left" ? [mover, staying] : [staying, mover];
      const touching = a.power || null;
      const power = touching
        ? h("span", { class: "wittig-power" }, "→ ", h("span", { style: `color:${symbols[touching].color}`, text: symbols[touching].glyph }), ` ${web("power_preview", { symbol: symbolName(touching) })}`)
        : h("span", { class: "wittig-power none", text: `→ ${web("no_power")}` });
      extra.push(h("button", { type: "button", class: "wittig-side-button legal", "data-side": side, onclick: () => act(a.action) },
        web(side), " ", h("span", { class: "wittig-pair" }, ...glyphs(pair[0]), " + ", ...glyphs(pair[1])), " ", power));
    }
    if (pass) extra.push(h("button", { type: "button", class: "wittig-pass", "data-pass": "", onclick: () => act(pass.action), text: pass.label }));
    const heldChoice = held && byStone.get(held);
    if (heldChoice) {
      extra.push(h("button", { type: "button", class: "primary wittig-confirm", onclick: () => act(heldChoice.action, true), text: t("wittig.confirm_button", { stone: held }) }),
        h("button", { type: "button", class: "wittig-cancel", onclick: () => { held = null; update(last); }, text: t("match.cancel") }));
    }
    buttons.replaceChildren(...extra);
    keys.textContent = mine.length ? web("keys") : "";
  }

  return { update, colours: SEAT_COLOUR };
}
