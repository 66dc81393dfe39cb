// A player's page (/p/<id>): his rating in each game he has played rated matches of, with its
// history drawn as a plot (inline SVG), and his recent matches with their table, record and analysis (analysis.js).
"use strict";

const PlayerPage = {
  // Its words in the page's language, read at each use (the language may change).
  get words() {
    return {
      title: (name) => t("ratings.pageTitle", {name}),
      since: (d) => t("ratings.since", {date: d}),
      noRatings: t("ratings.noRatings"),
      provisional: t("ratings.provisional"),
      provisionalWhy: t("ratings.provisionalWhy"),
      matches: (n) => t("ratings.matches", {n}),
      plot: (game, first, last, n) => t("ratings.plot", {game, first, last, n}),
      point: (h) => t("ratings.point", {date: new Date(h.at * 1000).toLocaleDateString(I18n.lang),
                                        result: PlayerPage.words.result[h.result], rating: h.rating,
                                        change: `${h.change >= 0 ? "+" : ""}${h.change}`}),
      result: {won: t("ratings.result.won"), lost: t("ratings.result.lost"),
               drew: t("ratings.result.drew"), left: t("ratings.result.left")},
      recent: t("ratings.recent"),
      noMatches: t("ratings.noMatches"),
      headers: [t("ratings.col.when"), t("ratings.col.game"), t("ratings.col.result"),
                t("ratings.col.change"), t("ratings.col.links")],
      rated: t("ratings.rated"),
      running: t("ratings.running"),
      open: t("ratings.open"),
      record: t("ratings.record"),
      analyze: t("ratings.analyze"),
      analysis: t("ratings.analysis"),
      leaderboard: t("header.leaderboard"),
    };
  },

  async show(id) {
    this.id = id;
    $("player-page").hidden = false;
    let p;
    try {
      p = await api("GET", `/api/players/${encodeURIComponent(id)}`);
    } catch (e) {
      $("player-page-error").textContent = e.message;
      return;
    }
    const w = this.words;
    document.title = w.title(p.name);
    $("player-page-name").textContent = p.name;
    $("player-page-since").textContent = w.since(new Date(p.since * 1000).toLocaleDateString(I18n.lang));
    $("player-page-ratings").innerHTML = p.ratings.length ? p.ratings.map((r) => this.rating(r)).join("")
      : `<p class="note">${esc(w.noRatings)}</p>`;
    $("player-page-matches").innerHTML = `<h2>${esc(w.recent)}</h2>` + (p.matches.length ? this.matches(p.matches)
      : `<p class="note">${esc(w.noMatches)}</p>`);
  },

  rating(r) {
    const w = this.words;
    const mark = r.provisional ? ` <abbr class="provisional" title="${esc(w.provisionalWhy)}">?</abbr>` : "";
    return `<section class="rating-card" data-game="${esc(r.game)}" aria-label="${esc(gameName(r.game, r.game_name))}">` +
      `<h2>${esc(gameName(r.game, r.game_name))}</h2>` +
      `<p><span class="rating-value">${esc(r.rating)}</span>${mark} <span class="note">±${esc(r.sigma)} · ` +
      `${esc(w.matches(r.matches))}${r.provisional ? ` · ${esc(w.provisional)}` : ""} · ` +
      `<a href="/leaderboard?game=${esc(encodeURIComponent(r.game))}">${esc(w.leaderboard)}</a></span></p>` +
      this.plot(r) + `</section>`;
  },

  // The rating after each rated match as a line, its uncertainty (±sigma) as a band around it;
  // the start (1500 before the first match) is the first point.
  plot(r) {
    const hist = r.history;
    if (!hist.length) return "";
    const start = {rating: hist[0].rating - hist[0].change, sigma: null};
    const pts = [start, ...hist];
    const W = 600, H = 180, L = 44, R = 10, T = 10, B = 22;
    const lo = Math.min(...pts.map((p) => p.rating - (p.sigma || 0)));
    const hi = Math.max(...pts.map((p) => p.rating + (p.sigma || 0)));
    const span = Math.max(hi - lo, 1);
    const x = (i) => L + (W - L - R) * (pts.length === 1 ? 0.5 : i / (pts.length - 1));
    const y = (v) => T + (H - T - B) * (1 - (v - lo) / span);
    const band = hist.map((h, i) => `${x(i + 1).toFixed(1)},${y(h.rating + h.sigma).toFixed(1)}`)
      .concat(hist.map((h, i) => `${x(i + 1).toFixed(1)},${y(h.rating - h.sigma).toFixed(1)}`).reverse());
    const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
    const dots = hist.map((h, i) =>
      `<circle class="rating-point ${esc(h.result)}" cx="${x(i + 1).toFixed(1)}" cy="${y(h.rating).toFixed(1)}" r="4">` +
      `<title>${esc(this.words.point(h))}</title></circle>`).join("");
    const label = this.words.plot(gameName(r.game, r.game_name), start.rating, hist[hist.length - 1].rating, hist.length);
    return `<svg class="rating-plot" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}">` +
      `<polygon class="rating-band" points="${band.join(" ")}"/>` +
      `<line class="rating-axis" x1="${L}" y1="${T}" x2="${L}" y2="${H - B}"/>` +
      `<line class="rating-axis" x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}"/>` +
      `<text x="${L - 4}" y="${T + 10}" text-anchor="end">${Math.round(hi)}</text>` +
      `<text x="${L - 4}" y="${H - B}" text-anchor="end">${Math.round(lo)}</text>` +
      `<text x="${W - R}" y="${H - 6}" text-anchor="end">${esc(this.words.matches(hist.length))}</text>` +
      `<polyline class="rating-line" points="${line}"/>${dots}</svg>`;
  },

  matches(list) {
    const w = this.words;
    const rows = list.map((m) => {
      const result = m.result ? w.result[m.result] : m.finished ? "" : w.running;
      const change = m.change === null ? "" : `${m.change >= 0 ? "+" : ""}${m.change}`;
      const links = `<a href="${esc(m.link)}">${esc(w.open)}</a>` + (m.record
        ? ` · <a href="${esc(m.record)}" download="${esc(m.table)}.json">${esc(w.record)}</a>` +
          ` · <a class="analysis-link" href="/a/${esc(encodeURIComponent(m.table))}">${esc(w.analysis)}</a>` : "");
      return `<tr><td>${esc(new Date(m.created * 1000).toLocaleString(I18n.lang, {dateStyle: "short", timeStyle: "short"}))}</td>` +
        `<td>${esc(gameName(m.game, m.game_name))}${m.rated ? ` <span class="note">(${esc(w.rated)})</span>` : ""}</td>` +
        `<td>${esc(result)}</td><td>${esc(change)}</td><td>${links}</td></tr>`;
    }).join("");
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(w.recent)}">` +
      `<table class="list"><thead><tr>${w.headers.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}` +
      `</tr></thead><tbody>${rows}</tbody></table></div><p class="note">${esc(w.analyze)}.</p>`;
  },
};

I18n.onSwitch(() => { if (PlayerPage.id) PlayerPage.show(PlayerPage.id); });

// The header's link to this browser's player's own page.
(() => {
  const me = Player.get();
  const link = $("my-page-link");
  if (me && link) {
    link.href = `/p/${encodeURIComponent(me.id)}`;
    link.hidden = false;
  }
})();
