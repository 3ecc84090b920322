// The lobby: pick a game, its options and who sits where; create a match; list matches.
import { getJSON, h } from "./dom.js";
import { currentLang, languagePicker, loadLang, t, translatePage } from "./i18n.js";
import { showRules } from "./rules.js";

const TIMERS = [0, 10, 30, 60, 120, 300, 3600]; // seconds per move; an hour for slow games among friends
let games = [];
const $ = (id) => document.getElementById(id);

function game() {
  return games.find((g) => g.id === $("game").value);
}

function seatCount() {
  const players = document.querySelector("[name=opt-players]");
  return players ? Number(players.value) : game().players[0];
}

function optionInput(option) {
  const name = `opt-${option.name}`;
  let input;
  const choices = option.remote_choices || option.choices;
  if (choices) {
    input = h("select", { id: name, name }, choices.map((c) => new Option(String(c), JSON.stringify(c))));
    input.value = JSON.stringify(option.default);
  } else if (typeof option.default === "boolean") {
    input = h("input", { id: name, name, type: "checkbox" });
    input.checked = option.default;
  } else if (typeof option.default === "number") {
    input = h("input", { id: name, name, type: "number", value: option.default });
  } else {
    input = h("input", { id: name, name, type: "text", value: Array.isArray(option.default) ? option.default.join(",") : option.default ?? "" });
  }
  input.dataset.option = option.name;
  input.addEventListener("change", renderSeats);
  return [h("label", { for: name, text: option.name }), h("span", {}, input, " ", h("small", { class: "hint", text: option.help }))];
}

function optionValues() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const option = game().options.find((o) => o.name === input.dataset.option);
    if (input.type === "checkbox") options[option.name] = input.checked;
    else if (option.remote_choices || option.choices) options[option.name] = JSON.parse(input.value);
    else if (input.type === "number") options[option.name] = Number(input.value);
    else options[option.name] = input.value;
  }
  return options;
}

function renderOptions() {
  $("options").replaceChildren(...game().options.flatMap(optionInput));
  renderSeats();
  const bots = game().agents;
  $("timeout-bot").replaceChildren(...bots.map((b) => new Option(botLabel(b, false), b)));
}

// A difficulty level shows its translated name and one-line description; other bots their name.
function botLabel(bot, prefix) {
  const key = `level.${bot}`;
  const name = t(key) === key ? bot : `${t(key)} — ${t(`${key}.about`)}`;
  return prefix ? `${t("match.bot")}: ${name}` : name;
}

function renderSeats() {
  const previous = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const kinds = [["human", t("lobby.human")], ...game().agents.map((b) => [b, botLabel(b, true)])];
  const rows = [];
  for (let seat = 0; seat < seatCount(); seat++) {
    const select = h("select", { id: `seat-${seat}`, "data-seat": seat }, kinds.map(([v, l]) => new Option(l, v)));
    select.value = previous[seat] ?? (seat === 0 ? "human" : game().agents.includes("heuristic") ? "heuristic" : "random");
    rows.push(h("label", { for: `seat-${seat}`, text: t("lobby.seat", { n: seat + 1 }) }), select);
  }
  $("seats").replaceChildren(...rows);
}

function renderTimers() {
  const value = $("timer").value;
  const span = (s) => (s >= 3600 ? `${s / 3600} h` : s >= 60 ? `${s / 60} min` : `${s} s`);
  $("timer").replaceChildren(...TIMERS.map((s) => new Option(s ? span(s) : t("lobby.timer_off"), s)));
  $("timer").value = value || "0";
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const body = {
    game: game().id,
    options: optionValues(),
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    turn_seconds: Number($("timer").value),
    timeout_agent: $("timeout-bot").value,
  };
  const response = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    $("create-error").textContent = t("lobby.error", { message: detail });
    return;
  }
  const items = data.seats.filter((s) => s.url).map((s) => {
    const url = location.origin + s.url;
    const copy = h("button", { type: "button", text: t("lobby.copy") });
    copy.addEventListener("click", async () => { await navigator.clipboard?.writeText(url); copy.textContent = t("lobby.copied"); });
    return h("li", {}, h("a", { href: s.url, class: "join", "data-seat": s.seat, text: t("lobby.play_as", { n: s.seat + 1 }) }), " ", copy);
  });
  items.push(h("li", {}, h("a", { href: data.spectate, text: t("lobby.spectate") })));
  $("links").replaceChildren(...items);
  $("created").hidden = false;
  refresh();
}

function matchTable(rows, finished) {
  if (!rows.length) return h("p", { class: "hint", text: t("lobby.none") });
  return h("table", { class: "matches" }, h("tbody", {}, rows.map((m) => h("tr", {},
    h("td", {}, h("strong", { text: m.name })),
    h("td", { text: m.seats.map((k) => (k === "human" ? t("lobby.human") : k)).join(" · ") }),
    h("td", { text: t(`lobby.status.${m.status}`) }),
    h("td", {}, h("a", { href: `/match/${m.id}`, text: finished ? t("lobby.replay") : t("lobby.spectate") })),
  ))));
}

async function refresh() {
  const [live, done] = await Promise.all([getJSON("/api/matches?status=open,running&limit=30"), getJSON("/api/matches?status=finished&limit=15")]);
  $("running").replaceChildren(matchTable(live, false));
  $("finished").replaceChildren(matchTable(done, true));
}

async function start() {
  await loadLang(currentLang());
  translatePage();
  games = await getJSON("/api/games");
  $("game").replaceChildren(...games.map((g) => new Option(g.name, g.id)));
  $("game").addEventListener("change", renderOptions);
  languagePicker($("lang"), () => { renderSeats(); renderTimers(); refresh(); });
  renderTimers();
  renderOptions();
  $("create").addEventListener("submit", create);
  $("rules-btn").addEventListener("click", () => showRules($("rules"), game().id, game().name, game().summary));
  refresh();
  setInterval(refresh, 5000);
}

start();
