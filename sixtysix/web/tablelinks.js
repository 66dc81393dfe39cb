// The table's footer (#table-links): each seat's state (invited, joined, away, computer) with,
// for the table's creator, a Share button for each invitation not taken yet; whether hints are
// allowed; the watching link to share; the record, the match's analysis once it is over, and the rules. At the end of the match,
// Rematch and Back to the lobby (#match-end). The table is remembered in "My tables".
"use strict";

const TableLinks = {
  asked: false,

  render(table) {
    const m = table.state, me = m.seat;
    const known = MyTables.get(m.table);
    // This browser's seat is remembered; watching only where this browser knows no seat of it.
    if (me !== null || !known) {
      MyTables.remember({id: m.table, game: m.game, game_name: m.game_name, seat: me,
                         finished: m.complete});
    } else if (known.finished !== m.complete) {
      MyTables.remember({id: m.table, finished: m.complete});
    }
    $("table-title").textContent = t("links.tableTitle", {game: gameName(m.game, m.game_name), table: m.table});
    this.renderEnd(table);

    let html = table.badKey && me === null
      ? `<p class="error" id="bad-key" role="alert">${esc(t("links.badKey"))}</p>` : "";
    html += this.seatStates(m);
    if (m.hints) html += `<p id="hints-note">${esc(t("links.hints"))}</p>`;
    html += Share.row(t("links.watch"), `/t/${encodeURIComponent(m.table)}`, "watch");
    html += `<p>`;
    if (me !== null || m.complete) {
      html += `<button type="button" class="secondary" id="record-btn">${esc(t("links.record"))}</button> · `;
    }
    if (m.complete) {
      html += `<a id="analysis-link" href="/a/${esc(encodeURIComponent(m.table))}">${esc(t("links.analysis"))}</a> · `;
    }
    html += `<a id="rules-link" href="/help/${esc(encodeURIComponent(m.game))}">` +
      `${esc(t("links.rules", {game: gameName(m.game, m.game_name)}))}</a> · ` +
      `<a href="/">${esc(t("links.lobby"))}</a></p>`;
    const footer = $("table-links");
    // Redrawn only when it changes: a click on Share must not lose its button mid-state.
    if (footer.dataset.html !== html) {
      footer.innerHTML = html;
      footer.dataset.html = html;
      Share.wire(footer);
      const rec = $("record-btn");
      if (rec) rec.onclick = () => this.download(table, rec);
    }
  },

  // Each seat's state for everyone; the creator's message alone carries the invitations.
  seatStates(m) {
    const invites = new Map((m.invites || []).map((x) => [x.seat, x.link]));
    const items = m.seats.map((s, i) => {
      const state = s.kind === "bot" ? "computer" : s.invited ? "invited"
        : s.connected ? "joined" : "away";
      const words = t(state === "away" && s.computer ? "links.state.awayComputer" : `links.state.${state}`);
      const share = invites.has(i)
        ? Share.row(t("links.invitation", {seat: i + 1, name: seatName(s, i)}), invites.get(i), `seat-${i}`) : "";
      return `<li id="seat-state-${i}" data-state="${state}">` +
        `${esc(t(i === m.seat ? "links.yourSeat" : "links.seat", {seat: i + 1, name: seatName(s, i)}))}` +
        ` · ${esc(words)}${share}</li>`;
    });
    return `<ul id="seat-states" aria-label="${esc(t("links.seats"))}">${items.join("")}</ul>`;
  },

  // The record as a file: fetched with this seat's secret and saved from memory, so that no
  // link on the page carries the secret.
  async download(table, button) {
    button.disabled = true;
    try {
      const q = table.token ? `?token=${encodeURIComponent(table.token)}` : "";
      const record = await api("GET", `/api/tables/${encodeURIComponent(table.id)}/record${q}`);
      const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)],
                                               {type: "application/json"}));
      const a = document.createElement("a");
      a.href = url;
      a.download = `sixtysix-${table.id}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) {
      $("table-error").textContent = e.message;
    } finally {
      button.disabled = false;
    }
  },

  // At the end of the match: a rematch (same seats and options, a new secret deal) and the way
  // back to the lobby. Once any seat asked for the rematch, every seat is shown it; this
  // browser holds its seat there with the secret it holds here.
  renderEnd(table) {
    const m = table.state, box = $("match-end");
    if (!m.complete) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    let html = `<h2>${esc(table.matchWords())}</h2>`;
    if (m.rematch) {
      if (m.seat !== null) Seats.keep(m.rematch.table, table.token);
      MyTables.remember({id: m.rematch.table, game: m.game, game_name: m.game_name, seat: m.seat,
                         finished: false});
      html += `<p>${esc(t("links.rematchReady"))} <a id="rematch-link" href="${esc(m.rematch.link)}">` +
        `${esc(t(m.seat !== null ? "links.playRematch" : "links.watchRematch"))}</a></p>`;
    } else if (m.seat !== null) {
      html += `<button type="button" id="rematch-btn"${this.asked ? " disabled" : ""}>${esc(t("links.rematch"))}</button>`;
    }
    html += ` <a id="lobby-link" class="button-link" href="/">${esc(t("common.backToLobby"))}</a>` +
      `<p class="error" id="rematch-error" role="alert"></p>`;
    if (box.dataset.html === html && !box.hidden) return;
    box.innerHTML = html;
    box.dataset.html = html;
    box.hidden = false;
    const b = $("rematch-btn");
    if (b) b.onclick = () => this.rematch(table, b);
  },

  async rematch(table, button) {
    this.asked = true;
    button.disabled = true;
    try {
      const r = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/rematch`,
                          {token: table.token});
      Seats.keep(r.table, table.token);
      location.href = r.link;
    } catch (e) {
      this.asked = false;
      button.disabled = false;
      $("rematch-error").textContent = e.message;
    }
  },
};
