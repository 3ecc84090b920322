// The Rules dialog of a game: its one-click summary (its data/rules.json) and its Reference
// (every piece and basic rule, `Game.reference` from the server), in the interface language.
import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";

const references = new Map(); // url -> the reference's promise, fetched once per page

// Open the dialog for ``game`` (an entry of /api/games); ``referenceUrl`` is its reference
// without the language (a match's, or the game's for the lobby's chosen options).
export async function showRules(game, referenceUrl) {
  const dialog = rulesDialog();
  for (const [selector, key] of [["#rules-tab-summary", "rules.summary"], ["#rules-tab-reference", "rules.reference"],
    [".ref-empty", "rules.no_match"], ["form button", "match.close"]]) dialog.querySelector(selector).textContent = t(key);
  let title = game.name;
  let points = [game.summary];
  const response = await fetch(`/api/games/${encodeURIComponent(game.id)}/data/rules.json`);
  if (response.ok) {
    const rules = await response.json();
    const text = rules[currentLang()] || rules.en;
    if (text) ({ title, points } = text);
  }
  dialog.querySelector("h2").textContent = title;
  dialog.querySelector(".rules-points").replaceChildren(...points.map((p) => h("li", { text: p })));
  const panel = dialog.querySelector(".rules-reference");
  const url = `${referenceUrl}${referenceUrl.includes("?") ? "&" : "?"}lang=${currentLang()}`;
  panel.dataset.url = url;
  const filter = panel.querySelector(".reference-filter");
  filter.placeholder = t("rules.filter");
  filter.setAttribute("aria-label", t("rules.filter"));
  if (!panel.hidden) showReference(panel);
  bindTabs(dialog);
  dialog.showModal();
}

// The dialog (#rules), made once per page: a title, the Summary and Reference tabs, Close.
function rulesDialog() {
  const made = document.getElementById("rules");
  if (made) return made;
  const tab = (key, selected) => h("button", { type: "button", role: "tab", id: `rules-tab-${key}`, "data-tab": key,
    "aria-controls": `rules-${key}`, "aria-selected": String(selected) });
  const dialog = h("dialog", { id: "rules", class: "rules-dialog" }, h("h2"),
    h("div", { class: "rules-tabs", role: "tablist" }, tab("summary", true), tab("reference", false)),
    h("div", { id: "rules-summary", role: "tabpanel", "aria-labelledby": "rules-tab-summary" }, h("ul", { class: "rules-points" })),
    h("div", { id: "rules-reference", class: "rules-reference", role: "tabpanel", "aria-labelledby": "rules-tab-reference", hidden: true },
      h("input", { type: "search", class: "reference-filter" }), h("div", { class: "reference-sections" }),
      h("p", { class: "ref-empty hint", hidden: true })),
    h("form", { method: "dialog" }, h("button")));
  document.body.append(dialog);
  return dialog;
}

// The two tabs, Summary and Reference (bound once per dialog).
function bindTabs(dialog) {
  if (dialog.dataset.tabs) return;
  dialog.dataset.tabs = "bound";
  const tabs = [...dialog.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      for (const other of tabs) {
        const chosen = other === tab;
        other.setAttribute("aria-selected", String(chosen));
        dialog.querySelector(`#${other.getAttribute("aria-controls")}`).hidden = !chosen;
      }
      if (tab.dataset.tab === "reference") showReference(dialog.querySelector(".rules-reference"));
    });
  }
  const panel = dialog.querySelector(".rules-reference");
  panel.querySelector(".reference-filter").addEventListener("input", () => {
    applyFilter(panel);
    dialog.scrollTop = 0; // the first match, not the middle of a shorter list
  });
}

async function showReference(panel) {
  const { url } = panel.dataset;
  if (panel.dataset.shown === url) return;
  panel.dataset.shown = url;
  const list = panel.querySelector(".reference-sections");
  if (!references.has(url)) references.set(url, fetchReference(url));
  const reference = await references.get(url);
  if (typeof reference === "string") { // asked again when the tab is next chosen
    references.delete(url);
    delete panel.dataset.shown;
  }
  if (panel.dataset.url !== url) return; // the dialog was reopened for another game meanwhile
  list.replaceChildren(...(typeof reference === "string"
    ? [h("p", { class: "error-box", text: `${t("rules.unavailable")} ${reference}` })]
    : reference.map((part, i) => section(part, part.note === reference[i - 1]?.note))));
  applyFilter(panel);
}

// The reference, or the reason there is none (a string).
async function fetchReference(url) {
  try {
    const response = await fetch(url);
    const body = await response.json().catch(() => ({}));
    return response.ok ? body : String(body.detail ?? response.statusText);
  } catch (err) {
    return err.message;
  }
}

// A section; its note only when the section before has another (one reconstruction, one note).
function section({ key, title, note, entries }, sameNote) {
  return h("section", { class: "ref-section", "data-key": key },
    h("h3", { text: title }),
    note && !sameNote ? h("p", { class: "ref-note", text: note }) : null,
    h("ul", { class: "ref-entries" }, entries.map(entry)));
}

function entry({ key, name, text, facts, in_play: inPlay }) {
  return h("li", { class: inPlay ? "ref-entry" : "ref-entry out-of-play", "data-key": key },
    h("div", { class: "ref-head" },
      h("strong", { class: "ref-name", text: name }),
      inPlay ? null : h("span", { class: "ref-out", text: t("rules.not_in_play") })),
    h("div", { class: "ref-text", text }),
    facts.length ? h("div", { class: "ref-facts", text: facts.join(" · ") }) : null);
}

// Show only the entries whose words hold the filter's (case and accents ignored).
function applyFilter(panel) {
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const wanted = fold(panel.querySelector(".reference-filter").value.trim());
  let shown = 0;
  for (const part of panel.querySelectorAll(".ref-section")) {
    let inPart = 0;
    for (const item of part.querySelectorAll(".ref-entry")) {
      item.hidden = Boolean(wanted) && !fold(item.textContent).includes(wanted);
      if (!item.hidden) inPart += 1;
    }
    part.hidden = inPart === 0;
    shown += inPart;
  }
  panel.querySelector(".ref-empty").hidden = shown > 0 || !panel.querySelector(".ref-section");
}
