// How the profile and leaderboard pages show a rating and a player-count class.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// A rating as shown: the cautious estimate, its uncertainty, and "provisional" early on.
export function ratingCell(r) {
  return h("td", { class: "rating" }, h("strong", { text: r.rating.toFixed(1) }), ` (μ ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)})`,
    r.provisional ? h("span", { class: "provisional", text: ` · ${t("profile.provisional")}` }) : null);
}

export function playersText(players) {
  return players === "2" ? t("board.two") : t("board.more");
}
