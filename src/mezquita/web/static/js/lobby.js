// The lobby: "play now" (the quick-match queue), the open tables to sit at, every game as a
// card; its options, the seats and a clock; create a match and keep every seat's link on
// screen; "my matches" to return to a seat; the match lists.
import { accountMenu, ME, send } from "./account.js";
import { CLOCKS, SEAT, STATUS } from "./constants.js";
import { getJSON, h, profileLink, s } from "./dom.js";
import { currentLang, has, languagePicker, loadLang, t, translatePage } from "./i18n.js";
import { forget, myMatches, NAME_KEY, remember, seatUrl } from "./mine.js";
import { showRules } from "./rules.js";

// "play now": how long a player may let the queue look before a bot takes the free seats
const BOT_WAITS = [10, 30, 60, 120, 300];
const QUEUE_KEY = "mezquita.queue"; // the ticket of this browser's place in the queue
const QUEUE_POLL_MS = 1500;
// A game card's length in minutes: the measured decisions of every player (the game's data/length.json) at
// about this many seconds a decision of a person at the table.
const SECONDS_PER_DECISION = 10;
let games = [];
let readers = new Map(); // option name -> () => value, for the options on screen
const $ = (id) => document.getElementById(id);

function game() {
  return games.find((g) => g.id === $("game").value);
}

function seatCount() {
  const players = $("opt-players");
  return players ? Number(players.value) : game().players[0];
}

// -- texts of options: the catalogues' option.<game>.<name>[.help|.<value>], the game's labels
function optionLabel(option, info = game()) {
  const key = `option.${info.id}.${option.name}`;
  return has(key) ? t(key) : option.name;
}

function optionHelp(option) {
  const key = `option.${game().id}.${option.name}.help`;
  return has(key) ? t(key) : option.help;
}

function valueLabel(option, value, info = game()) {
  const own = option.labels?.[value];
  if (own) return own[currentLang()] || own.en;
  const key = `option.${info.id}.${option.name}.${value}`;
  return has(key) ? t(key) : String(value);
}

// A table's options in words: those that differ from the game's defaults (the player count
// shows in its seats).
function optionsText(info, options) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const words = info.options.filter((o) => o.name !== "players" && o.name in options && !same(options[o.name], o.default)).map((o) => {
    const value = options[o.name];
    const text = typeof value === "boolean" ? t(value ? "lobby.yes" : "lobby.no")
      : Array.isArray(value) ? value.map((v) => valueLabel(o, v, info)).join(", ") || "—"
        : o.widget === "seat" ? (value < 0 ? t("option.random") : t("match.seat", { n: value + 1 })) : valueLabel(o, value, info);
    return `${optionLabel(o, info)}: ${text}`;
  });
  return words.length ? words.join(" · ") : t("lobby.standard_options");
}

// A seat's name: the chosen one, "Player N" for a person, a level's bot name ("Hard bot": the
// catalogue words every level), else the bot's internal name.
export function playerLabel(kind, seat, name) {
  if (name) return name;
  if (kind === "human") return t("match.seat", { n: seat + 1 });
  return has(`level.${kind}.bot`) ? t(`level.${kind}.bot`) : t("lobby.bot", { name: kind });
}

// -- option widgets ---------------------------------------------------------------------
function select(id, values, label, current) {
  const el = h("select", { id }, values.map((v) => new Option(label(v), JSON.stringify(v))));
  el.value = JSON.stringify(values.some((v) => JSON.stringify(v) === JSON.stringify(current)) ? current : values[0]);
  return el;
}

function optionWidget(option, previous) {
  const id = `opt-${option.name}`;
  const value = previous ?? option.default;
  const choices = option.remote_choices || option.choices;
  if (option.widget === "seat") { // -1: a random seat, else a player
    const seats = [-1, ...Array.from({ length: seatCount() }, (_, i) => i)];
    const el = select(id, seats, (s) => (s < 0 ? t("option.random") : t("match.seat", { n: s + 1 })), value);
    return [el, () => JSON.parse(el.value)];
  }
  if (option.widget === "per_group") { // one choice per group; its first entry is the default
    const picks = option.groups.map((group, i) => {
      const el = select(`${id}-${i + 1}`, group, (v) => valueLabel(option, v), group.find((v) => value.includes(v)) ?? group[0]);
      return [group, el, h("label", { class: "group-pick" }, h("span", { text: t(`option.${game().id}.${option.name}.group`, { n: i + 1 }) }), el)];
    });
    const box = h("div", { class: "groups", id }, picks.map(([, , label]) => label));
    return [box, () => picks.map(([group, el]) => JSON.parse(el.value)).filter((v, i) => v !== picks[i][0][0])];
  }
  if (option.widget === "subset") { // checkboxes over the items
    const boxes = option.groups[0].map((item) => h("input", { type: "checkbox", name: id, value: item }));
    boxes.forEach((box) => { box.checked = value.includes(box.value) || value.includes("all"); });
    const box = h("div", { class: "subset", id }, boxes.map((b) => h("label", {}, b, " ", valueLabel(option, b.value))));
    return [box, () => boxes.filter((b) => b.checked).map((b) => b.value)];
  }
  const boolean = typeof option.default === "boolean";
  if (boolean) {
    const el = h("input", { id, type: "checkbox" });
    el.checked = value;
    return [el, () => el.checked];
  }
  if (choices) {
    const el = select(id, choices, (v) => valueLabel(option, v), value);
    return [el, () => JSON.parse(el.value)];
  }
  if (typeof option.default === "number") {
    const el = h("input", { id, type: "number", value });
    return [el, () => Number(el.value)];
  }
  const el = h("input", { id, type: "text", value: Array.isArray(value) ? value.join(",") : value ?? "" });
  return [el, () => (Array.isArray(option.default) ? el.value.split(",").map((v) => v.trim()).filter(Boolean) : el.value)];
}

function renderOptions() {
  const previous = new Map([...readers].map(([name, read]) => [name, read()]));
  const same = $("options").dataset.game === game().id;
  readers = new Map();
  const rows = game().options.flatMap((option) => {
    const [widget, read] = optionWidget(option, same ? previous.get(option.name) : undefined);
    readers.set(option.name, read);
    widget.addEventListener("change", option.name === "players" ? renderOptions : () => {});
    const grouped = option.widget === "per_group" || option.widget === "subset";
    const label = grouped ? h("span", { class: "opt-label", id: `opt-${option.name}-label`, text: optionLabel(option) })
      : h("label", { for: `opt-${option.name}`, text: optionLabel(option) });
    if (grouped) widget.setAttribute("aria-labelledby", `opt-${option.name}-label`);
    return [label, h("span", { class: "opt" }, widget, h("small", { class: "hint", text: optionHelp(option) }))];
  });
  $("options").dataset.game = game().id;
  $("options").replaceChildren(...rows);
  renderSeats();
  for (const card of document.querySelectorAll(".game-card")) card.classList.toggle("chosen", card.dataset.game === game().id);
}

function optionValues() {
  return Object.fromEntries([...readers].map(([name, read]) => [name, read()]));
}

// The bots a seat may get: the game's difficulty levels (weakest first, as the server lists
// them); with "other bots" ticked (for developers) also every other bot the game has, by its
// internal name.
function bots() {
  const { agents, levels } = game();
  return $("all-bots").checked ? agents : levels;
}

// A difficulty level shows its translated name and one-line description; other bots their name.
function botLabel(bot, prefix) {
  const key = `level.${bot}`;
  const name = has(key) ? `${t(key)} — ${t(`${key}.about`)}` : bot;
  return prefix ? `${t("match.bot")}: ${name}` : name;
}

function renderSeats() {
  const previous = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const agents = bots();
  const kinds = [[SEAT.HUMAN, t("lobby.human")], [SEAT.OPEN, t("lobby.open_seat")], ...agents.map((b) => [b, botLabel(b, true)])];
  const rows = [];
  const fallback = agents.includes("medium") ? "medium" : agents[0];
  for (let seat = 0; seat < seatCount(); seat++) {
    const el = h("select", { id: `seat-${seat}`, "data-seat": seat }, kinds.map(([v, l]) => new Option(l, v)));
    el.value = previous[seat] && kinds.some(([v]) => v === previous[seat]) ? previous[seat] : seat === 0 ? "human" : fallback;
    rows.push(h("label", { for: `seat-${seat}`, text: t("lobby.seat", { n: seat + 1 }) }), el);
  }
  $("seats").replaceChildren(...rows);
}

function duration(s) {
  return s >= 3600 ? `${s / 3600} h` : s >= 60 ? `${s / 60} min` : `${s} s`;
}

// A match's clock in words: its preset's name and terms, custom terms alone, or "off".
function clockText(clock) {
  if (!clock) return t("lobby.clock_off");
  const terms = t("lobby.clock_terms", { bank: duration(clock.bank), increment: duration(clock.increment) });
  return CLOCKS.presets[clock.type] ? `${t(`lobby.clock.${clock.type}`)} · ${terms}` : terms;
}

// The clock: automatic (the server's default when two people sit, else none), a preset, or off.
function renderClocks() {
  const value = $("clock").value;
  const presets = Object.values(CLOCKS.presets).map((c) => new Option(clockText(c), c.type));
  $("clock").replaceChildren(new Option(t("lobby.clock_auto"), ""), ...presets, new Option(t("lobby.clock_off"), "off"));
  $("clock").value = value;
  showClockHelp();
}

// What happens to a player out of time, said only while a clock can run out.
function showClockHelp() {
  $("clock-help").hidden = $("clock").value === "off";
}

// -- game cards -------------------------------------------------------------------------
// A small picture per game (80 x 48): what its table looks like at a glance.
const RED = "#a3261b";
const OCHRE = "#d9a441";
const BLUE = "#1f4e79";
const PICTURES = {
  citadels: () => [s("rect", { x: 14, y: 20, width: 14, height: 24, fill: "#6b3d8f" }), s("rect", { x: 32, y: 10, width: 16, height: 34, fill: "#2f5d9e" }),
    s("rect", { x: 52, y: 24, width: 14, height: 20, fill: "#b0302a" }), s("path", { d: "M32,10 L40,2 L48,10 Z", fill: OCHRE })],
  cordoba: () => [0, 1, 2].map((i) => s("path", { d: `M${8 + i * 24},44 v-18 a10,10 0 0 1 20,0 v18 Z`, fill: i % 2 ? OCHRE : RED, stroke: "#2b2118", "stroke-width": 1.5 })),
  "cordoba-wittig": () => [s("rect", { x: 4, y: 4, width: 72, height: 40, fill: "#ecdfc4" }),
    ...[[12, 26, RED], [34, 8, BLUE], [56, 26, RED]].map(([x, y, c]) => s("rect", { x, y, width: 14, height: 14, rx: 3, fill: "#fbf4e6", stroke: c, "stroke-width": 3 }))],
  cortica: () => [s("path", { d: "M40,44 v-16", stroke: "#8a5a3b", "stroke-width": 6 }), s("circle", { cx: 40, cy: 18, r: 14, fill: "#2f6b4f" }),
    s("circle", { cx: 16, cy: 36, r: 6, fill: "#2f5d9e" }), s("circle", { cx: 64, cy: 36, r: 6, fill: RED })],
  europa: () => [s("rect", { x: 4, y: 4, width: 72, height: 40, fill: "#9cc3e6" }), s("path", { d: "M20,40 L26,14 L44,8 L60,18 L56,40 Z", fill: "#efe7cc" }),
    s("path", { d: "M40,4 V44 M4,24 H76", stroke: "#111", "stroke-width": 1.5 }), s("circle", { cx: 46, cy: 22, r: 3.5, fill: RED })],
};

function picture(id) {
  const draw = PICTURES[id];
  return draw ? s("svg", { class: "game-picture", viewBox: "0 0 80 48", "aria-hidden": "true" }, ...draw()) : null;
}

function gameCard(info) {
  const [min, max] = info.players;
  const facts = [min === max ? t("lobby.players_two") : t("lobby.players_range", { min, max })];
  const length = info.length;
  const minutes = (moves) => Math.max(1, Math.round((moves * length.players * SECONDS_PER_DECISION) / 60));
  const lengthText = length ? h("span", { text: t("lobby.length", { n: minutes(length.moves_per_player) }) }) : null;
  const summary = has(`game.${info.id}.summary`) ? t(`game.${info.id}.summary`) : info.summary;
  const note = info.reconstruction ? (has(`game.${info.id}.reconstruction`) ? t(`game.${info.id}.reconstruction`) : info.reconstruction) : null;
  const choose = h("button", { type: "button", class: "primary", "data-game": info.id, text: t("lobby.choose") });
  choose.addEventListener("click", () => {
    $("game").value = info.id;
    renderOptions();
    $("setup").scrollIntoView({ behavior: "smooth", block: "start" });
    $("name").focus({ preventScroll: true });
  });
  return h("article", { class: "game-card", "data-game": info.id },
    h("div", { class: "card-head" }, picture(info.id), h("div", {}, h("h3", { text: info.name }),
      has(`game.${info.id}.kind`) ? h("p", { class: "kind", text: t(`game.${info.id}.kind`) }) : null)),
    h("p", { class: "facts" }, facts[0], length ? " · " : "", lengthText),
    length ? h("p", { class: "hint small", text: t("lobby.length_help", { players: length.players, seconds: SECONDS_PER_DECISION,
      range: length.low === length.high ? minutes(length.low) : `${minutes(length.low)}–${minutes(length.high)}` }) }) : null,
    h("p", { class: "summary-text", text: summary }),
    note ? h("p", { class: "reconstruction" }, h("strong", { text: `${t("lobby.reconstruction")}: ` }), note) : null,
    h("div", { class: "card-foot" }, choose, info.guide ? learnButton(info) : null));
}

// "Learn to play": a guided practice match of the game's scripted deal (its options, seed and
// bot from the server), straight into its seat.
function learnButton(info) {
  const button = h("button", { type: "button", class: "learn", "data-game": info.id, title: t("lobby.learn_help"), text: t("lobby.learn") });
  button.addEventListener("click", async () => {
    const { options, seed, bot, players } = info.guide;
    const name = localStorage.getItem(NAME_KEY);
    const body = { game: info.id, options, seed, practice: true, guide: true, seats: [SEAT.HUMAN, ...Array(players - 1).fill(bot)], ...(name ? { name } : {}) };
    button.disabled = true;
    const response = await send("/api/matches", "POST", body);
    const data = await response.json();
    button.disabled = false;
    if (!response.ok) {
      $("create-error").textContent = t("lobby.error", { message: detailText(data) });
      return;
    }
    const own = data.seats.find((s) => s.token);
    remember({ id: data.id, game: info.id, gameName: info.name, spectate: data.spectate, seat: own.seat, token: own.token, created: true });
    location.assign(seatUrl({ id: data.id, seat: own.seat, token: own.token }));
  });
  return button;
}

function renderCards() {
  $("cards").replaceChildren(...games.map(gameCard));
  for (const card of document.querySelectorAll(".game-card")) card.classList.toggle("chosen", card.dataset.game === $("game").value);
}

// -- creating ---------------------------------------------------------------------------
async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  localStorage.setItem(NAME_KEY, name);
  const body = {
    game: game().id,
    options: optionValues(),
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    ...($("clock").value ? { clock: $("clock").value } : {}),
    ...(name ? { name } : {}),
  };
  const response = await send("/api/matches", "POST", body);
  const data = await response.json();
  if (!response.ok) {
    $("create-error").textContent = t("lobby.error", { message: detailText(data) });
    return;
  }
  const links = data.seats.filter((s) => s.url).map((s) => ({ seat: s.seat, url: s.url, own: Boolean(s.token) }));
  const own = data.seats.find((s) => s.token);
  const entry = { id: data.id, game: game().id, gameName: game().name, spectate: data.spectate, links, created: true };
  if (own) remember({ ...entry, seat: own.seat, token: own.token });
  else remember({ ...entry, seat: null, token: null });
  localStorage.setItem("mezquita.created", data.id);
  // into the creator's own seat at once (the match page lists the invitations until all
  // have joined); a table of bots only is watched from here
  if (own) {
    location.assign(seatUrl({ id: data.id, seat: own.seat, token: own.token }));
    return;
  }
  showCreated();
  $("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
  renderMine();
  refresh();
}

function linkItem(link) {
  const url = location.origin + link.url;
  const copy = h("button", { type: "button", text: t("lobby.copy") });
  copy.addEventListener("click", async () => { await navigator.clipboard?.writeText(url); copy.textContent = t("lobby.copied"); });
  const text = link.own ? t("lobby.play_as", { n: link.seat + 1 }) : t("lobby.invite_seat", { n: link.seat + 1 });
  return h("li", {}, h("a", { href: link.url, class: "join", "data-seat": link.seat, text }), " ", copy);
}

// The last match created here keeps every seat's link on screen (after playing and reloads).
function showCreated() {
  const id = localStorage.getItem("mezquita.created");
  const entry = myMatches().find((m) => m.id === id && m.links);
  $("created").hidden = !entry;
  if (!entry) return;
  $("links").replaceChildren(...entry.links.map(linkItem), h("li", {}, h("a", { href: entry.spectate, text: t("lobby.spectate") })));
}

// -- open tables ----------------------------------------------------------------------------
function tableItem(table) {
  const info = games.find((g) => g.id === table.game);
  const who = table.seats.map((seat, i) => (seat.free ? t("lobby.free_seat") : playerLabel(seat.kind, i, seat.name))).join(" · ");
  const facts = [info ? optionsText(info, table.options) : "", `${t("lobby.clock")}: ${clockText(table.clock)}`, t("lobby.free_seats", { n: table.free })];
  const button = h("button", { type: "button", class: "primary small sit", "data-table": table.id, text: t("lobby.sit") });
  button.addEventListener("click", () => sit(table));
  return h("li", { "data-table": table.id },
    h("div", {}, h("strong", { text: table.name }), h("span", { class: "who", text: ` · ${who}` }),
      h("div", { class: "hint small", text: facts.filter(Boolean).join(" · ") })), button);
}

async function renderTables() {
  const tables = await getJSON("/api/tables?limit=20");
  $("tables").replaceChildren(tables.length ? h("ul", { class: "tables" }, tables.map(tableItem)) : h("p", { class: "hint", text: t("lobby.tables_none") }));
}

async function sit(table) {
  $("tables-error").textContent = "";
  const name = $("name").value.trim();
  const response = await send(`/api/matches/${encodeURIComponent(table.id)}/sit`, "POST", name ? { name } : {});
  const data = await response.json();
  if (!response.ok) {
    $("tables-error").textContent = t("lobby.sit_error", { message: detailText(data) });
    renderTables();
    return;
  }
  remember({ id: table.id, game: table.game, gameName: table.name, seat: data.seat, token: data.token });
  location.assign(seatUrl({ id: table.id, seat: data.seat, token: data.token }));
}

function detailText(data) {
  return typeof data.detail === "string" ? data.detail : (data.detail || []).map((d) => d.msg || JSON.stringify(d)).join("; ");
}

// -- play now: the quick-match queue ---------------------------------------------------------
function queueGame() {
  return games.find((g) => g.id === $("q-game").value);
}

function renderQueueForm() {
  const info = queueGame();
  const [players, bot, wait] = [$("q-players").value, $("q-bot").value, $("q-wait").value];
  const counts = Array.from({ length: info.players[1] - info.players[0] + 1 }, (_, i) => info.players[0] + i);
  $("q-players").replaceChildren(...counts.map((n) => new Option(String(n), n)));
  if (counts.includes(Number(players))) $("q-players").value = players;
  $("q-bot").replaceChildren(...info.levels.map((b) => new Option(t(`level.${b}`), b)));
  $("q-bot").value = info.levels.includes(bot) ? bot : "medium"; // every game has Medium
  $("q-wait").replaceChildren(...BOT_WAITS.map((s) => new Option(duration(s), s)));
  $("q-wait").value = wait || "30";
  showBotFill();
}

function showBotFill() {
  for (const el of document.querySelectorAll(".q-bot")) el.hidden = !$("q-bot-fill").checked;
}

async function joinQueue(event) {
  event.preventDefault();
  $("queue-error").textContent = "";
  const name = $("name").value.trim();
  const body = { game: $("q-game").value, players: Number($("q-players").value), ...(name ? { name } : {}),
    ...($("q-bot-fill").checked ? { bot: $("q-bot").value, bot_after: Number($("q-wait").value) } : {}) };
  const response = await send("/api/queue", "POST", body);
  const data = await response.json();
  if (!response.ok) {
    $("queue-error").textContent = t("lobby.queue_error", { message: detailText(data) });
    return;
  }
  localStorage.setItem(QUEUE_KEY, data.ticket);
  showQueue(data);
}

async function pollQueue() {
  const ticket = localStorage.getItem(QUEUE_KEY);
  if (!ticket) return;
  const response = await fetch(`/api/queue/${encodeURIComponent(ticket)}`);
  if (response.status === 404) localStorage.removeItem(QUEUE_KEY);
  if (response.status === 404 || response.ok) showQueue(response.ok ? await response.json() : null);
}

async function leaveQueue() {
  const ticket = localStorage.getItem(QUEUE_KEY);
  const response = await send(`/api/queue/${encodeURIComponent(ticket)}`, "DELETE");
  if (response.status === 409) return pollQueue(); // paired meanwhile: into the match
  localStorage.removeItem(QUEUE_KEY);
  showQueue(null);
}

// Waiting: the time waited and the rating window; paired: into the seat at once.
function showQueue(state) {
  const waiting = state?.status === "waiting";
  $("queue-wait").hidden = !waiting;
  $("queue-btn").disabled = waiting;
  if (waiting) {
    const spread = state.window === null ? t("lobby.queue_anyone") : t("lobby.queue_window", { n: state.window.toFixed(1) });
    $("queue-text").textContent = `${t("lobby.queue_waiting", { s: Math.round(state.waited) })} · ${spread}`;
  }
  if (state?.status === "paired") {
    localStorage.removeItem(QUEUE_KEY);
    const info = games.find((g) => g.id === state.game);
    remember({ id: state.match, game: state.game, gameName: info?.name, seat: state.seat, token: state.token });
    location.assign(seatUrl({ id: state.match, seat: state.seat, token: state.token }));
  }
}

// -- my matches and the lists -------------------------------------------------------------
function ago(stamp) {
  const minutes = Math.max(0, Math.round((Date.now() - stamp) / 60000));
  if (minutes < 60) return t("lobby.ago_min", { n: minutes });
  if (minutes < 48 * 60) return t("lobby.ago_h", { n: Math.round(minutes / 60) });
  return t("lobby.ago_d", { n: Math.round(minutes / 1440) });
}

// An account's matches come from the server (any browser); a guest's from this browser.
async function renderMine() {
  if (ME) return renderAccountMatches();
  const mine = myMatches().filter((m) => m.token).slice(0, 8);
  $("mine-panel").hidden = !mine.length; // shown first, once this browser has a seat somewhere
  if (!mine.length) return;
  const infos = await Promise.all(mine.map((m) => getJSON(`/api/matches/${encodeURIComponent(m.id)}`).catch(() => null)));
  $("mine").replaceChildren(h("ul", { class: "mine" }, mine.map((m, i) => {
    const info = infos[i];
    const status = info ? t(`lobby.status.${info.status}`) : "?";
    const forgetBtn = h("button", { type: "button", class: "small", text: t("lobby.forget") });
    forgetBtn.addEventListener("click", () => { forget(m.id); renderMine(); showCreated(); });
    return h("li", { "data-match": m.id },
      h("a", { href: seatUrl(m), class: "return" }, h("strong", { text: m.gameName || m.game }), ` · ${t("lobby.you_seat", { n: m.seat + 1 })}`),
      h("span", { class: "hint", text: ` · ${status} · ${ago(m.at)} ` }), forgetBtn);
  })));
}

async function renderAccountMatches() {
  const me = await getJSON("/api/me").catch(() => null);
  const mine = (me?.matches || []).slice(0, 8);
  $("mine-panel").hidden = !mine.length;
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  $("mine").replaceChildren(h("ul", { class: "mine" }, mine.map((m) => h("li", { "data-match": m.id },
    h("a", { href: `/match/${encodeURIComponent(m.id)}`, class: "return" }, h("strong", { text: names[m.game] || m.game }), ` · ${t("lobby.you_seat", { n: m.seat + 1 })}`),
    h("span", { class: "hint", text: ` · ${t(`lobby.status.${m.status}`)}` })))));
}

// A finished match's line: who won, or a draw, without scores; what decides differs per game
// (Wittig's Cordoba: stones on the far row; Cortiça: cork, then tie-breaks), so the numbers
// are left to the match page's result, which words the reason.
function resultText(m) {
  if (!m.winners) return t(`lobby.status.${m.status}`);
  return m.winners.length > 1 ? t("lobby.draw") : t("lobby.winner", { player: playerLabel(m.seats[m.winners[0]], m.winners[0], m.names[m.winners[0]]) });
}

function matchTable(rows, finished) {
  if (!rows.length) return h("p", { class: "hint", text: t("lobby.none") });
  return h("table", { class: "matches" }, h("tbody", {}, rows.map((m) => h("tr", {},
    h("td", {}, h("strong", { text: m.name })),
    h("td", { class: "who" }, m.seats.flatMap((k, i) => [i ? " · " : "", profileLink(m.profiles?.[i], playerLabel(k, i, m.names?.[i])),
      m.left?.[i] ? ` (${t(`match.left.${m.left[i].why}`)})` : ""])),
    h("td", { class: finished ? "result" : "", text: resultText(m) }),
    h("td", {}, h("a", { href: `/match/${m.id}`, text: finished ? t("lobby.replay") : t("lobby.spectate") })),
  ))));
}

async function refresh() {
  renderTables();
  const [live, done] = await Promise.all([getJSON(`/api/matches?status=${STATUS.OPEN},${STATUS.RUNNING}&limit=30`), getJSON(`/api/matches?status=${STATUS.FINISHED}&limit=15`)]);
  $("running").replaceChildren(matchTable(live, false));
  $("finished").replaceChildren(matchTable(done, true));
}

function redraw() {
  renderQueueForm();
  renderCards();
  renderOptions();
  renderClocks();
  showCreated();
  renderMine();
  refresh();
}

async function start() {
  await loadLang(currentLang());
  translatePage();
  games = await getJSON("/api/games");
  $("game").replaceChildren(...games.map((g) => new Option(g.name, g.id)));
  $("q-game").replaceChildren(...games.map((g) => new Option(g.name, g.id)));
  $("q-game").addEventListener("change", renderQueueForm);
  $("q-bot-fill").addEventListener("change", showBotFill);
  $("queue-form").addEventListener("submit", joinQueue);
  $("queue-leave").addEventListener("click", leaveQueue);
  $("game").addEventListener("change", renderOptions);
  $("all-bots").addEventListener("change", renderOptions);
  $("name").value = localStorage.getItem(NAME_KEY) || "";
  if (ME) Object.assign($("name"), { value: ME.name, disabled: true }); // an account plays under its name
  languagePicker($("lang"), () => { redraw(); accountMenu($("account")); });
  accountMenu($("account"));
  $("clock").addEventListener("change", showClockHelp);
  $("create").addEventListener("submit", create);
  $("rules-btn").addEventListener("click", () => showRules(game(),
    `/api/games/${encodeURIComponent(game().id)}/reference?${new URLSearchParams(optionValues())}`));
  redraw();
  pollQueue();
  setInterval(refresh, 5000);
  setInterval(pollQueue, QUEUE_POLL_MS);
}

start();
