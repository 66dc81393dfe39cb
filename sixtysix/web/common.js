// What the lobby and the table share: DOM and escaping helpers, the JSON API call, and the
// German-suits setting (kept per browser).
"use strict";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

// ---------------------------------------------------------------- settings

// A checkbox kept per browser (localStorage ``key``); ``apply`` runs with its value now and at
// each change, and the table is redrawn.
function browserSetting(id, key, apply) {
  const box = $(id);
  box.checked = localStorage.getItem(key) === "1";
  apply(box.checked);
  box.addEventListener("change", () => {
    localStorage.setItem(key, box.checked ? "1" : "0");
    apply(box.checked);
    if (Table.state) Table.render();
  });
}
browserSetting("german-suits", "sixtysix.german", (on) => Cards.setGerman(on));

// A refused request throws an Error with the server's message, its `code` and HTTP `status`.
// `secret`: a player's, sent as `Authorization: Bearer`.
async function api(method, url, body, secret) {
  const headers = {"Content-Type": "application/json"};
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const r = await fetch(url, {method, headers,
                              body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: {message: `HTTP ${r.status}`}}));
  if (!r.ok) {
    const err = new Error(data.error ? data.error.message : `HTTP ${r.status}`);
    err.code = data.error && data.error.code;
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
      `aria-label="Share ${esc(label)}">Share</button>` +
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
        say("Shared");
        return;
      } catch (e) {
        if (e.name === "AbortError") return;  // the person closed the share sheet
      }
    }
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link.url);
        button.textContent = "Copied";
        say("Link copied");
        setTimeout(() => { button.textContent = "Share"; }, 2000);
        return;
      }
    } catch (e) { /* no clipboard here: the box below */ }
    const box = button.parentElement.querySelector(".link-box");
    box.value = link.url;
    box.hidden = false;
    box.select();
    say("Select the link and copy it");
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
