// A finished match's analysis (/a/<table>): asked of the server once (it works it out in the
// background, then keeps it), then each hand's mistakes per player in the words players type,
// with the value lost, the better move and the position face up.
"use strict";

const AnalysisPage = {
  id: null,
  result: null,
  timer: null,

  async show(id) {
    this.id = id;
    $("analysis-page").hidden = false;
    document.title = t("analysis.pageTitle", {table: id});
    $("analysis-title").textContent = t("analysis.pageTitle", {table: id});
    $("analysis-table-link").href = `/t/${encodeURIComponent(id)}`;
    const url = `/api/tables/${encodeURIComponent(id)}/analysis`;
    try {
      let a = this.result || await api("GET", url);
      if (a.status === "none" || a.status === "failed") a = await api("POST", url);
      this.progress(a);
      while (a.status === "queued" || a.status === "running") {
        await new Promise((done) => { this.timer = setTimeout(done, 1000); });
        a = await api("GET", url);
        // Forgotten by a server started again meanwhile: asked for again.
        if (a.status === "none") a = await api("POST", url);
        this.progress(a);
      }
      if (a.status === "failed") throw new Error(t("analysis.failed"));
      this.result = a;
      this.render(a);
    } catch (e) {
      $("analysis-status").textContent = "";
      $("analysis-error").textContent = e.message;
    }
  },

  progress(a) {
    $("analysis-status").textContent = a.status === "running" && a.total
      ? t("analysis.running", {done: a.done, total: a.total})
      : a.status === "queued" || a.status === "running" ? t("analysis.queued") : "";
  },

  render(a) {
    const r = a.analysis;
    const name = (seat) => a.players[seat] || t("analysis.seat", {n: seat + 1});
    const number = (x) => x.toLocaleString(I18n.lang, {minimumFractionDigits: 2, maximumFractionDigits: 2});
    $("analysis-title").textContent = t("analysis.heading", {game: gameName(r.game), table: this.id});
    let html = `<p>${esc(t("analysis.intro"))} ${esc(t("analysis.checked", {n: r.decisions_checked}))}</p>`;
    html += `<ul id="analysis-totals">` + r.seats.map((s) =>
      `<li>${esc(t("analysis.total", {name: name(s), loss: number(r.total_loss[String(s)]),
                                      n: r.mistakes.filter((d) => d.seat === s).length}))}</li>`).join("") + `</ul>`;
    if (!r.mistakes.length) html += `<p id="analysis-none">${esc(t("analysis.none"))}</p>`;
    const count = r.hands || Math.max(0, ...r.mistakes.map((d) => d.hand + 1));
    for (let h = 0; h < count; h++) {
      html += `<section class="analysis-hand" id="hand-${h + 1}"><h2>${esc(t("analysis.hand", {n: h + 1}))}</h2>`;
      if (!r.mistakes.some((d) => d.hand === h)) {
        html += `<p class="note">${esc(t("analysis.handNone"))}</p></section>`;
        continue;
      }
      html += `<ol>`;
      r.mistakes.forEach((d, i) => {
        if (d.hand !== h) return;
        const how = d.exact ? t("analysis.exact") : t("analysis.estimated", {margin: number(d.margin)});
        html += `<li class="analysis-mistake" data-seat="${d.seat}">` +
          `<p>${esc(t("analysis.mistake", {trick: d.trick, name: name(d.seat), played: d.played, best: d.best}))} ` +
          `<strong>${esc(t("analysis.loss", {loss: number(d.loss)}))}</strong> (${esc(how)})</p>` +
          this.position(r.positions[i], name) + `</li>`;
      });
      html += `</ol></section>`;
    }
    $("analysis-list").innerHTML = html;
    // A link to one hand (the score pad's hand dialog gives one): that hand in view.
    const target = location.hash && document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  },

  // The hand face up at the decision: every seat's cards, the trump suit, the cards on the table.
  position(p, name) {
    if (!p) return "";
    const rows = p.hands.map((cards, s) => `<li>${esc(t("analysis.handOf", {name: name(s), cards: cards.join(" ")}))}</li>`);
    const table = p.table.length
      ? `<p>${esc(t("analysis.onTable", {cards: p.table.map(([s, c]) => `${c} (${name(s)})`).join(", ")}))}</p>` : "";
    const trump = p.trump ? `<p>${esc(t("analysis.trump", {suit: p.trump}))}</p>` : "";
    return `<details class="analysis-position"><summary>${esc(t("analysis.position"))}</summary>` +
      `${trump}<ul>${rows.join("")}</ul>${table}</details>`;
  },
};

I18n.onSwitch(() => {
  if (AnalysisPage.result) AnalysisPage.show(AnalysisPage.id);
});
