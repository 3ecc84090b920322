// The strongest bot's help (docs/review.md): a hint (its best three moves) for the seat to move
// in an unrated match, and after the end a review of one seat, a graph of its win chance
// decision by decision whose marked decisions jump the replay. Every move's words come from
// the server.
import { send } from "./account.js";
import { STATUS } from "./constants.js";
import { clickable, h, s } from "./dom.js";
import { currentLang, sentence, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const percent = (x) => `${Math.round(x * 100)}%`;

// An estimate in words: "win chance 62% (55–69%)" (an alpha-beta analyst's "evaluation").
function estimateText(measure, value, [low, high]) {
  return t(measure === "evaluation" ? "analysis.evaluation" : "analysis.win_chance", { value: percent(value), low: percent(low), high: percent(high) });
}

// What a refused or failed analysis means, in words.
function errorText(response) {
  if (!response) return t("analysis.offline");
  return t({ 403: "analysis.refused", 409: "analysis.not_to_move", 429: "analysis.busy" }[response.status] || "analysis.failed");
}

// `ctx`: { matchId, page (the match page's state), seatToken() }.
export function createHint(ctx) {
  const { page } = ctx;
  let asked = null; // the turn the panel's hint is for

  // Offered to this page's seat while it is to move in a running unrated match; a hint is
  // for its turn only.
  function render() {
    const { match, view, you, turn } = page.msg;
    const offered = !page.replay && match.status === STATUS.RUNNING && !match.rated && you !== null && !match.seats[you].left && view.to_move.includes(you);
    $("hint-btn").hidden = !offered;
    if (asked !== null && (asked !== turn || !offered)) show(null);
  }

  // The panel with ``content`` (a hint, "Thinking…", an error), or hidden (null).
  function show(content) {
    if (!content) asked = null;
    $("hint-panel").hidden = !content;
    $("hint-panel").replaceChildren(...(content ? [content] : []));
  }

  async function ask() {
    const turn = page.msg.turn;
    asked = turn;
    $("hint-btn").disabled = true;
    show(h("p", { class: "thinking", text: t("analysis.thinking") }));
    const url = `/api/matches/${encodeURIComponent(ctx.matchId)}/hint`;
    const response = await send(url, "POST", { seat: page.msg.you, token: ctx.seatToken(), lang: currentLang() }).catch(() => null);
    $("hint-btn").disabled = false;
    if (asked !== turn) return; // the turn went on meanwhile
    if (!response?.ok) return show(h("p", { class: "error-text", text: errorText(response) }));
    const { suggestions } = await response.json();
    const note = suggestions[0]?.measure === "evaluation" ? "analysis.hint_note_eval" : "analysis.hint_note";
    show(h("div", {}, h("ol", { class: "suggestions" }, suggestions.map((move) => h("li", {},
      h("span", { class: "move", text: sentence(move.label) }), " · ",
      h("span", { class: "estimate", text: estimateText(move.measure, move.value, move.interval) }),
      move.reason ? h("span", { class: "reason", text: sentence(move.reason) }) : null))),
    h("p", { class: "hint", text: t(note) })));
  }

  function bind() {
    $("hint-btn").addEventListener("click", ask);
  }

  return { render, bind };
}

const GRAPH = { height: 170, left: 38, right: 10, top: 10, bottom: 22 };

// `ctx`: { matchId, page, replay (its start, show and stop), playerName(seat) }.
export function createReview(ctx) {
  const { page } = ctx;
  let shown = null; // the review drawn: { seat, data, width }
  let asking = 0; // the newest request (an older one's answer is dropped)

  // The control, once the match is over: which seat to review (the viewer's own, else the first).
  function render() {
    const { match, you } = page.msg;
    $("review").hidden = match.status !== STATUS.FINISHED;
    if ($("review").hidden) return;
    const select = $("review-seat");
    const chosen = select.value || String(you ?? 0);
    select.replaceChildren(...match.seats.map((_, i) => h("option", { value: String(i), text: ctx.playerName(i) })));
    select.value = chosen;
  }

  // Ask for the review of the chosen seat, showing the server's progress until it is built.
  async function start() {
    const mine = ++asking;
    const seat = Number($("review-seat").value);
    shown = null;
    progress(0, 0);
    const failed = (text) => $("review-body").replaceChildren(h("p", { class: "error-text", text }));
    if (!page.replay && !(await ctx.replay.start().then(() => true, () => false))) return failed(t("analysis.failed"));
    const url = `/api/matches/${encodeURIComponent(ctx.matchId)}/review?seat=${seat}&lang=${currentLang()}`;
    for (;;) {
      const response = await fetch(url).catch(() => null);
      if (mine !== asking) return;
      if (response?.status === 202) { // the server waited for it up to two seconds
        const { done, total } = await response.json();
        progress(done, total);
        continue;
      }
      if (!response?.ok) return failed(errorText(response));
      shown = { seat, data: await response.json() };
      return draw();
    }
  }

  function progress(done, total) {
    $("review-body").replaceChildren(h("p", { class: "review-progress" },
      h("span", { text: total ? t("analysis.reviewing", { done, total }) : t("analysis.thinking") }),
      h("progress", { max: total || 1, ...(total ? { value: done } : {}) })));
  }

  function draw() {
    const { seat, data } = shown;
    const body = $("review-body");
    const marked = data.steps.map((step, i) => [step, i]).filter(([step]) => step.mark);
    const evaluation = data.measure === "evaluation";
    if (!data.steps.some((step) => step.played)) return body.replaceChildren(h("p", { text: t("analysis.no_decisions") }));
    body.replaceChildren(
      h("p", { class: "review-title", text: t(evaluation ? "analysis.graph_eval" : "analysis.graph_win", { player: ctx.playerName(seat) }) }),
      h("div", { id: "review-graph" }),
      h("p", { class: "hint", text: `${t(evaluation ? "analysis.band_eval" : "analysis.band_win")} ${t("analysis.analyst", { name: data.analyst })}` }),
      marked.length ? h("p", { class: "review-counts" },
        h("span", { class: "key mistake", "aria-hidden": "true" }), t("analysis.mistakes", { n: data.mistakes }), " ",
        h("span", { class: "key blunder", "aria-hidden": "true" }), t("analysis.blunders", { n: data.blunders })) : h("p", { text: t("analysis.no_marks") }),
      marked.length ? h("ol", { class: "review-marks" }, marked.map(([step, i]) => markItem(step, i, data.measure))) : null);
    drawGraph();
  }

  // The graph at the width the panel has now (drawn again when it changes).
  function drawGraph() {
    const box = $("review-graph");
    if (!box) return; // nothing to draw (`draw`)
    const width = Math.max(200, Math.floor(box.clientWidth));
    shown.width = width;
    box.replaceChildren(graph(shown.data.steps, width));
    follow();
  }

  // x: the seat's decisions in order; y: the estimate after each (the played move's value),
  // the shaded band its interval; a dot per decision (a click jumps the replay there), a
  // bigger coloured one, reachable by keyboard, on a marked one.
  function graph(steps, width) {
    const { height, left, right, top, bottom } = GRAPH;
    const x = (i) => left + (steps.length > 1 ? (i * (width - left - right)) / (steps.length - 1) : (width - left - right) / 2);
    const y = (v) => top + (1 - v) * (height - top - bottom);
    const room = (width - left - right) / Math.max(1, steps.length - 1); // between two decisions
    const radius = (mark) => (mark ? Math.max(4, Math.min(7, room * 0.8)) : Math.max(2, Math.min(4, room / 2.5)));
    // a value after a decision is the played move's estimate (a forced move, never searched, has none)
    const known = steps.map((step, i) => ({ step, i, value: step.after })).filter((p) => p.step.played);
    const edge = (side) => (p) => `${x(p.i)},${y(p.step.played.interval[side])}`;
    const band = [...known.map(edge(1)), ...[...known].reverse().map(edge(0))].join(" ");
    const grid = [0, 0.5, 1].map((v) => s("g", { class: "grid" },
      s("line", { x1: left, x2: width - right, y1: y(v), y2: y(v) }),
      s("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", text: percent(v) })));
    const axis = [...new Set([0, steps.length - 1])].map((i) =>
      s("text", { class: "axis", x: x(i), y: height - 6, "text-anchor": "middle", text: String(i + 1) }));
    const dots = known.map(({ step, i, value }) => {
      const point = t("analysis.point", { n: i + 1, move: sentence(step.label), value: percent(value) });
      const words = step.mark ? `${t(`analysis.mark.${step.mark}`)} · ${point}` : point;
      const dot = s("circle", { class: `dot${step.mark ? ` mark ${step.mark}` : ""}`, cx: x(i), cy: y(value), r: radius(step.mark), "data-frame": step.index + 1 },
        s("title", { text: words }));
      if (step.mark) return clickable(dot, words, () => jump(step));
      dot.addEventListener("click", () => jump(step));
      return dot;
    });
    return s("svg", { class: "review-graph", width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("analysis.graph_label") },
      ...grid, ...axis,
      s("polygon", { class: "band", points: band }),
      s("polyline", { class: "line", points: known.map((p) => `${x(p.i)},${y(p.value)}`).join(" ") }),
      ...dots);
  }

  // A marked decision in words (a mark has both estimates): what was played, the best
  // alternative, the loss; its button jumps the replay to it.
  function markItem(step, i, measure) {
    const { played, alternative } = step;
    const word = `${t(`analysis.mark.${step.mark}`)}${step.certain ? "" : "?"}`;
    return h("li", { class: step.mark },
      h("button", { type: "button", class: "jump", onclick: () => jump(step), text: `${t("analysis.decision", { n: i + 1 })} · ${word}` }),
      h("p", {}, `${t("analysis.played", { move: sentence(step.label) })}, ${estimateText(measure, played.value, played.interval)}. `,
        `${t("analysis.better", { move: sentence(alternative.label), value: estimateText(measure, alternative.value, alternative.interval) })}. `,
        t("analysis.loss", { n: Math.round(step.loss * 100) }), step.certain ? "" : ` ${t("analysis.unsure")}`));
  }

  // The replay at the frame after the decision (the frame that shows it played).
  function jump(step) {
    ctx.replay.stop();
    ctx.replay.show(step.index + 1, false);
  }

  // The decision the replay shows, ringed on the graph.
  function follow() {
    const at = page.replay?.at;
    for (const dot of document.querySelectorAll("#review-graph .dot")) dot.classList.toggle("current", Number(dot.dataset.frame) === at);
  }

  function bind() {
    $("review-btn").addEventListener("click", start);
    window.addEventListener("resize", () => {
      if (shown && $("review-graph")?.clientWidth !== shown.width) drawGraph();
    });
  }

  // In another language the moves are worded again (a cached review costs nothing).
  function relanguage() {
    if (!shown) return;
    $("review-seat").value = String(shown.seat);
    start();
  }

  return { render, bind, follow, relanguage };
}
