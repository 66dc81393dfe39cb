// The page's language: English or German, chosen by the browser's languages until the person
// picks one in the header (kept per browser). Only the chosen language's words are loaded
// (/static/i18n/<lang>.json). ``t(key, params)`` gives a text: "{name}" in it is replaced by
// params.name, and a text with plural forms ({"one": ..., "other": ...}) is chosen by params.n.
// Texts are plain: a caller putting one in HTML escapes it.
"use strict";

const I18n = {
  LANGS: {en: "English", de: "Deutsch"},
  KEY: "sixtysix.lang",
  lang: "en",
  wanted: "en",
  words: {},
  plurals: null,
  redraws: [],

  // The kept choice, else the first of the browser's languages we have, else English.
  preferred() {
    const kept = localStorage.getItem(this.KEY);
    if (kept in this.LANGS) return kept;
    for (const l of navigator.languages || [navigator.language || ""]) {
      const base = String(l).toLowerCase().split("-")[0];
      if (base in this.LANGS) return base;
    }
    return "en";
  },

  // Loads ``lang``'s words and shows the page in it; after a switch the redraw hooks run.
  async use(lang) {
    if (!(lang in this.LANGS)) lang = "en";
    this.wanted = lang;
    const r = await fetch(`/static/i18n/${lang}.json`);
    if (!r.ok) throw new Error(`the ${this.LANGS[lang]} texts did not load (HTTP ${r.status})`);
    const words = await r.json();
    if (this.wanted !== lang) return;  // switched again meanwhile: the later choice wins
    const switched = this.plurals !== null;
    this.words = words;
    this.lang = lang;
    this.plurals = new Intl.PluralRules(lang);
    document.documentElement.lang = lang;
    this.translatePage();
    // Only a switch redraws: at the first load the page's other scripts may still be loading,
    // and app.js draws once I18n.ready is in.
    if (switched) for (const f of this.redraws) f();
  },

  // ``f`` runs after each switch of language, to draw again what it drew in the old one.
  onSwitch(f) { this.redraws.push(f); },

  has(key) { return Object.prototype.hasOwnProperty.call(this.words, key); },

  t(key, params) {
    let text = this.has(key) ? this.words[key] : key;
    if (text !== null && typeof text === "object") {
      text = text[this.plurals.select(Number(params && params.n))] ?? text.other;
    }
    return params ? String(text).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m))
      : String(text);
  },

  // The page's own words: an element with a data-i18n attribute gets the text its key names,
  // and one with data-i18n-attr ("aria-label:KEY title:KEY") its attributes'.
  translatePage(root = document) {
    for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = this.t(el.dataset.i18n);
    for (const el of root.querySelectorAll("[data-i18n-attr]")) {
      for (const pair of el.dataset.i18nAttr.split(/\s+/)) {
        const [attr, key] = pair.split(":");
        if (attr && key) el.setAttribute(attr, this.t(key));
      }
    }
  },
};

const t = (key, params) => I18n.t(key, params);

// The first load: the page's code waits for it (app.js) before it draws anything.
I18n.ready = I18n.use(I18n.preferred()).catch((e) => {
  console.error(e);
  return I18n.wanted === "en" ? undefined : I18n.use("en");
});
