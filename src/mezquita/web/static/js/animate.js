// Moves you can see: around a re-render of the board, each keyed piece (an element with
// `data-key`, put there by the renderers: a card, a stone, a district, a worker) slides from
// its old box to its new one and a new piece fades in (FLIP, with the Web Animations API).
// A banner over the board shows a big event. Under "prefers-reduced-motion: reduce" nothing
// moves: the board is redrawn at once and a banner is shown still.
import { h } from "./dom.js";

const DURATION = 420; // ms a piece takes to move
const BANNER_MS = 2600; // ms a banner stays

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function boxes(board) {
  const out = new Map();
  for (const el of board.querySelectorAll("[data-key]")) out.set(el.dataset.key, el.getBoundingClientRect());
  return out;
}

// Redraw `board` with `redraw()` (a promise); with `animate`, keyed pieces move to their new
// places from where they were, and new ones appear.
export async function animated(board, redraw, animate) {
  if (!animate || reducedMotion() || !Element.prototype.animate) return redraw();
  const before = boxes(board);
  const hadPieces = before.size > 0;
  await redraw();
  if (!hadPieces) return; // the first draw: nothing moved
  for (const el of board.querySelectorAll("[data-key]")) {
    const old = before.get(el.dataset.key);
    const now = el.getBoundingClientRect();
    if (!now.width && !now.height) continue;
    if (!old) {
      el.animate(appear(el), { duration: DURATION, easing: "ease-out" });
      continue;
    }
    const [dx, dy] = [old.left - now.left, old.top - now.top];
    if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) el.animate(slide(el, dx, dy), { duration: DURATION, easing: "ease-in-out" });
  }
}

// An SVG piece is placed by its transform attribute, which an animated CSS transform would
// replace: its keyframes keep that placement (as a matrix) and move in its own units.
function placement(el) {
  const m = el instanceof SVGGraphicsElement ? el.transform.baseVal.consolidate()?.matrix : null;
  return m ? `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})` : "";
}

function slide(el, dx, dy) {
  const scale = el instanceof SVGGraphicsElement ? el.ownerSVGElement?.getScreenCTM()?.a || 1 : 1;
  const at = placement(el);
  return [{ transform: `translate(${dx / scale}px, ${dy / scale}px) ${at}` }, { transform: at || "none" }];
}

function appear(el) {
  if (el instanceof SVGGraphicsElement) return [{ opacity: 0 }, { opacity: 1 }];
  return [{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }];
}

// Show `text` in a banner over `board` for a moment (a newer banner replaces it).
export function banner(board, text) {
  const host = board.parentElement;
  host.querySelector(".banner")?.remove();
  const el = h("div", { class: "banner", role: "status", text });
  host.insertBefore(el, board);
  if (!reducedMotion() && el.animate) {
    el.animate([{ opacity: 0, transform: "translate(-50%, -12px)" }, { opacity: 1, transform: "translate(-50%, 0)" }], { duration: 250, easing: "ease-out" });
  }
  setTimeout(() => el.remove(), BANNER_MS);
}

// The banner text of a log entry for seat `you`: what the entry's own seat is told, if the
// game words it, else the entry's text; null for an entry that is no banner.
export function bannerText(entry, you) {
  if (!entry.banner) return null;
  return entry.told && entry.seat === you && you !== null ? entry.told : entry.text;
}
