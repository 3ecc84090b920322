// The generic renderer: works for ANY game from its view JSON and its labelled legal actions.
// null is drawn as a neutral dash, or as a card back where its key says it is hidden; every
// legal action is a button.
import { h } from "../dom.js";

const META = new Set(["game", "seat", "players", "to_move", "turn", "terminal", "returns", "scores"]);
const FILTER_FROM = 12;

const HIDDEN_KEY = /hidden|secret|face.?down|unseen/i;

// `key` is the nearest object key around the value: it decides what a null means.
function value(v, t, key = "") {
  if (v === null) {
    return HIDDEN_KEY.test(key) ? h("span", { class: "hidden-value", role: "img", "aria-label": t("match.hidden"), title: "?" })
      : h("span", { class: "null-value", text: "—" });
  }
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", {}, v.flatMap((x, i) => [i ? ", " : "", value(x, t, key)]));
    return h("ol", { start: 0 }, v.map((x) => h("li", {}, value(x, t, key))));
  }
  if (typeof v === "object") return table(v, t);
  return String(v);
}

function table(object, t, skip = new Set()) {
  const rows = Object.entries(object).filter(([k]) => !skip.has(k));
  return h("dl", {}, rows.flatMap(([k, v]) => [h("dt", { text: k.replaceAll("_", " ") }), h("dd", {}, value(v, t, k))]));
}

export function create(root, { t, act }) {
  let filter = "";
  return {
    update({ view, legal }) {
      const buttons = legal.map((a) => h("button", { type: "button", "data-action-id": a.id, onclick: () => act(a.action), text: a.label }));
      const search = h("input", { type: "text", placeholder: t("match.filter"), "aria-label": t("match.filter"), value: filter });
      const shown = () => buttons.forEach((b) => { b.hidden = filter && !b.textContent.toLowerCase().includes(filter); });
      search.addEventListener("input", () => { filter = search.value.toLowerCase(); shown(); });
      shown();
      root.replaceChildren(h("div", { class: "generic" },
        h("h3", { text: t("match.table") }),
        table(view, t, META),
        h("h3", { text: t("match.moves") }),
        legal.length > FILTER_FROM ? search : null,
        legal.length ? h("div", { class: "actions" }, buttons) : h("p", { class: "hint", text: t("match.no_moves") }),
      ));
    },
  };
}
