// Citadels: characters in rank order, every seat's city as district cards, your hand and
// draft choices as clickable cards; every legal action is also a labelled button.
import { clickable, getJSON, h, s } from "../dom.js";

const COLOURS = { yellow: "#d9a628", blue: "#2f5d9e", green: "#2f7d4f", red: "#b0302a", purple: "#6b3d8f" };
let data = null;

let loading = null;

function cardData() {
  loading ??= Promise.all([
    getJSON("/api/games/citadels/data/districts.json"),
    getJSON("/api/games/citadels/data/characters.json"),
  ]).then(([districts, characters]) => {
    data = {
      districts: Object.fromEntries(districts.districts.map((d) => [d.key, d])),
      characters: Object.fromEntries(characters.characters.map((c) => [c.key, c])),
    };
  });
  return loading;
}

const local = (names, lang) => (typeof names === "string" ? names : names?.[lang] || names?.en || "?");

function district(key, lang, { small = false, action = null, label = "" } = {}) {
  const d = data.districts[key] || { colour: "purple", cost: "?", name: key };
  const name = local(d.name, lang);
  const words = name.split(" ");
  const lines = words.length > 1 && name.length > 10 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [name];
  const svg = s("svg", { viewBox: "0 0 70 96", class: `district${action ? " legal" : ""}`, width: small ? 52 : 70, height: small ? 71 : 96, "data-district": key },
    s("rect", { x: 1, y: 1, width: 68, height: 94, rx: 6, class: "card-face" }),
    s("rect", { x: 1, y: 1, width: 68, height: 22, rx: 6, fill: COLOURS[d.colour] || "#888" }),
    s("circle", { cx: 13, cy: 12, r: 9, fill: "#d9a441", stroke: "#5b4a3a" }),
    s("text", { x: 13, y: 16, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#2b2118", text: d.cost }),
    ...lines.map((line, i) => s("text", { x: 35, y: 50 + i * 13, "text-anchor": "middle", "font-size": 10, fill: "#2b2118", text: line })),
    s("title", { text: `${name} (${d.cost})` }));
  if (action) clickable(svg, label, action);
  return svg;
}

function character(key, lang, { note = "", mine = false, dim = false, action = null, label = "" } = {}) {
  const c = data.characters[key];
  const el = h("span", { class: `character${mine ? " mine" : ""}${dim ? " dim" : ""}${action ? " legal" : ""}`, "data-character": key },
    h("strong", { text: c ? c.rank : "?" }), " ", c ? local(c.name, lang) : key, note ? h("small", { text: ` ${note}` }) : null);
  if (c?.text) el.title = local(c.text, lang);
  if (action) clickable(el, label, action);
  return el;
}

export function create(root, { t, act, playerName }) {
  let filter = "";
  return {
    async update({ view, legal, you, lang }) {
      await cardData();
      const byAction = (test) => legal.find((a) => test(a.action));
      const calls = Object.fromEntries(view.calls.map((c) => [c.character, c]));
      // at the end the view is full: every seat's hand and characters sit in its entry
      const mine = view.full && you !== null ? view.seats[you] : null;
      const myCharacters = mine ? mine.held : view.my_characters;
      const characters = view.character_deck.map((key) => {
        const call = calls[key];
        const note = call ? (call.seat >= 0 ? `· ${playerName(call.seat)} · ${call.status}` : `· ${call.status}`) : view.face_up.includes(key) ? "· ✕" : "";
        return character(key, lang, { note, mine: myCharacters.includes(key), dim: view.face_up.includes(key) });
      });
      const pool = (view.draft.pool || []).map((key) => {
        const choice = byAction((a) => (a.do === "pick" || a.do === "discard_char") && a.character === key);
        return character(key, lang, { action: choice && (() => act(choice.action)), label: choice?.label || key });
      });
      const seats = view.seats.map((seat, i) => h("section", { class: `citadels-seat${view.to_move.includes(i) ? " to-move" : ""}`, "data-seat": i },
        h("h3", {}, view.crown === i ? "♛ " : "", playerName(i)),
        h("p", { class: "hint", text: [t("citadels.gold", { n: seat.gold }), t("citadels.cards", { n: seat.hand_size }), ...seat.characters.map((k) => local(data.characters[k]?.name, lang))].join(" · ") }),
        h("div", { class: "city" }, seat.city.map((key) => district(key, lang, { small: true }))),
        seat.hand && i !== you ? h("p", { class: "hint", text: t("citadels.cards", { n: seat.hand.length }) }) : null,
        seat.hand && i !== you ? h("div", { class: "city revealed-hand" }, seat.hand.map((key) => district(key, lang, { small: true }))) : null,
      ));
      const hand = (view.hand || mine?.hand || []).map((key) => {
        const build = byAction((a) => a.do === "build" && a.district === key);
        return district(key, lang, { action: build && (() => act(build.action)), label: build?.label });
      });
      const drawn = (view.turn?.drawn || []).map((key) => {
        const keep = byAction((a) => a.do === "keep" && a.district === key);
        return district(key, lang, { action: keep && (() => act(keep.action)), label: keep?.label });
      });
      const buttons = legal.map((a) => h("button", { type: "button", "data-action-id": a.id, onclick: () => act(a.action), text: a.label }));
      const search = h("input", { type: "text", placeholder: t("match.filter"), "aria-label": t("match.filter"), value: filter });
      const shown = () => buttons.forEach((b) => { b.hidden = filter && !b.textContent.toLowerCase().includes(filter); });
      search.addEventListener("input", () => { filter = search.value.toLowerCase(); shown(); });
      shown();
      root.replaceChildren(h("div", { class: "citadels generic" },
        h("p", { class: "hint", text: t("citadels.info", { phase: view.phase, round: view.round, deck: view.deck_size, threshold: view.threshold }) }),
        h("div", { class: "characters" }, characters),
        pool.length ? h("div", { class: "characters pool" }, pool) : null,
        h("div", { class: "citadels-seats" }, seats),
        drawn.length ? h("div", { class: "hand" }, drawn) : null,
        you !== null ? h("div", { class: "hand", "aria-label": "hand" }, hand) : null,
        h("h3", { text: t("match.moves") }),
        legal.length > 12 ? search : null,
        legal.length ? h("div", { class: "actions" }, buttons) : h("p", { class: "hint", text: t("match.no_moves") }),
      ));
    },
  };
}
