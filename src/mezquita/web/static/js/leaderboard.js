// The leaderboard of one game (/leaderboard/<game>?players=2 or 3+), best rating first.
import { accountMenu } from "./account.js";
import { getJSON, h, profileLink } from "./dom.js";
import { currentLang, languagePicker, loadLang, t, translatePage } from "./i18n.js";
import { playersText, ratingCell } from "./ratings.js";

const $ = (id) => document.getElementById(id);

async function render() {
  const game = $("board-game").value;
  const players = $("board-players").value;
  history.replaceState(null, "", `/leaderboard/${encodeURIComponent(game)}?players=${encodeURIComponent(players)}`);
  $("board-error").textContent = "";
  let data;
  try {
    data = await getJSON(`/api/leaderboard/${encodeURIComponent(game)}?players=${encodeURIComponent(players)}`);
  } catch (err) {
    $("board-error").textContent = err.message;
    return;
  }
  $("board").replaceChildren(!data.rows.length ? h("p", { class: "hint", text: t("board.empty") }) :
    h("table", { class: "stats" },
      h("thead", {}, h("tr", {}, ["board.rank", "account.name", "board.rating", "board.played", "board.won"].map((k) => h("th", { text: t(k) })))),
      h("tbody", {}, data.rows.map((r) => h("tr", {},
        h("td", { text: String(r.rank) }),
        h("td", {}, profileLink(r.name, r.name)),
        ratingCell(r), h("td", { text: String(r.games) }), h("td", { text: String(r.wins) }))))));
}

async function start() {
  await loadLang(currentLang());
  translatePage();
  accountMenu($("account"));
  const games = await getJSON("/api/games");
  const wanted = decodeURIComponent(location.pathname.slice("/leaderboard/".length));
  $("board-game").replaceChildren(...games.map((g) => new Option(g.name, g.id)));
  $("board-game").value = games.some((g) => g.id === wanted) ? wanted : games[0].id;
  const fill = () => {
    const value = $("board-players").value || new URLSearchParams(location.search).get("players") || "2";
    $("board-players").replaceChildren(...["2", "3+"].map((p) => new Option(playersText(p), p)));
    $("board-players").value = value;
  };
  fill();
  $("board-game").addEventListener("change", render);
  $("board-players").addEventListener("change", render);
  languagePicker($("lang"), () => { translatePage(); accountMenu($("account")); fill(); render(); });
  render();
}

start();
