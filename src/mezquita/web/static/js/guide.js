// The guided first game ("Learn to play" in the lobby): on a guided match the server sends with
// each update the rule notes that matter to this seat now and the legal action to point at
// (`Game.guide`). The panel shows each note once, in the server's order, with "Next", and marks
// the board element that action's hint names; "Leave the guide" hides it for good on this match
// (the match goes on as a practice match). No rule is decided here.
import { STATUS } from "./constants.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POINT = "guide-point";
const quote = (value) => CSS.escape(String(value));

// `ctx`: { matchId, page (the match page's state) }.
export function createGuide(ctx) {
  const { page } = ctx;
  const key = `mezquita.guide.${ctx.matchId}`;
  const load = () => ({ seen: [], left: false, ...JSON.parse(localStorage.getItem(key) || "{}") });
  const save = (state) => localStorage.setItem(key, JSON.stringify(state));

  // The first note not yet dismissed and the pointer, after the board is drawn.
  function render() {
    const guide = page.msg?.guide;
    const state = load();
    for (const el of $("board").querySelectorAll(`.${POINT}`)) el.classList.remove(POINT);
    const shown = Boolean(guide) && !state.left && !page.replay;
    $("guide").hidden = !shown;
    if (!shown) return;
    const note = guide.notes.find((n) => !state.seen.includes(n.key));
    locate(page.msg.legal.find((a) => a.id === guide.point))?.classList.add(POINT);
    const { legal, match } = page.msg;
    const text = note ? note.text : t(legal.length ? "guide.follow" : match.status === STATUS.RUNNING ? "guide.wait" : "guide.done");
    // an update that changes nothing here keeps the panel, so its buttons stay under the pointer
    const shownNow = JSON.stringify([note?.key, text, t("guide.title")]);
    if ($("guide").dataset.shown === shownNow) return;
    $("guide").dataset.shown = shownNow;
    const next = h("button", { type: "button", class: "primary guide-next", text: t("guide.next") });
    next.addEventListener("click", () => {
      save({ ...load(), seen: [...load().seen, note.key] });
      render();
    });
    const leave = h("button", { type: "button", class: "guide-leave", text: t("guide.leave") });
    leave.addEventListener("click", () => {
      save({ ...load(), left: true });
      render();
    });
    $("guide").replaceChildren(
      h("h2", { text: t("guide.title") }),
      h("p", { class: note ? "guide-note" : "guide-note hint", "data-note": note?.key ?? "", text }),
      h("div", { class: "guide-buttons" }, note ? next : null, leave));
  }

  // The board element of a legal action: the one its hint names (data-<element>="<key>", or
  // data-<element> for a hint without a key; within data-seat="<seat>" for a hint naming a
  // seat), narrowed to the part of it or the control on it that the hint's other fields name
  // (a card's space: data-space="1"; a plan's chip: data-control="use"), else its button
  // (data-action-id). An element that takes no click (a seat's whole panel, a district that
  // answers only once a mode is chosen) gives way to the action's button where it has one.
  function locate(entry) {
    if (!entry) return null;
    const board = $("board");
    const button = board.querySelector(`[data-action-id="${entry.id}"]`);
    if (entry.hint) {
      const { element, key, seat, ...more } = entry.hint;
      const within = seat === undefined ? "" : `[data-seat="${seat}"] `; // in that seat's part
      const base = `${within}[data-${element}${key === null ? "" : `="${quote(key)}"`}]`;
      const narrow = Object.entries(more).map(([name, value]) => `[data-${name}="${quote(value)}"]`).join("");
      const selectors = narrow ? [`${base}${narrow}`, `${base} ${narrow}`, base] : [base];
      const found = selectors.map((selector) => board.querySelector(selector)).find(Boolean);
      if (found && (found.matches("button, [role=button]") || !button)) return found;
    }
    return button;
  }

  return { render };
}
