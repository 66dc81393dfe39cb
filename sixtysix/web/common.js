// What the lobby and the table share: DOM and escaping helpers, the JSON API call (its refusals
// in the page's language), and the settings kept per browser (German suits, the language).
"use strict";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

// ---------------------------------------------------------------- settings

// A setting kept per browser (localStorage ``key``): a checkbox ("1" or "0"), or a choice (its
// value; ``fallback`` until one is made). ``apply`` runs with its value now and at each change,
// and the table is redrawn.
function browserSetting(id, key, apply, fallback) {
  const box = $(id), isBox = box.type === "checkbox";
  const kept = localStorage.getItem(key);
  if (isBox) box.checked = kept === "1";
  else box.value = kept ?? fallback;
  if (!isBox && !box.value) box.value = fallback;  // a kept value that is no longer offered
  const value = () => (isBox ? box.checked : box.value);
  apply(value());
  box.addEventListener("change", () => {
    localStorage.setItem(key, isBox ? (box.checked ? "1" : "0") : box.value);
    apply(value());
    if (Table.state) Table.render();
  });
}
browserSetting("german-suits", "sixtysix.german", (on) => Cards.setGerman(on));
// The language: the page draws itself again once the new words are in (I18n.onSwitch).
browserSetting("lang-select", I18n.KEY, (lang) => { if (lang !== I18n.wanted) I18n.use(lang); },
               I18n.preferred());
// (The words may come in before table.js has run: then there is no table to draw yet.)
I18n.onSwitch(() => { if (typeof Table !== "undefined" && Table.state) Table.render(); });

// A game's name in the page's language (the server's name where none is written).
const gameName = (id, fallback) => (I18n.has(`game.${id}`) ? t(`game.${id}`) : fallback || id);

// A computer level's plain name ("Beginner", "Anfänger"); an engine's own name as it is.
const levelName = (l) => (I18n.has(`level.${l}`) ? t(`level.${l}`) : String(l));

// A seat's name as shown: the server names an unnamed computer seat "Computer 3 (beginner)" in
// English (and keeps that name in its records); the page words that name in its own language.
// A name the table's creator gave the computer stays as it is. (The lobby's lists send no
// ``bot``: there the level is read from the name.)
function seatName(s, i) {
  const m = s && s.kind === "bot" ? /^Computer (\d+) \((.+)\)$/.exec(s.name) : null;
  if (m && Number(m[1]) === i + 1 && (!s.bot || s.bot === m[2])) {
    return t("seat.computer", {n: i + 1, level: levelName(m[2])});
  }
  return s ? s.name : t("lobby.seat", {seat: i + 1});
}

// Which form a verb takes for ``seats`` (this browser's being ``me``): "you" (me alone),
// "withYou" (me and others), "one" (one other) or "many" — German and English differ in each.
function personForm(seats, me) {
  if (seats.length === 1) return seats[0] === me ? "you" : "one";
  return seats.includes(me) ? "withYou" : "many";
}

// "3 game points", "1 chip" in the page's language; ``unit`` is a Table.gameUnit() word.
const amountOf = (n, unit) => t(`unit.${String(unit).replace(/ /g, "-")}`, {n});

// How a hand ended (the engine's ``end``: "claim", "closer failed", "bettler made" ...) in words.
function endWords(end) {
  const key = `end.${String(end).replace(/ /g, "-")}`;
  if (I18n.has(key)) return t(key);
  const m = /^(.*) (made|failed)$/.exec(end);
  return m ? t(`end.contract-${m[2]}`, {contract: m[1]}) : end;
}

// A rule option's value in words: "follow_only" is "follow only" (in German from choice.*).
const choiceWords = (c) => (I18n.has(`choice.${c}`) ? t(`choice.${c}`) : String(c).replace(/_/g, " "));

// A refusal's words for the person: the server's ``{code, message, params}`` in the page's
// language where its words for the code are written, else the server's own message (English:
// en.json has null for each code, the server's words being more precise).
function errorText(error) {
  if (!error) return "";
  return I18n.words[`error.${error.code}`] ? t(`error.${error.code}`, error.params || {})
    : String(error.message || "");
}

// A refused request throws an Error with the refusal's words (errorText), its `code`, the
// server's own `serverMessage` and the HTTP `status`. `secret`: a player's, sent as
// `Authorization: Bearer`.
async function api(method, url, body, secret) {
  const headers = {"Content-Type": "application/json"};
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const r = await fetch(url, {method, headers,
                              body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: {code: "http", message: `HTTP ${r.status}`,
                                                      params: {status: r.status}}}));
  if (!r.ok) {
    const refusal = data.error || {code: "http", message: `HTTP ${r.status}`, params: {status: r.status}};
    const err = new Error(errorText(refusal));
    err.code = refusal.code;
    err.serverMessage = refusal.message;
    err.status = r.status;
    throw err;
  }
  return data;
}


// ---------------------------------------------------------------- links and "My tables"

// This browser's seat secrets, one per table (localStorage "sixtysix.seat.<id>"). A secret is
// the seat itself: it is never put in a page's text, a link or the address bar.
const Seats = {
  key(id) { return `sixtysix.seat.${id}`; },
  get(id) { return localStorage.getItem(this.key(id)); },
  keep(id, token) { if (token) localStorage.setItem(this.key(id), token); },
  forget(id) { localStorage.removeItem(this.key(id)); },
};

// Share buttons: the system's share sheet where the browser has one (a phone), else the
// clipboard; where neither works, the link in a read-only box, selected, to copy by hand. The
// links stay in this script (not in the page): `row` registers one under `key`.
const Share = {
  links: {},

  row(label, path, key) {
    this.links[key] = {label, url: location.origin + path};
    return `<div class="link-row" id="share-${esc(key)}-row"><span>${esc(label)}</span> ` +
      `<button type="button" class="secondary share-btn" data-share="${esc(key)}" ` +
      `aria-label="${esc(t("share.label", {what: label}))}">${esc(t("share.button"))}</button>` +
      `<input class="link-box" id="share-${esc(key)}" readonly hidden aria-label="${esc(label)}"></div>`;
  },

  wire(root) {
    for (const b of root.querySelectorAll(".share-btn")) b.onclick = () => this.share(b);
  },

  async share(button) {
    const link = this.links[button.dataset.share];
    if (!link) return;
    const say = (text) => { const a = $("announce"); if (a) a.textContent = text; };
    if (navigator.share) {
      try {
        await navigator.share({title: link.label, url: link.url});
        say(t("share.shared"));
        return;
      } catch (e) {
        if (e.name === "AbortError") return;  // the person closed the share sheet
      }
    }
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link.url);
        button.textContent = t("share.copied");
        say(t("share.linkCopied"));
        setTimeout(() => { button.textContent = t("share.button"); }, 2000);
        return;
      }
    } catch (e) { /* no clipboard here: the box below */ }
    const box = button.parentElement.querySelector(".link-box");
    box.value = link.url;
    box.hidden = false;
    box.select();
    say(t("share.copyByHand"));
  },
};

// The tables this browser created or joined, newest first, kept in localStorage: the table's
// id, its game, this browser's seat there (null: watching), when it was first seen and whether
// the match is over. Never a secret, never another seat's anything.
const MyTables = {
  KEY: "sixtysix.tables",
  MAX: 50,

  all() {
    let list;
    try {
      const v = JSON.parse(localStorage.getItem(this.KEY) || "[]");
      list = Array.isArray(v) ? v.filter((e) => e && typeof e.id === "string") : [];
    } catch (e) { return []; }
    // Entries kept before seats' secrets moved out: the own seat's secret moves to Seats,
    // the links (other seats' among them, for a table's creator) are dropped.
    let moved = false;
    for (const e of list) {
      if (e.link === undefined && e.links === undefined) continue;
      try {
        const token = new URL(e.link, location.origin).searchParams.get("token");
        if (token && !Seats.get(e.id)) Seats.keep(e.id, token);
      } catch (err) { /* no link */ }
      delete e.link;
      delete e.links;
      moved = true;
    }
    if (moved) this.save(list);
    return list;
  },

  save(list) { localStorage.setItem(this.KEY, JSON.stringify(list.slice(0, this.MAX))); },

  get(id) { return this.all().find((e) => e.id === id) || null; },

  // Adds the table, or updates what is known of it (it keeps its place and its date).
  remember(entry) {
    const list = this.all();
    const i = list.findIndex((e) => e.id === entry.id);
    if (i >= 0) list[i] = {...list[i], ...entry};
    else list.unshift({when: Date.now(), finished: false, ...entry});
    this.save(list);
  },

  // Removed from the list, with this browser's seat there.
  forget(id) {
    this.save(this.all().filter((e) => e.id !== id));
    Seats.forget(id);
  },
};
