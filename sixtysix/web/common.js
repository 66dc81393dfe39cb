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

async function api(method, url, body) {
  const r = await fetch(url, {method, headers: {"Content-Type": "application/json"},
                              body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: {message: `HTTP ${r.status}`}}));
  if (!r.ok) throw new Error(data.error ? data.error.message : `HTTP ${r.status}`);
  return data;
}


// ---------------------------------------------------------------- links and "My tables"

// A link's full address, its text in a read-only box (easy to select on a phone) and a Copy
// button. `label` names the box for screen readers; `key` makes its id (link-KEY).
function linkRow(label, path, key) {
  const url = location.origin + path;
  const id = `link-${key}`;
  return `<div class="link-row" id="${esc(id)}-row"><label for="${esc(id)}">${esc(label)}</label> ` +
    `<input id="${id}" class="link-box" readonly value="${esc(url)}"> ` +
    `<button type="button" class="secondary copy-btn" data-copy="${esc(url)}" ` +
    `aria-label="Copy ${esc(label)}">Copy</button></div>`;
}

// Wires the Copy buttons under `root`: the clipboard where the browser allows it (a secure
// page), else the selected text through the older copy command.
function wireCopyButtons(root) {
  for (const b of root.querySelectorAll(".copy-btn")) {
    b.onclick = async () => {
      let ok = false;
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(b.dataset.copy);
          ok = true;
        }
      } catch (e) { ok = false; }
      if (!ok) {
        const box = b.parentElement.querySelector(".link-box");
        box.select();
        ok = document.execCommand("copy");
      }
      b.textContent = ok ? "Copied" : "Select and copy";
      const say = $("announce");
      if (say) say.textContent = ok ? "Link copied" : "Copying failed: select the link and copy it";
      setTimeout(() => { b.textContent = "Copy"; }, 2000);
    };
  }
}

// The tables this browser created or joined, newest first, kept in localStorage: the table's
// id, its game, this browser's link (a seat's, with its token, or the watching link), when it
// was first seen, whether the match is over, and for the table's creator every seat's link.
const MyTables = {
  KEY: "sixtysix.tables",
  MAX: 50,

  all() {
    try {
      const v = JSON.parse(localStorage.getItem(this.KEY) || "[]");
      return Array.isArray(v) ? v.filter((e) => e && typeof e.id === "string") : [];
    } catch (e) { return []; }
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

  forget(id) { this.save(this.all().filter((e) => e.id !== id)); },
};
