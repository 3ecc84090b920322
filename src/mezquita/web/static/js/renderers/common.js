// Helpers every game renderer shares: a text in the page's language, templates filled in,
// plural forms, and the newest move marked on the board.

// local({en: "Palace", es: "Palacio"}, "es") -> "Palacio"; English where the language has no
// entry, "" where there is no entry at all; a plain string is the same in every language.
export function local(entry, lang) {
  if (typeof entry === "string") return entry;
  return entry?.[lang] || entry?.en || "";
}

// fill("{n} gold", {n: 2}) -> "2 gold"; a field not given stays as "{name}" (a visible gap).
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

// plural(t, "citadels.cards", 1, lang) -> t("citadels.cards.one", {n: 1}) in English; the
// catalogue holds one key per plural category the language uses ("one", "other").
export function plural(t, key, n, lang) {
  const category = new Intl.PluralRules(lang).select(n);
  const text = t(`${key}.${category}`, { n });
  return text === `${key}.${category}` ? t(`${key}.other`, { n }) : text;
}

// pluralForms(["{n} use left", "{n} uses left"], n, lang): a game text's [one, other] forms.
export function pluralForms(forms, n, lang) {
  return fill(forms[new Intl.PluralRules(lang).select(n) === "one" ? 0 : 1], { n });
}

// The legal action that points at a board element (its `hint` from the game's decision
// table): element kind, key and, for elements on a seat's part of the board, that seat (an
// action whose hint names no seat points at the mover's own part, `you`); `more` holds all
// the hint's other fields: the part of the element it is on ({space: 1}: a card's space) or
// the control that plays it ({control: "use"}: one of a plan card's chips). Its `all`
// lists every action on the element whatever its other fields (a card's several controls).
export function pointingAt(legal, you) {
  const on = (a, element, key, seat) => a.hint && a.hint.element === element && a.hint.key === key
    && (a.hint.seat ?? you) === seat;
  const at = (element, key, seat = you, more = {}) => legal.find((a) => {
    if (!on(a, element, key, seat)) return false;
    const { element: _kind, key: _name, seat: _where, ...rest } = a.hint;
    return Object.keys(rest).length === Object.keys(more).length && Object.entries(more).every(([field, value]) => rest[field] === value);
  });
  at.all = (element, key, seat = you) => legal.filter((a) => on(a, element, key, seat));
  return at;
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
