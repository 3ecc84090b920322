// Córdoba: landmarks as arches in a row, each player's cards on their side, face-down cards
// of the opponent as card backs, the hand at the bottom. Choose a card, then a highlighted
// landmark (mouse, touch or keyboard: Tab to reach, Enter or Space to choose).
import { clickable, getJSON, h, s } from "../dom.js";
import { local, markNewest } from "./common.js";

const COL = 110;
const WIDTH = 7 * COL;
const CARD_W = 62;
const CARD_H = 86;
const TOP = 12; // top stack area 12..196
const TILE_Y = 206;
const TILE_H = 128;
const BOTTOM = 346; // bottom stack area 346..530
const HEIGHT = 540;
const STACK = 184 - CARD_H; // vertical room for the offsets of a stack
const SEAT_CLASS = ["ctrl-0", "ctrl-1"];
const SEAT_COLOURS = ["var(--green)", "var(--red)"]; // as .ctrl-0 and .ctrl-1 draw them
let names = null;

function landmarkNames() {
  names ??= getJSON("/api/games/cordoba/data/texts.json").then((data) => data.landmarks);
  return names;
}

function defs() {
  return s("defs", {},
    s("pattern", { id: "cordoba-back", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(35)" },
      s("rect", { width: 12, height: 12, fill: "#d9a441" }),
      s("rect", { width: 6, height: 12, fill: "#a3261b" })));
}

function card(x, y, value, { own = false, hiddenToOthers = false, label = "", id = null } = {}) {
  const group = s("g", { class: `card${hiddenToOthers ? " own-hidden" : ""}`, "data-key": id, transform: `translate(${x},${y})` });
  if (value === null) {
    group.append(
      s("rect", { width: CARD_W, height: CARD_H, rx: 7, fill: "url(#cordoba-back)", class: "card-back-frame" }),
      s("rect", { x: 6, y: 6, width: CARD_W - 12, height: CARD_H - 12, rx: 4, fill: "none", stroke: "#fffaf0", "stroke-width": 2 }),
      s("title", { text: label }));
    group.setAttribute("data-hidden", "");
    return group;
  }
  group.append(
    s("rect", { width: CARD_W, height: CARD_H, rx: 7, class: "card-face" }),
    s("text", { x: 6, y: 13, class: "card-num corner", "font-size": 12, text: value }),
    s("text", { x: CARD_W / 2, y: CARD_H / 2 + 12, class: "card-num", "font-size": 32, "text-anchor": "middle", text: value }));
  if (own) group.setAttribute("data-own", "");
  if (label) group.append(s("title", { text: label }));
  return group;
}

function stack(x, cards, top, t, ownHidden) {
  const step = cards.length > 1 ? Math.min(22, STACK / (cards.length - 1)) : 0;
  return cards.map((value, i) => card(x, (top ? TOP : BOTTOM) + i * step, value, {
    hiddenToOthers: ownHidden && value !== null,
    label: value === null ? t("cordoba.hidden") : "",
    id: `card-${x}-${top ? "top" : "bottom"}-${i}`,
  }));
}

function archTile(x, landmark, name, t) {
  const w = COL - 12;
  const r = w / 2;
  const cx = x + r;
  const cy = TILE_Y + r;
  const parts = [s("path", { class: "tile", d: `M${x},${TILE_Y + TILE_H} L${x},${cy} A${r},${r} 0 0 1 ${x + w},${cy} L${x + w},${TILE_Y + TILE_H} Z` })];
  const n = 9;
  for (let k = 0; k < n; k++) { // the red-and-ochre voussoirs of the Mezquita's arches
    const a1 = Math.PI - (Math.PI * k) / n;
    const a2 = Math.PI - (Math.PI * (k + 1)) / n;
    const p = (a, rad) => `${cx + rad * Math.cos(a)},${cy - rad * Math.sin(a)}`;
    parts.push(s("path", { d: `M${p(a1, r - 2)} A${r - 2},${r - 2} 0 0 1 ${p(a2, r - 2)} L${p(a2, r - 14)} A${r - 14},${r - 14} 0 0 0 ${p(a1, r - 14)} Z`, fill: k % 2 ? "#d9a441" : "#a3261b", "pointer-events": "none" }));
  }
  parts.push(
    s("circle", { cx, cy: cy + 6, r: 17, fill: "#2b2118" }),
    s("text", { x: cx, y: cy + 13, class: "value", "text-anchor": "middle", text: landmark.value }));
  // a long line is squeezed to the arch's width rather than drawn smaller
  nameLines(name).forEach((line, i) => parts.push(s("text", { x: cx, y: cy + 40 + i * 19, class: "name", "text-anchor": "middle", text: line,
    ...(line.length > 9 ? { textLength: w - 8, lengthAdjust: "spacingAndGlyphs" } : {}) })));
  return parts;
}

// A landmark's name on one line, or on two split at the space or hyphen nearest its middle.
function nameLines(name) {
  const breaks = [...name.matchAll(/[ -]/g)].map((m) => m.index);
  if (name.length <= 10 || !breaks.length) return [name];
  const middle = name.length / 2;
  const at = breaks.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  return [name.slice(0, name[at] === "-" ? at + 1 : at), name.slice(at + 1)];
}

function sums(landmark, seat) {
  const cards = landmark.cards[seat];
  if (!cards.length) return "";
  return cards.includes(null) ? `${cards.length}×?` : `Σ ${cards.reduce((a, b) => a + b, 0)}`;
}

export function create(root, { t, act, playerName }) {
  let selected = null;
  const board = h("div", { class: "cordoba" });
  const top = h("p", { class: "hint cordoba-top", style: "min-height:1.5rem;margin:0 0 .3rem" });
  const prompt = h("p", { class: "cordoba-prompt", style: "min-height:1.5rem;margin:.4rem 0;font-weight:600" });
  const bottom = h("p", { class: "hint cordoba-bottom", style: "min-height:1.5rem;margin:.2rem 0" });
  const handTitle = h("h3", { style: "margin:.4rem 0 .2rem;font-size:1rem" });
  // the landmarks' names as text for small screens, where the board draws them too small
  const names = h("ol", { class: "cordoba-names" });
  const legend = h("p", { class: "hint cordoba-legend" });
  const hand = h("div", { class: "cordoba-hand", style: "min-height:100px" });
  root.replaceChildren(board);
  board.append(top, h("div", { class: "cordoba-table" }), names, bottom, prompt, handTitle, hand, legend);

  async function update({ view, legal, you, match, lang, log }) {
    const allNames = await landmarkNames();
    const name = (value) => local(allNames[value - 1], lang);
    const me = you ?? 0;
    const other = 1 - me;
    const cardsWithMoves = [...new Set(legal.map((a) => a.action.card))];
    if (!cardsWithMoves.includes(selected)) selected = cardsWithMoves.length === 1 ? cardsWithMoves[0] : null;
    const targets = new Map(legal.filter((a) => a.action.card === selected).map((a) => [a.action.landmark, a]));

    const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group", "aria-label": match.name }, defs());
    const offset = ((7 - view.landmarks.length) * COL) / 2;
    view.landmarks.forEach((landmark, i) => {
      const x = offset + i * COL + 6;
      const forbidden = !view.terminal && view.forbidden === landmark.value; // after the game nothing is blocked
      const target = targets.get(landmark.value);
      const group = s("g", { class: `landmark${forbidden ? " forbidden" : ""}${target ? " legal" : ""}`, "data-landmark": landmark.value },
        s("rect", { x, y: 0, width: COL - 12, height: HEIGHT, fill: "transparent" }), // the whole column answers clicks
        archTile(x, landmark, name(landmark.value), t));
      if (landmark.controller !== null) {
        const up = landmark.controller === other;
        const ty = up ? TILE_Y - 6 : TILE_Y + TILE_H + 6;
        const cx = x + (COL - 12) / 2;
        group.append(s("path", { class: SEAT_CLASS[landmark.controller], d: up ? `M${cx - 9},${ty + 2} L${cx + 9},${ty + 2} L${cx},${ty - 8} Z` : `M${cx - 9},${ty - 2} L${cx + 9},${ty - 2} L${cx},${ty + 8} Z` },
          s("title", { text: t("cordoba.controls", { player: playerName(landmark.controller) }) })));
      }
      if (forbidden) group.append(s("text", { x: x + (COL - 12) / 2, y: TILE_Y + TILE_H - 8, "text-anchor": "middle", class: "forbid-mark", fill: "#a3261b", "font-weight": 700, text: "✕" }), s("title", { text: t("cordoba.forbidden") }));
      group.append(
        ...stack(x + 18, landmark.cards[other], true, t, false),
        ...stack(x + 18, landmark.cards[me], false, t, you !== null && !landmark.face_up && !view.terminal));
      const sumTop = sums(landmark, other);
      const sumBottom = sums(landmark, me);
      if (sumTop) group.append(s("text", { x: x + 2, y: TILE_Y - 4, class: "sum", fill: "#5b4a3a", text: sumTop }));
      if (sumBottom) group.append(s("text", { x: x + 2, y: TILE_Y + TILE_H + 16, class: "sum", fill: "#5b4a3a", text: sumBottom }));
      if (target) clickable(group, t("cordoba.play", { card: selected, landmark: `${name(landmark.value)} (${landmark.value})` }), () => act(target.action));
      svg.append(group);
    });
    board.querySelector(".cordoba-table").replaceChildren(svg);
    // on phones the sums move here: ↑ the top player's, ↓ the bottom player's
    const sumsText = (l) => [[sums(l, other), "↑"], [sums(l, me), "↓"]].filter(([v]) => v).map(([v, arrow]) => ` · ${arrow} ${v}`).join("");
    names.replaceChildren(...view.landmarks.map((l) => h("li", { value: l.value, text: `${name(l.value)}${sumsText(l)}` })));
    const blocked = view.landmarks.some((l) => !view.terminal && view.forbidden === l.value);
    legend.textContent = view.terminal ? t("cordoba.legend_over")
      : [t(you === null ? "cordoba.legend_watch" : "cordoba.legend"), blocked ? t("cordoba.legend_forbidden") : ""].filter(Boolean).join(" · ");
    markNewest(board, log, (e) => [e.landmark !== undefined && `[data-landmark="${e.landmark}"] .tile`]);

    const gameNo = view.games > 1 ? `${t("cordoba.game_no", { n: view.game_number, total: view.games })} · ` : "";
    const line = (seat) => `${playerName(seat)}${view.start_player === seat ? ` ★ ${t("cordoba.start_player")}` : ""} · ${t("cordoba.in_hand", { n: view.hand_sizes[seat] })} · ${t("cordoba.deck", { n: view.deck_sizes[seat] })} · ${view.games > 1 ? `${t("cordoba.this_game")} ${view.game_scores[seat]}, ${t("cordoba.match_total")} ${view.past_scores[seat] + view.game_scores[seat]}` : t("match.score", { n: view.game_scores[seat] })}`;
    top.replaceChildren(h("span", { class: `swatch ${SEAT_CLASS[other]}` }), `${gameNo}${line(other)}`);
    bottom.replaceChildren(h("span", { class: `swatch ${SEAT_CLASS[me]}` }), line(me));

    const handCards = view.hand ?? (view.hands && you !== null ? view.hands[me] : []);
    handTitle.textContent = you === null ? "" : t("cordoba.hand");
    prompt.textContent = !legal.length ? "" : selected === null ? t("cordoba.choose_card") : t("cordoba.choose_landmark", { card: selected });
    const slots = Math.max(5, handCards.length); // few cards are drawn larger (phones)
    const handWidth = slots * (CARD_W + 10) + 10;
    const handSvg = s("svg", { viewBox: `0 0 ${handWidth} ${CARD_H + 14}`, role: "group", "aria-label": t("cordoba.hand"), style: `max-width:${slots * 84}px;margin:0 auto` });
    const start = (handWidth - handCards.length * (CARD_W + 10)) / 2 + 5;
    handCards.forEach((value, i) => {
      const playable = cardsWithMoves.includes(value);
      const group = card(start + i * (CARD_W + 10), value === selected ? 0 : 10, value, { own: true });
      group.classList.add("hand-card");
      group.setAttribute("data-card", value);
      if (playable) {
        group.classList.add("legal");
        if (value === selected) group.classList.add("selected");
        clickable(group, `${t("cordoba.hand")}: ${value}`, () => {
          selected = value; // then the keyboard goes on to the landmarks this card may take
          update({ view, legal, you, match, lang, log }).then(() => board.querySelector(".landmark.legal")?.focus({ preventScroll: true }));
        });
      }
      handSvg.append(group);
    });
    hand.replaceChildren(you === null ? "" : handSvg);
  }

  return { update, colours: SEAT_COLOURS };
}
