// What the lobby and the table share: DOM and escaping helpers, the JSON API call, and the
// German-suits setting (kept per browser).
"use strict";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

// ---------------------------------------------------------------- settings

const germanBox = $("german-suits");
germanBox.checked = localStorage.getItem("sixtysix.german") === "1";
Cards.setGerman(germanBox.checked);
germanBox.addEventListener("change", () => {
  localStorage.setItem("sixtysix.german", germanBox.checked ? "1" : "0");
  Cards.setGerman(germanBox.checked);
  if (Table.state) Table.render();
});

async function api(method, url, body) {
  const r = await fetch(url, {method, headers: {"Content-Type": "application/json"},
                              body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: {message: `HTTP ${r.status}`}}));
  if (!r.ok) throw new Error(data.error ? data.error.message : `HTTP ${r.status}`);
  return data;
}

