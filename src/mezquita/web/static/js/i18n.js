// Interface language: English, Spanish, Catalan and German, from /api/i18n/<lang>: the
// interface's catalogue (static/i18n/<lang>.json) and every game's own words.
export const LANGS = ["en", "es", "ca", "de"];
const KEY = "mezquita.lang";
let strings = {};
let fallback = {};

export function currentLang() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  const browser = (navigator.language || "en").slice(0, 2);
  return LANGS.includes(browser) ? browser : "en";
}

async function fetchStrings(lang) {
  const response = await fetch(`/api/i18n/${lang}`);
  return response.ok ? response.json() : {};
}

export async function loadLang(lang) {
  if (!Object.keys(fallback).length) fallback = await fetchStrings("en");
  strings = lang === "en" ? fallback : await fetchStrings(lang);
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  return lang;
}

// t("match.seat", {n: 2}) -> "Player 2"
export function t(key, vars = {}) {
  const text = strings[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? vars[name] : `{${name}}`));
}

// Whether the catalogue has ``key`` (optional labels fall back to raw values when not).
export function has(key) {
  return key in strings || key in fallback;
}

// Fill every element carrying data-i18n="key" with its translation.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

// A <select> of languages that reloads the strings and calls onChange(lang).
export function languagePicker(select, onChange) {
  select.replaceChildren(...LANGS.map((code) => new Option(code.toUpperCase(), code)));
  select.value = currentLang();
  select.addEventListener("change", async () => {
    await loadLang(select.value);
    translatePage();
    onChange(select.value);
  });
}

// A log text as a sentence: its first letter upper-case (an entry may begin with a verb).
export const sentence = (text) => text.charAt(0).toLocaleUpperCase(currentLang()) + text.slice(1);
