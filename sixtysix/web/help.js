// A game's help page: its rules as the server renders them from docs/rules/ (the one source),
// and its options with readable labels, meanings and defaults.
"use strict";

const Help = {
  page: null,

  // The page in the page's language (the server has the rules in each of ours).
  async show(page) {
    this.page = page;
    $("help").hidden = false;
    $("help-error").textContent = "";
    let data;
    try {
      data = await api("GET", `/api/rules/${encodeURIComponent(page)}?lang=${I18n.lang}`);
    } catch (e) {
      $("help-error").textContent = e.message;
      return;
    }
    const name = (p) => (p === "index" ? t("help.index") : gameName(p, data.pages[p]));
    document.title = t("help.title", {name: name(data.page)});
    $("help-nav").innerHTML = Object.keys(data.pages).map((p) =>
      p === data.page ? `<span aria-current="page">${esc(name(p))}</span>`
        : `<a href="/help/${esc(encodeURIComponent(p))}">${esc(name(p))}</a>`).join(" · ");
    // Rendered by the server from the rules text with raw HTML disabled: safe to insert.
    $("help-rules").innerHTML = data.html;
    // Wide tables scroll sideways on a phone, in a region that takes the keyboard's focus.
    let n = 0;
    for (const grid of document.querySelectorAll("#help-rules table")) {
      n += 1;
      const box = document.createElement("div");
      box.className = "table-scroll";
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      const h = grid.previousElementSibling;
      box.setAttribute("aria-label", h && /^H[1-6]$/.test(h.tagName)
        ? t("help.tableNamed", {n, name: h.textContent}) : t("help.table", {n}));
      grid.replaceWith(box);
      box.appendChild(grid);
    }
    const fmt = (v) => (typeof v === "boolean" ? t(v ? "help.on" : "help.off")
      : v === null ? t("help.none") : choiceWords(v));
    $("help-options").innerHTML = data.options.length ? `<h2 id="all-options">${esc(t("help.allOptions"))}</h2>` +
      `<p>${esc(t("help.optionsWhere"))}</p><dl>` +
      data.options.map((o) => `<dt id="opt-help-${esc(o.name)}">${esc(o.label)} <code>${esc(o.name)}</code></dt>` +
        `<dd>${esc(o.meaning || "")}${o.meaning ? ". " : ""}${esc(t("help.default"))} <b>${esc(fmt(o.default))}</b>` +
        (o.choices ? `; ${esc(t("help.choices"))} ${o.choices.map((c) => esc(fmt(c))).join(", ")}` : "") +
        `</dd>`).join("") + `</dl>` : "";
  },
};

I18n.onSwitch(() => { if (Help.page) Help.show(Help.page); });
