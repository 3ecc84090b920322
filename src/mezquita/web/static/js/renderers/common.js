// Helpers every game renderer shares: plural forms and the newest move marked on the board.

// plural(t, "citadels.cards", 1, lang) -> t("citadels.cards.one", {n: 1}) in English; the
// catalogue holds one key per plural category the language uses ("one", "other").
export function plural(t, key, n, lang) {
  const category = new Intl.PluralRules(lang).select(n);
  const text = t(`${key}.${category}`, { n });
  return text === `${key}.${category}` ? t(`${key}.other`, { n }) : text;
}

// Mark the board element the newest log entry is about (class "newest-move": a short glow,
// then a quiet outline). `find(entry)` returns candidate CSS selectors, best first; the first
// that matches inside `root` is marked. Returns the marked element or null.
export function markNewest(root, log, find) {
  const entry = log?.length ? log[log.length - 1] : null;
  if (!entry) return null;
  for (const selector of find(entry).filter(Boolean)) {
    const found = root.querySelector(selector);
    if (found) {
      found.classList.add("newest-move");
      return found;
    }
  }
  return null;
}
