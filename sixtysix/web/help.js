// A game's help page: its rules as the server renders them from docs/rules/ (the one source),
// and its options with readable labels, meanings and defaults.
"use strict";

const Help = {
  async show(page) {
    $("help").hidden = false;
    let data;
    try {
      data = await api("GET", `/api/rules/${encodeURIComponent(page)}`);
    } catch (e) {
      $("help-error").textContent = e.message;
      return;
    }
    document.title = `${data.name} — rules`;
    $("help-nav").innerHTML = Object.entries(data.pages).map(([p, name]) =>
      p === data.page ? `<span aria-current="page">${esc(name)}</span>`
        : `<a href="/help/${esc(encodeURIComponent(p))}">${esc(name)}</a>`).join(" · ");
    // Rendered by the server from the rules text with raw HTML disabled: safe to insert.
    $("help-rules").innerHTML = data.html;
    // Wide tables scroll sideways on a phone, in a region that takes the keyboard's focus.
    let n = 0;
    for (const t of document.querySelectorAll("#help-rules table")) {
      n += 1;
      const box = document.createElement("div");
      box.className = "table-scroll";
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      const h = t.previousElementSibling;
      box.setAttribute("aria-label", `Table ${n}` + (h && /^H[1-6]$/.test(h.tagName) ? `: ${h.textContent}` : ""));
      t.replaceWith(box);
      box.appendChild(t);
    }
    const fmt = (v) => (typeof v === "boolean" ? (v ? "on" : "off") : v === null ? "none" : String(v));
    $("help-options").innerHTML = data.options.length ? `<h2 id="all-options">All options</h2>` +
      `<p>Chosen in the lobby under “Rule options” when a table is created.</p><dl>` +
      data.options.map((o) => `<dt id="opt-help-${esc(o.name)}">${esc(o.label)} <code>${esc(o.name)}</code></dt>` +
        `<dd>${esc(o.meaning || "")}${o.meaning ? ". " : ""}Default: <b>${esc(fmt(o.default))}</b>` +
        (o.choices ? `; choices: ${o.choices.map((c) => esc(fmt(c))).join(", ")}` : "") + `</dd>`).join("") +
      `</dl>` : "";
  },
};
