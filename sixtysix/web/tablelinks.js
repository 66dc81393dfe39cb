// The table's links: this seat's own link, the other seats' where this browser created the table,
// the watching link, the record and the rules (footer #table-links); at the end of the match,
// Rematch and Back to the lobby (#match-end). The table is remembered in "My tables".
"use strict";

const TableLinks = {
  asked: false,

  render(table) {
    const m = table.state, me = m.seat, token = table.token;
    const known = MyTables.get(m.table);
    // A seat's link is remembered; a watcher's only where this browser knows no seat of it.
    if (me !== null || !known) {
      MyTables.remember({id: m.table, game: m.game, game_name: m.game_name, seat: me,
                         link: this.ownLink(m.table, me, token), finished: m.complete});
    } else if (known.finished !== m.complete) {
      MyTables.remember({id: m.table, finished: m.complete});
    }
    $("table-title").textContent = `${m.game_name}, table ${m.table}`;
    this.renderEnd(table);

    let html = "";
    if (me !== null) html += linkRow(`Your seat's link (${table.name(me)})`, this.ownLink(m.table, me, token), "own");
    // Other seats' links: only this browser's creator copy has them (the server never sends
    // one seat another's token).
    for (const l of (known && known.links) || []) {
      if (l.seat !== me) html += linkRow(`Link of seat ${l.seat + 1} (${l.name})`, l.link, `seat-${l.seat}`);
    }
    html += linkRow("Link to watch", `/t/${encodeURIComponent(m.table)}`, "watch");
    const rec = `/api/tables/${encodeURIComponent(m.table)}/record` +
      (token ? `?token=${encodeURIComponent(token)}` : "");
    html += `<p>`;
    if (me !== null || m.complete) {
      html += `<a id="record-link" href="${esc(rec)}" download="sixtysix-${esc(m.table)}.json">` +
        `Download the record</a> · `;
    }
    html += `<a id="rules-link" href="/help/${esc(encodeURIComponent(m.game))}">Rules of ` +
      `${esc(m.game_name)}</a> · <a href="/">Lobby</a></p>`;
    const footer = $("table-links");
    // Redrawn only when it changes: a click on Copy must not lose its button mid-state.
    if (footer.dataset.html !== html) {
      footer.innerHTML = html;
      footer.dataset.html = html;
      wireCopyButtons(footer);
    }
  },

  ownLink(id, seat, token) {
    return `/t/${encodeURIComponent(id)}` + (seat !== null && token ? `?token=${encodeURIComponent(token)}` : "");
  },

  // At the end of the match: a rematch (same seats and options, a new secret deal) and the way
  // back to the lobby. Once any seat asked for the rematch, each seat is shown its own link.
  renderEnd(table) {
    const m = table.state, box = $("match-end");
    if (!m.complete) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    let html = `<h2>${esc(table.matchWords())}</h2>`;
    if (m.rematch) {
      MyTables.remember({id: m.rematch.table, game: m.game, game_name: m.game_name, seat: m.seat,
                         link: m.rematch.link, finished: false});
      html += `<p>A rematch is ready: <a id="rematch-link" href="${esc(m.rematch.link)}">` +
        `${m.seat !== null ? "Play the rematch" : "Watch the rematch"}</a></p>`;
    } else if (m.seat !== null) {
      html += `<button type="button" id="rematch-btn"${this.asked ? " disabled" : ""}>Rematch</button>`;
    }
    html += ` <a id="lobby-link" class="button-link" href="/">Back to lobby</a>` +
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
      location.href = r.link;
    } catch (e) {
      this.asked = false;
      button.disabled = false;
      $("rematch-error").textContent = e.message;
    }
  },
};
