// A finished match's replay: step, play/pause at a speed, jump to a log entry by clicking it,
// watch everything or one seat's view as that seat saw it then, and a link to a position
// (`?at=<frame>&view=<seat|all>`) that opens the replay there.
import { animated } from "./animate.js";
import { getJSON, h } from "./dom.js";
import { currentLang, sentence, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// One log entry (worded by the engine, numbered by the server per move) as a list item; a
// further entry of the move before it (``previous``) follows under the same number, unmarked.
export function logItem(entry, previous, attrs = {}, ...after) {
  const classes = [previous?.number === entry.number && "same-move", attrs.class].filter(Boolean).join(" ");
  return h("li", { ...attrs, value: entry.number, class: classes }, sentence(entry.text), ...after);
}

// `ctx`: { matchId, page (the match page's state), pageData(match), playerName(seat),
// onFrame() (called once a frame is shown) }.
export function createReplay(ctx) {
  const { page } = ctx;

  async function start(at = 0, view = "all") {
    stop();
    const seat = view === "all" ? "" : `&view=${Number(view)}`;
    const data = await getJSON(`/api/matches/${encodeURIComponent(ctx.matchId)}/replay?lang=${currentLang()}${seat}`);
    const moves = []; // frame -> the log's move number reached by then (a move may take several frames)
    data.frames.forEach((frame, i) => moves.push(Math.max(moves[i - 1] ?? 0, ...frame.log.map((e) => e.number))));
    page.replay = { frames: data.frames, moves, at: 0, view: String(view), timer: null };
    buildLog();
    $("replay-bar").hidden = false;
    $("r-range").max = data.frames.length - 1;
    const seats = page.msg.match.seats.map((_, i) => i);
    $("r-view").replaceChildren(h("option", { value: "all", text: t("replay.all") }),
      ...seats.map((i) => h("option", { value: String(i), text: ctx.playerName(i, page.msg.match, null) })));
    $("r-view").value = String(view);
    await show(at === Infinity ? data.frames.length - 1 : at, false);
  }

  // Frame `index`: the board (animated when stepping forward one move), the label (numbered
  // as the log is), the log marked up to it, the position in the URL.
  async function show(index, animate = true) {
    const replay = page.replay;
    const previous = replay.at;
    replay.at = Math.max(0, Math.min(replay.frames.length - 1, Number(index) || 0));
    const frame = replay.frames[replay.at];
    $("r-range").value = replay.at;
    const said = frame.log.map((e) => sentence(e.text)).join(" · ");
    $("r-label").textContent = `${t("match.turn", { n: replay.moves[replay.at], total: replay.moves.at(-1) })}${said ? ` · ${said}` : ""}`;
    document.body.dataset.replayAt = replay.at; // for tests
    markLog();
    ctx.onFrame();
    history.replaceState(null, "", `${location.pathname}?at=${replay.at}&view=${replay.view}`);
    const data = await ctx.pageData(page.msg.match);
    const you = replay.view === "all" ? null : Number(replay.view);
    await animated($("board"), () => page.renderer.update({ view: frame.view, legal: [], you, match: page.msg.match, lang: currentLang(), log: frame.log, pageData: data }),
      animate && replay.at === previous + 1);
  }

  function buildLog() {
    // Every entry of the game, built once per replay; a click jumps to its frame.
    const entries = page.replay.frames.flatMap((frame, i) => frame.log.map((e) => [e, i]));
    const items = entries.map(([e, at], k) => {
      const item = logItem(e, entries[k - 1]?.[0], { "data-frame": at, title: t("replay.jump") });
      item.addEventListener("click", () => { stop(); show(at, false); });
      return item;
    });
    $("log").replaceChildren(...items);
    $("log-empty").hidden = items.length > 0;
  }

  function markLog() {
    // The shown frame's entries marked newest, those after it dimmed.
    const at = page.replay.at;
    for (const item of $("log").children) {
      const frame = Number(item.dataset.frame);
      item.classList.toggle("newest", frame === at);
      item.classList.toggle("later", frame > at);
    }
    $("log").querySelector(".newest")?.scrollIntoView({ block: "nearest" });
  }

  function play() {
    const replay = page.replay;
    if (replay.at >= replay.frames.length - 1) show(0, false);
    $("r-play").textContent = t("replay.pause");
    document.body.dataset.replayPlaying = "1";
    const tick = () => {
      if (page.replay.at >= page.replay.frames.length - 1) return stop();
      show(page.replay.at + 1);
      replay.timer = setTimeout(tick, Number($("r-speed").value));
    };
    replay.timer = setTimeout(tick, Number($("r-speed").value));
  }

  function stop() {
    if (!page.replay) return;
    clearTimeout(page.replay.timer);
    page.replay.timer = null;
    $("r-play").textContent = t("replay.play");
    delete document.body.dataset.replayPlaying;
  }

  function bind() {
    const step = (to) => { stop(); show(to); };
    $("replay-btn").addEventListener("click", () => start());
    $("r-first").addEventListener("click", () => step(0));
    $("r-prev").addEventListener("click", () => step(page.replay.at - 1));
    $("r-next").addEventListener("click", () => step(page.replay.at + 1));
    $("r-last").addEventListener("click", () => step(Infinity));
    $("r-range").addEventListener("input", () => { stop(); show(Number($("r-range").value), false); });
    $("r-play").addEventListener("click", () => (page.replay.timer ? stop() : play()));
    $("r-view").addEventListener("change", () => start(page.replay.at, $("r-view").value));
    $("r-share").addEventListener("click", async () => {
      await navigator.clipboard?.writeText(location.href).catch(() => {});
      $("r-share").textContent = t("replay.copied");
    });
    document.addEventListener("keydown", (event) => {
      if (!page.replay || ["INPUT", "SELECT"].includes(event.target.tagName)) return;
      if (event.key === "ArrowLeft") step(page.replay.at - 1);
      if (event.key === "ArrowRight") step(page.replay.at + 1);
    });
  }

  // The position a shared link asks for (`?at=`), or null.
  function linked() {
    const params = new URLSearchParams(location.search);
    return params.has("at") ? { at: Number(params.get("at")), view: params.get("view") || "all" } : null;
  }

  return { start, show, bind, linked, stop };
}
