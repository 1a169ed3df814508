// The page's language: English msgids looked up in the texts the server sends.
//
// GET /api/texts/{lang} gives {"lang", "texts": {msgid: translation}}, built from
// PAGE_TEXTS in thousand/web/texts.py and the game's catalogs. A text the server does
// not know is shown as its English msgid, so a missing translation never breaks the page.

import { store } from "./dom.js";

export const LANGUAGES = ["ru", "en"];
const KEY = "thousand.lang";

let language = chooseLanguage();
let texts = {};

function chooseLanguage() {
  const kept = store.get(KEY);
  if (LANGUAGES.includes(kept)) return kept;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return String(wanted).toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function lang() {
  return language;
}

/** Load a language's texts (and keep the choice). */
export async function setLanguage(next) {
  if (!LANGUAGES.includes(next)) next = "en";
  let loaded = {};
  try {
    const response = await fetch(`/api/texts/${next}`, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const body = await response.json();
      if (body && typeof body.texts === "object" && body.texts) loaded = body.texts;
    }
  } catch {
    /* the English msgids stand in */
  }
  language = next;
  texts = loaded;
  store.set(KEY, next);
  document.documentElement.lang = next;
}

/**
 * The text of `id` in the page's language, its {placeholders} filled from `params`.
 * Filled in one pass: a name containing "{name}" stays as typed.
 */
export function t(id, params) {
  const text = typeof texts[id] === "string" && texts[id] ? texts[id] : id;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, key) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : match,
  );
}

/** A number as the page writes it: 1010, −50 with a real minus sign; to `digits`
 * decimals when given (a rating: −0.5). */
export function number(value, digits) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  const text = digits === undefined ? String(Math.abs(value)) : Math.abs(value).toFixed(digits);
  return value < 0 ? `−${text}` : text;
}
