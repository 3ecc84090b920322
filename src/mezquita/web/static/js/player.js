// A player's profile (/player/<name>): ratings per game and player count, recent matches
// with their result and replay. Bot levels have one too (bot:hard).
import { accountMenu, ME } from "./account.js";
import { getJSON, h } from "./dom.js";
import { currentLang, languagePicker, loadLang, t, translatePage } from "./i18n.js";
import { playersText, ratingCell } from "./ratings.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.slice("/player/".length));
let games = {};
let data = null;

function render() {
  document.title = `${data.name} · Mezquita`;
  $("player-name").textContent = data.name;
  $("player-kind").textContent = data.bot ? t("profile.bot") : "";
  $("player-kind").hidden = !data.bot;
  $("my-data").hidden = !ME || ME.name !== data.name; // one's own profile: the download of one's data
  $("ratings").replaceChildren(!data.ratings.length ? h("p", { class: "hint", text: t("profile.no_ratings") }) :
    h("table", { class: "stats" },
      h("thead", {}, h("tr", {}, ["lobby.game", "board.players", "board.rating", "board.played", "board.won"].map((k) => h("th", { text: t(k) })))),
      h("tbody", {}, data.ratings.map((r) => h("tr", {},
        h("td", {}, h("a", { href: `/leaderboard/${r.game}?players=${encodeURIComponent(r.players)}`, text: games[r.game] || r.game })),
        h("td", { text: playersText(r.players) }), ratingCell(r),
        h("td", { text: String(r.games) }), h("td", { text: String(r.wins) }))))));
  $("history").replaceChildren(!data.history.length ? h("p", { class: "hint", text: t("profile.no_history") }) :
    h("table", { class: "matches history" }, h("tbody", {}, data.history.map((m) => h("tr", { "data-match": m.id },
      h("td", {}, h("strong", { text: games[m.game] || m.game })),
      h("td", { class: "who", text: m.names.map((n, i) => n || t("match.seat", { n: i + 1 })).join(" · ") }),
      h("td", { class: `outcome ${m.outcome}`, text: t(`profile.${m.outcome}`) }),
      h("td", { text: m.rated ? `${m.rating_change >= 0 ? "+" : ""}${m.rating_change.toFixed(1)}` : t("profile.unrated") }),
      h("td", {}, h("a", { href: m.replay, class: "replay", text: t("lobby.replay") })))))));
}

async function start() {
  await loadLang(currentLang());
  translatePage();
  accountMenu($("account"));
  games = Object.fromEntries((await getJSON("/api/games")).map((g) => [g.id, g.name]));
  try {
    data = await getJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch {
    $("player-name").textContent = name;
    $("player-error").textContent = t("profile.not_found");
    return;
  }
  languagePicker($("lang"), () => { translatePage(); accountMenu($("account")); render(); });
  render();
}

start();
