// A match page: play a seat (join link with a secret token), spectate, or replay a finished match.
import { accountMenu, ME, send } from "./account.js";
import { bindAlerts, yourTurn } from "./alerts.js";
import { animated, banner, bannerText } from "./animate.js";
import { createHint, createReview } from "./analysis.js";
import { createChat } from "./chat.js";
import { STATUS } from "./constants.js";
import { getJSON, h, profileLink } from "./dom.js";
import { createGuide } from "./guide.js";
import { currentLang, has, languagePicker, loadLang, sentence, t, translatePage } from "./i18n.js";
import { myMatches, NAME_KEY, remember } from "./mine.js";
import { createReplay, logItem } from "./replay.js";
import { rendererFor } from "./renderers/index.js";
import { showRules } from "./rules.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const tokenKey = `mezquita.token.${matchId}`;
const CONFIRM_KEY = "mezquita.confirm";
const page = { msg: null, renderer: null, socket: null, retry: 0, pending: false, held: null, clockOffset: 0, replay: null, drawing: Promise.resolve(), mine: false, askedRematch: false, rematch: null };
const chat = createChat({ matchId, page, playerName, send: (message) => page.socket?.send(JSON.stringify(message)) });
const replay = createReplay({ matchId, page, pageData: (match) => pageData(match), playerName, onFrame: () => { chat.render(); review.follow(); } });
const hint = createHint({ matchId, page, seatToken });
const guide = createGuide({ matchId, page });
const review = createReview({ matchId, page, replay, playerName });

// An invitation link (#invite=...) is claimed once; the server answers with a seat token of
// this browser's own, which the creator of the match never sees.
async function claimInvite() {
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (!invite) return;
  history.replaceState(null, "", location.pathname);
  const name = localStorage.getItem(NAME_KEY); // the name this browser used last, if any
  const body = { invite, ...(name ? { name } : {}) };
  const response = await send(`/api/matches/${encodeURIComponent(matchId)}/claim`, "POST", body);
  if (response.ok) localStorage.setItem(tokenKey, (await response.json()).token);
  else if (!localStorage.getItem(tokenKey)) page.notice = t("match.invite_used"); // stays shown
}

// A logged-in player's seat comes from the server (on any browser of the account).
async function fetchAccountSeat() {
  if (!ME || seatToken()) return;
  const seats = await getJSON(`/api/matches/${encodeURIComponent(matchId)}/my-seat`).catch(() => []);
  if (seats.length) localStorage.setItem(tokenKey, seats[0].token);
}

function seatToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (token) localStorage.setItem(tokenKey, token);
  return token || localStorage.getItem(tokenKey);
}

// A seat's name as the server words it in the page's language (the player's chosen name,
// a bot's level, else "Player N"), marked "(you)" for this page's seat.
export function playerName(seat, match = page.msg?.match, you = page.msg?.you) {
  const base = page.msg?.names?.[seat] || t("match.seat", { n: seat + 1 });
  if (seat === you) return `${base} (${t("match.you")})`;
  const kind = match?.seats[seat]?.kind;
  if (!kind || kind === "human" || has(`level.${kind}.bot`)) return base;
  return `${base} (${t("match.bot")} ${kind === "random" ? t("agent.random") : kind})`;
}

function connect() {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${protocol}//${location.host}/ws/matches/${encodeURIComponent(matchId)}`);
  page.socket = socket;
  socket.addEventListener("open", () => {
    page.retry = 0;
    const token = seatToken();
    socket.send(JSON.stringify({ type: "hello", lang: currentLang(), ...(token ? { token } : {}) }));
    setConnection(true);
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    setConnection(false);
    if (event.code === 4404) return showError(t("match.not_found"));
    if (event.code === 4403) localStorage.removeItem(tokenKey);
    page.retry = Math.min(page.retry + 1, 6);
    setTimeout(connect, 300 * 2 ** (page.retry - 1));
  });
}

function setConnection(on) {
  $("conn").textContent = on ? t("match.connected") : t("match.reconnecting");
  $("conn").classList.toggle("off", !on);
}

function showError(text) {
  $("error").textContent = text || page.notice || "";
}

function receive(message) {
  if (message.type === "error") {
    page.pending = false;
    // a sentence in the page's language per kind of error; the server's detail as a tooltip
    const key = `error.${message.code}`;
    showError(t(key) === key ? message.message : t(key));
    $("error").title = message.message || "";
    return;
  }
  if (message.type === "presence") {
    if (!page.msg) return;
    page.msg.match.seats.forEach((seat, i) => { seat.online = message.online[i]; });
    page.msg.match.spectators = message.spectators;
    renderSpectators();
    if (!page.replay) renderSeats();
    return;
  }
  if (message.type === "rematch") return rematchReady(message);
  if (message.type === "chat") return chat.receive(message);
  if (message.type !== "update") return;
  page.clockOffset = message.server_time * 1000 - Date.now();
  page.msg = message;
  page.pending = false;
  if (page.held !== null && message.turn !== page.heldAt) { page.held = null; $("held").hidden = true; } // the move is no longer there to confirm
  showError("");
  if (!page.replay) render();
  const link = replay.linked(); // a shared link to a position opens the replay there, once
  if (link && !page.linkOpened && message.match.status === STATUS.FINISHED) {
    page.linkOpened = true;
    page.drawing = page.drawing.then(() => replay.start(link.at, link.view)).catch((error) => showError(String(error)));
  }
  if (!page.replay) return;
  renderSummary(); // e.g. the score table in a newly chosen language
  renderSeats();
  renderStatus();
}

// Play ``action``; with "Confirm each move" on, it is held (and named) until Confirm
// (``confirmed``); another choice meanwhile replaces it. A renderer whose own board held
// the move until a Confirm click (Wittig's stone, Europa's tips) passes ``confirmed``.
export function act(action, confirmed = false) {
  if (page.pending || !page.msg || page.socket?.readyState !== WebSocket.OPEN) return;
  if (localStorage.getItem(CONFIRM_KEY) === "1" && !confirmed) {
    page.held = action;
    page.heldAt = page.msg.turn;
    const entry = page.msg.legal.find((a) => JSON.stringify(a.action) === JSON.stringify(action));
    $("held-move").textContent = t("match.held_move", { move: entry ? sentence(entry.label) : "" });
    $("held").hidden = false;
    $("held-yes").focus();
    return;
  }
  page.held = null;
  $("held").hidden = true;
  page.pending = true;
  page.socket.send(JSON.stringify({ type: "act", action, turn: page.msg.turn }));
}

// "Confirm each move": the checkbox, and the held move's Confirm and Cancel (which draws
// the board again without it).
function bindConfirm() {
  $("confirm-moves").checked = localStorage.getItem(CONFIRM_KEY) === "1";
  $("confirm-moves").addEventListener("change", () => localStorage.setItem(CONFIRM_KEY, $("confirm-moves").checked ? "1" : "0"));
  $("held-yes").addEventListener("click", () => page.held !== null && act(page.held, true));
  $("held-no").addEventListener("click", () => {
    page.held = null;
    $("held").hidden = true;
    render();
  });
}

async function ensureRenderer(gameId) {
  if (!page.renderer) {
    const module = await rendererFor(gameId);
    page.renderer = module.create($("board"), { t, act, playerName });
  }
  return page.renderer;
}

// A match's page data (`Game.page_data`: rule constants, texts of its pieces) per language.
const pageDatas = new Map();
function pageData(match) {
  const key = `${match.id}/${currentLang()}`;
  if (!pageDatas.has(key)) pageDatas.set(key, getJSON(`/api/matches/${encodeURIComponent(match.id)}/page-data?lang=${currentLang()}`));
  return pageDatas.get(key);
}

// Draws run one after another, each with the newest message, so a slow draw never
// overwrites a newer one.
function render() {
  page.drawing = page.drawing.then(draw).catch((error) => showError(String(error)));
}

async function draw() {
  if (page.replay) return;
  const { match, view, legal, you, log, turn } = page.msg;
  document.body.dataset.status = match.status;
  $("game-name").textContent = match.name;
  const mine = match.status === STATUS.RUNNING && you !== null && view.to_move.includes(you);
  document.title = `${mine ? `● ${t("match.your_turn")} · ` : ""}${match.name} · Mezquita`;
  const renderer = await ensureRenderer(match.game);
  const data = await pageData(match);
  // another seat's move is seen happening (the player's own click shows at once)
  const moved = page.drawn !== undefined && turn !== page.drawn && log.at(-1)?.seat !== you;
  await animated($("board"), () => renderer.update({ view, legal, you, match, lang: currentLang(), log, names: page.msg.names, pageData: data }), moved);
  showBanners(log, you);
  if (mine && !page.mine) yourTurn(match.name, page.drawn === undefined);
  page.drawn = turn;
  page.mine = mine;
  if (you !== null) remember({ id: match.id, seat: you, token: seatToken(), game: match.game, gameName: match.name });
  renderStatus();
  hint.render();
  guide.render();
  renderUndo();
  renderSpectators();
  renderSeats();
  renderNameForm();
  renderInvites();
  renderLog(log);
  renderSummary();
  chat.render();
  focusDecision(mine);
  document.body.dataset.turn = turn; // actions played so far, set once the page shows them (for tests)
}

// The big events new since the last draw, the newest in a banner (none on the first draw).
function showBanners(log, you) {
  const newest = log.at(-1)?.number ?? 0;
  const seen = page.logSeen;
  page.logSeen = newest;
  if (seen === undefined) return;
  const big = log.filter((e) => e.number > seen && e.banner).at(-1);
  if (big) banner($("board"), bannerText(big, you));
}

// After a move, keyboard focus goes to the next decision's first control, or the one the guide
// points at (unless the player is busy elsewhere on the page, e.g. typing in a filter or
// choosing a language).
function focusDecision(mine) {
  const active = document.activeElement;
  const idle = !active || active === document.body || !active.isConnected || $("board").contains(active);
  if (!mine || !idle || (active && active.tagName === "INPUT")) return;
  const first = $("board").querySelector(".guide-point[tabindex]") ?? $("board").querySelector(".legal[tabindex], .actions button:not([hidden])");
  first?.focus({ preventScroll: true });
}

// Taking back: offered while the server says the seat may take back decisions (nothing hidden
// revealed, no other seat acted since); a takeback is told to everybody until the next move.
// "Confirm each move" is offered to a seat still playing only.
function renderUndo() {
  const { undo, took_back: tookBack, you } = page.msg;
  $("undo-btn").hidden = !undo;
  if (undo) $("undo-btn").textContent = t("match.undo", { n: undo });
  $("took-back").textContent = tookBack && tookBack.seat !== you ? t("match.took_back", { player: playerName(tookBack.seat) }) : "";
  $("confirm-moves").closest("label").hidden = you === null || page.msg.match.status !== STATUS.RUNNING; // only a seat still playing has moves to confirm
}

function renderSpectators() {
  const n = page.msg?.match.spectators || 0;
  $("spectators").textContent = n ? t("match.spectators", { n }) : ""; // words only: no font of Debian's Chromium has 👁
}

// The player's own name, changeable until the match is over (an account's is its name);
// a guest may copy the link of their seat, to continue on another device.
function renderNameForm() {
  const { match, you } = page.msg;
  const open = you !== null && [STATUS.OPEN, STATUS.RUNNING].includes(match.status) && !match.seats[you].left;
  $("name-form").hidden = !open || Boolean(ME);
  $("seat-link").hidden = !open || Boolean(ME);
  if (open && document.activeElement !== $("my-name")) $("my-name").value = match.seats[you].name || "";
}

function saveName(event) {
  event.preventDefault();
  const name = $("my-name").value.trim();
  localStorage.setItem(NAME_KEY, name);
  page.socket?.send(JSON.stringify({ type: "name", name: name || null }));
}

// The creator's invitation links stay on the match page until everybody has joined.
function renderInvites() {
  const { match } = page.msg;
  const entry = myMatches().find((m) => m.id === match.id && m.links);
  const waiting = entry && match.status === STATUS.OPEN ? entry.links.filter((l) => !l.own && !match.seats[l.seat].joined) : [];
  $("invites").hidden = !waiting.length;
  $("invite-links").replaceChildren(...waiting.map((l) => {
    const url = location.origin + l.url;
    const copy = h("button", { type: "button", text: t("lobby.copy") });
    copy.addEventListener("click", async () => { await navigator.clipboard?.writeText(url); copy.textContent = t("lobby.copied"); });
    return h("li", {}, h("a", { href: l.url, class: "invite", text: t("lobby.invite_seat", { n: l.seat + 1 }) }), " ", copy);
  }));
}

// The server made the rematch and sent this seat its own new seat and token.
function rematchReady(message) {
  localStorage.setItem(`mezquita.token.${message.id}`, message.token);
  remember({ id: message.id, seat: message.seat, token: message.token, game: page.msg?.match.game, gameName: page.msg?.match.name });
  page.rematch = message;
  if (page.askedRematch) {
    location.assign(message.url);
    return;
  }
  renderSummary();
}

function renderStatus() {
  const { match, view, you } = page.msg;
  const mine = match.status === STATUS.RUNNING && you !== null && view.to_move.includes(you);
  let text;
  if (match.status === STATUS.OPEN) text = t(match.seats.some((seat) => seat.free) ? "match.waiting_sit" : "match.waiting_join");
  else if (match.status === STATUS.FINISHED || view.terminal) text = t("match.over");
  else if (mine) text = t("match.your_turn");
  else text = t("match.waiting_for", { player: view.to_move.map((s) => playerName(s)).join(", ") });
  if (you === null && match.status !== STATUS.FINISHED) text = `${t("match.spectating")} · ${text}`;
  $("turn").textContent = text;
  $("status").classList.toggle("mine", mine);
}

// A seat's clock now: its bank runs down while it is to move ("since" set), then its grace.
function clockText(match, seat) {
  const clock = match.seats[seat].clock;
  if (!clock || !match.clock) return null;
  const running = clock.since !== null && match.status === STATUS.RUNNING && !page.replay;
  const left = running ? clock.bank - ((Date.now() + page.clockOffset) / 1000 - clock.since) : clock.bank;
  const two = (n) => String(n).padStart(2, "0");
  const shown = (s) => { s = Math.max(0, Math.ceil(s)); return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`; };
  if (left < 0) return { text: `${t("match.grace")} ${shown(match.clock.grace + left)}`, urgency: "red", running };
  const share = left / match.clock.bank; // amber, then red, in the last 20% of a full bank
  return { text: shown(left), urgency: running && share <= 0.1 ? "red" : running && share <= 0.2 ? "amber" : "", running };
}

// Every second or so: each seat's clock, and in the status line the clock of the seat to
// move (this page's own first).
function tickTimer() {
  const msg = page.msg;
  if (!msg) return;
  for (const el of document.querySelectorAll("#seats .clock")) {
    const shown = clockText(msg.match, Number(el.dataset.seat));
    el.textContent = shown ? shown.text : "";
    el.dataset.urgency = shown?.urgency || "";
    el.classList.toggle("running", Boolean(shown?.running));
  }
  const movers = msg.match.status === STATUS.RUNNING ? [...msg.view.to_move].sort((a, b) => (b === msg.you) - (a === msg.you)) : [];
  const shown = movers.map((s) => clockText(msg.match, s)).find((c) => c?.running);
  $("timer").textContent = shown ? shown.text : "";
  $("timer").dataset.urgency = shown?.urgency || "";
}

// Each seat: its colour on the board as a square swatch before the name (if the game has seat
// colours); apart from it, among the seat's facts, whether the player is here: a green dot, or
// a grey ring and "away" in words.
function renderSeats() {
  const { match, view } = page.msg;
  const colours = page.renderer?.colours;
  $("seats").replaceChildren(...match.seats.map((seat, i) => h("div", { class: `seat${view.to_move.includes(i) ? " to-move" : ""}`, "data-seat": i },
    h("span", {}, Array.isArray(colours) && colours[i] ? h("span", { class: "seat-colour", "data-seat": i, style: `--seat:${colours[i]}`, "aria-hidden": "true" }) : null,
      profileLink(seat.profile, playerName(i)),
      seat.left ? h("span", { class: "left-mark", text: ` ${leftText(seat.left)}` }) : null),
    h("span", { class: "seat-facts" }, presence(seat, i),
      view.scores ? h("span", { text: t("match.score", { n: view.scores[i] }) }) : null,
      seat.clock ? h("span", { class: "clock", "data-seat": i, title: t("match.clock_of", { player: playerName(i) }) }) : null),
  )));
  tickTimer();
  renderResign();
}

// A seat's presence: online (a green dot, its words for screen readers) or away (a grey ring and the words).
function presence(seat, i) {
  const words = t(seat.online ? "match.online" : "match.offline");
  return h("span", { class: `presence ${seat.online ? "on" : "off"}`, "data-seat": i, title: words },
    h("span", { class: "presence-dot", "aria-hidden": "true" }), h("span", { class: seat.online ? "sr-only" : "presence-words", text: words }));
}

// How a seat's player left: "resigned", or "resigned, now Hard bot" where a bot took the seat.
function leftText(left) {
  const why = t(`match.left.${left.why}`);
  return left.bot ? t("match.now_bot", { why, bot: t(`level.${left.bot}.bot`) }) : why;
}

// Resigning, with a confirm step: offered to a player whose own seat still plays.
function renderResign() {
  const { match, you } = page.msg;
  const open = you !== null && match.status === STATUS.RUNNING && match.seats[you].kind === "human" && !match.seats[you].left && !page.replay;
  $("resign-box").hidden = !open;
  if (!open) $("resign-ask").hidden = true;
}

function bindResign() {
  $("resign-btn").addEventListener("click", () => { $("resign-ask").hidden = false; $("resign-yes").focus(); });
  $("resign-no").addEventListener("click", () => { $("resign-ask").hidden = true; });
  $("resign-yes").addEventListener("click", () => {
    $("resign-ask").hidden = true;
    page.socket?.send(JSON.stringify({ type: "resign" }));
  });
}

function renderLog(entries) {
  // Each entry comes worded by the engine for this seat and numbered by the server per move
  // (1, 2, 3... over the whole game): the page only draws them (`logItem`).
  // A seat that left is noted where it left: after the log events there were then.
  const list = $("log");
  const items = entries.map((e, i) => logItem(e, entries[i - 1], { class: i === entries.length - 1 ? "newest" : "" },
    e.by === "timeout" ? ` ${t("match.timeout")}` : ""));
  const seats = page.msg?.match.seats || [];
  seats.map((seat, i) => [seat.left, i]).filter(([left]) => left && (!entries.length || left.events >= entries[0].event))
    .sort(([a], [b]) => b.events - a.events)
    .forEach(([left, seat]) => {
      const at = entries.findIndex((e) => e.event >= left.events);
      const note = h("li", { class: "left-note", "data-seat": seat }, t(`match.log_left.${left.why}`, { player: playerName(seat) }),
        left.bot ? ` ${t("match.log_bot", { bot: t(`level.${left.bot}.bot`) })}` : "");
      items.splice(at < 0 ? items.length : at, 0, note);
    });
  list.replaceChildren(...items);
  $("log-empty").hidden = items.length > 0;
  list.scrollTop = list.scrollHeight;
}

function renderSummary() {
  const { match, you, breakdown } = page.msg;
  const result = match.result;
  $("summary").hidden = !result;
  review.render();
  if (!result) return;
  const best = Math.max(...result.returns);
  const winners = result.returns.map((r, i) => (r === best ? i : null)).filter((i) => i !== null);
  let text = winners.length > 1 ? t("match.draw") : t("match.winner", { player: playerName(winners[0]) });
  if (you !== null) text = winners.length > 1 ? t("match.draw") : winners[0] === you ? t("match.you_win") : t("match.you_lose");
  $("summary-text").textContent = text;
  const leaver = (result.left || []).findIndex((why) => why);
  $("summary-reason").textContent = breakdown ? breakdown.reason : leaver >= 0 ? t(`match.log_left.${result.left[leaver]}`, { player: playerName(leaver) }) : "";
  $("summary-scores").replaceChildren(breakdown ? scoreTable(breakdown) : h("span", {}));
  $("rematch-btn").hidden = you === null || Boolean(page.rematch);
  const link = $("rematch-link");
  if (page.rematch) {
    link.href = page.rematch.url;
    link.textContent = t("match.rematch_ready");
  } else if (match.rematch && you === null) {
    link.href = `/match/${encodeURIComponent(match.rematch)}`;
    link.textContent = t("match.rematch_watch");
  }
  link.hidden = !(page.rematch || (match.rematch && you === null));
}

function askRematch() {
  page.askedRematch = true;
  $("rematch-btn").disabled = true;
  page.socket?.send(JSON.stringify({ type: "rematch" }));
}

function shortName(seat) {
  // A column head: the player without the bot's name, which the players panel shows.
  const base = page.msg?.names?.[seat] || t("match.seat", { n: seat + 1 });
  return seat === page.msg?.you ? `${base} (${t("match.you")})` : base;
}

function scoreTable(breakdown) {
  // The engine's score breakdown: one row per source of points, a column per player; the
  // "Σ" row only where the rows add up to the totals (in a race or where rows are
  // tie-breaks, a sum would mislead: the reason above says who won and why).
  const seats = breakdown.totals.map((_, i) => i);
  const number = (v) => (v === null ? "–" : String(v));
  const adds = breakdown.totals.every((total, i) => Math.abs(breakdown.rows.reduce((sum, row) => sum + (row.values[i] ?? 0), 0) - total) < 1e-9);
  return h("table", { class: "score-table" },
    h("thead", {}, h("tr", {}, h("th", {}), ...seats.map((i) => h("th", { scope: "col", text: shortName(i) })))),
    h("tbody", {}, ...breakdown.rows.map((row) => h("tr", {}, h("th", { scope: "row", text: row.label }),
      ...row.values.map((v) => h("td", { text: number(v) }))))),
    adds ? h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: "Σ" }), ...breakdown.totals.map((v) => h("td", { text: number(v) })))) : null);
}

async function start() {
  await loadLang(currentLang());
  translatePage();
  languagePicker($("lang"), () => {
    page.socket?.send(JSON.stringify({ type: "lang", lang: currentLang() }));
    setConnection(page.socket?.readyState === WebSocket.OPEN);
    if (page.msg) renderSpectators();
    if (page.replay) replay.start(page.replay.at, page.replay.view); // the frames' texts in the new language
    review.relanguage();
    accountMenu($("account"));
  });
  $("rules-btn").addEventListener("click", async () => {
    const games = await getJSON("/api/games");
    const game = games.find((g) => g.id === page.msg?.match.game);
    if (game) showRules(game, `/api/matches/${encodeURIComponent(matchId)}/reference`);
  });
  replay.bind();
  hint.bind();
  review.bind();
  bindAlerts();
  bindConfirm();
  bindResign();
  chat.bind();
  $("undo-btn").addEventListener("click", () => page.socket?.send(JSON.stringify({ type: "undo" })));
  $("rematch-btn").addEventListener("click", askRematch);
  $("name-form").addEventListener("submit", saveName);
  $("seat-link-btn").addEventListener("click", async () => {
    const url = `${location.origin}/match/${encodeURIComponent(matchId)}#seat=${page.msg.you}&token=${encodeURIComponent(seatToken())}`;
    await navigator.clipboard?.writeText(url);
    $("seat-link-btn").textContent = t("lobby.copied");
  });
  accountMenu($("account"));
  setInterval(tickTimer, 250);
  await claimInvite();
  await fetchAccountSeat();
  connect();
}

start();
