// The one-click rules summary of a game (its data/rules.json), in the interface language.
import { currentLang } from "./i18n.js";

export async function showRules(dialog, gameId, fallbackTitle, fallbackSummary) {
  let title = fallbackTitle;
  let points = [fallbackSummary];
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/data/rules.json`);
  if (response.ok) {
    const rules = await response.json();
    const text = rules[currentLang()] || rules.en;
    if (text) ({ title, points } = text);
  }
  dialog.querySelector("h2").textContent = title;
  dialog.querySelector("ul").replaceChildren(...points.map((p) => Object.assign(document.createElement("li"), { textContent: p })));
  dialog.showModal();
}
