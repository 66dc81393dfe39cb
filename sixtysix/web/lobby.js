// The lobby: one click to play the computer, the tables this browser knows ("My tables"), and
// a new table with the games the server offers, their options and seats.
"use strict";

const Lobby = {
  catalog: null,
  bots: {},
  levels: [],

  async show() {
    $("lobby").hidden = false;
    try {
      const data = await api("GET", "/api/games");
      this.catalog = data.games;
      this.bots = data.bots;
      this.levels = data.levels || [];
    } catch (e) { $("lobby-error").textContent = e.message; return; }
    this.renderQuick();
    LobbyLive.start(this.catalog);
    this.renderMine();
    this.refreshMine();
    const sel = $("game-select");
    sel.innerHTML = this.catalog.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("");
    if (this.catalog.some((g) => g.id === "sixty-six")) sel.value = "sixty-six";  // the family's namesake first
    sel.addEventListener("change", () => this.renderGame());
    $("quick-level").addEventListener("change", () => this.renderLevelHelp());
    $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); this.create(); });
    this.renderGame();
    Player.show();
  },

  // The player's name is the creator's seat name (and the quick game's) by default.
  playerChanged() {
    if (LobbyLive.catalog.length) { LobbyLive.me(); LobbyLive.render(); }
    const p = Player.get(), first = $("seat-name-0");
    if (first && (first.value === "You" || first.dataset.player === "1")) {
      first.value = p ? p.name : "You";
      first.dataset.player = p ? "1" : "";
    }
  },

  game() { return this.catalog.find((g) => g.id === $("game-select").value); },

  // ------------------------------------------------------------ play against the computer

  renderQuick() {
    const sel = $("quick-level");
    sel.innerHTML = this.levels.map((l) => `<option value="${esc(l)}">${esc(l[0].toUpperCase() + l.slice(1))}` +
      `</option>`).join("");
    const saved = localStorage.getItem("sixtysix.level");
    sel.value = this.levels.includes(saved) ? saved : this.levels.includes("casual") ? "casual" : this.levels[0];
    sel.setAttribute("aria-describedby", "quick-level-help");
    this.renderLevelHelp();
    // The family's namesake first, then the others as the server lists them.
    const games = [...this.catalog].sort((a, b) => (b.id === "sixty-six") - (a.id === "sixty-six"));
    $("quick-games").innerHTML = games.map((g) =>
      `<button type="button" class="quick-game" data-game="${esc(g.id)}">${esc(g.name)}</button>`).join("");
    for (const b of document.querySelectorAll(".quick-game")) b.onclick = () => this.quick(b.dataset.game, b);
  },

  renderLevelHelp() { $("quick-level-help").textContent = this.bots[$("quick-level").value] || ""; },

  // One click: this browser's person in the first seat, the chosen level in every other, then
  // straight to the table.
  async quick(gameId, button) {
    const g = this.catalog.find((x) => x.id === gameId);
    const level = $("quick-level").value;
    localStorage.setItem("sixtysix.level", level);
    const p = Player.get();
    const seats = [{kind: "human", name: p ? p.name : "You"}];
    for (let i = 1; i < g.n_seats; i++) seats.push({kind: "bot", bot: level});
    button.disabled = true;
    $("lobby-error").textContent = "";
    try {
      const t = await Player.api("POST", "/api/tables", {game: g.id, seats});
      this.remember(t);
      location.href = `/t/${encodeURIComponent(t.table)}`;
    } catch (e) {
      button.disabled = false;
      $("lobby-error").textContent = e.message;
    }
  },

  // ------------------------------------------------------------ my tables

  // A table made here: the creator's seat (its secret kept in this browser only).
  remember(t) {
    const g = this.catalog.find((x) => x.id === t.game);
    const mine = t.seats.find((s) => s.token);
    if (mine) Seats.keep(t.table, mine.token);
    MyTables.remember({id: t.table, game: t.game, game_name: g ? g.name : t.game,
                       seat: mine ? mine.seat : null});
  },

  renderMine() {
    const list = MyTables.all();
    $("my-tables-box").hidden = !list.length;
    $("my-tables").innerHTML = list.map((e) => {
      const when = new Date(e.when).toLocaleString();
      const who = e.seat === null || e.seat === undefined ? "watching" : `seat ${e.seat + 1}`;
      const mark = e.gone ? ` <span class="finished-mark">gone</span>`
        : e.finished ? ` <span class="finished-mark">finished</span>` : "";
      return `<li data-table="${esc(e.id)}"><span><b>${esc(e.game_name || e.game)}</b> · table ` +
        `${esc(e.id)} · ${esc(who)}${mark}</span> <span class="when">${esc(when)}</span>` +
        `<a class="resume-link" href="/t/${esc(encodeURIComponent(e.id))}">${e.finished ? "Open" : "Resume"}` +
        `<span class="visually-hidden"> ${esc(e.game_name || e.game)} table ${esc(e.id)}</span></a>` +
        `<button type="button" class="secondary forget-btn" data-table="${esc(e.id)}">Remove` +
        `<span class="visually-hidden"> table ${esc(e.id)} from my tables</span></button></li>`;
    }).join("");
    for (const b of document.querySelectorAll(".forget-btn")) {
      b.onclick = () => {
        MyTables.forget(b.dataset.table);
        this.renderMine();
        const first = document.querySelector(".forget-btn");
        if (first) first.focus();
        $("announce").textContent = `Table ${b.dataset.table} removed from my tables`;
      };
    }
  },

  // Which of my tables are finished (or gone from the server): asked once per lobby visit, for
  // the unfinished ones only, a few at a time.
  async refreshMine() {
    const open = MyTables.all().filter((e) => !e.finished && !e.gone).slice(0, 20);
    await Promise.all(open.map(async (e) => {
      const token = Seats.get(e.id);
      const q = token ? `?token=${encodeURIComponent(token)}` : "";
      const r = await fetch(`/api/tables/${encodeURIComponent(e.id)}${q}`).catch(() => null);
      if (!r) return;
      if (r.status === 404) MyTables.remember({id: e.id, gone: true});
      else if (r.ok) {
        const m = await r.json();
        MyTables.remember({id: e.id, finished: !!m.complete});
      }
    }));
    if (open.length) this.renderMine();
  },

  // ------------------------------------------------------------ a new table

  renderGame() {
    const g = this.game();
    $("game-rules-link").href = `/help/${encodeURIComponent(g.id)}`;
    $("game-rules-link").textContent = `Rules of ${g.name}`;
    // Each option by its readable label, its meaning below it (and read with it), its name in
    // the tooltip: the name is what records and the command line use.
    $("options").innerHTML = g.options.map((o) => {
      const id = `opt-${o.name}`;
      const desc = `<span class="opt-desc" id="${id}-desc">${esc(o.meaning)}</span>`;
      const attrs = `id="${id}" data-opt="${esc(o.name)}" aria-describedby="${id}-desc" title="${esc(o.name)}"`;
      if (o.type === "bool") {
        return `<div class="opt-row"><label><input type="checkbox" ${attrs} data-type="bool"` +
          `${o.default ? " checked" : ""}> ${esc(o.label)}</label>${desc}</div>`;
      }
      if (o.type === "int") {
        return `<div class="opt-row"><label>${esc(o.label)} <input type="number" min="0" ${attrs}` +
          ` data-type="int" value="${esc(o.default)}"></label>${desc}</div>`;
      }
      return `<div class="opt-row"><label>${esc(o.label)} <select ${attrs} data-type="choice">` +
        o.choices.map((c) => `<option value="${esc(c)}"${c === o.default ? " selected" : ""}>` +
          `${esc(String(c).replace(/_/g, " "))}</option>`).join("") +
        `</select></label>${desc}</div>`;
    }).join("");
    // A game whose seat count is an option (North American's players) redraws its seats.
    const players = $("opt-players");
    if (players) players.addEventListener("change", () => this.renderSeats());
    this.renderSeats();
  },

  renderSeats() {
    const g = this.game();
    const n = $("opt-players") ? Number($("opt-players").value) : g.n_seats;
    // Levels first (what people choose an opponent by), then the engines they are made of.
    const opt = (name) => `<option value="bot:${esc(name)}" title="${esc(this.bots[name])}">` +
      `${esc(name[0].toUpperCase() + name.slice(1))}</option>`;
    const engines = Object.keys(this.bots).filter((b) => !this.levels.includes(b));
    const botOpts = `<optgroup label="Computer: levels">${this.levels.map(opt).join("")}</optgroup>` +
      `<optgroup label="Computer: engines">${engines.map(opt).join("")}</optgroup>`;
    let seats = "<legend>Seats</legend>";
    for (let i = 0; i < n; i++) {
      const def = i === 0 ? "human" : "bot";
      seats += `<div class="seat-row"><label>Seat ${i + 1}
          <select id="seat-kind-${i}" data-seat="${i}">
            <option value="human"${def === "human" ? " selected" : ""}>Person</option>${botOpts}
          </select></label>
          <label>Name <input id="seat-name-${i}" maxlength="40" value="${i === 0 ? "You" : ""}"></label></div>`;
    }
    $("seats").innerHTML = seats;
    this.playerChanged();
    for (let i = 1; i < n; i++) {
      const s = $(`seat-kind-${i}`);
      const pref = ["bot:casual", "bot:heuristic", "bot:random"].find((v) => [...s.options].some((o) => o.value === v));
      if (pref) s.value = pref;
    }
    // "Allow hints" follows the seats: off where several people play (a hint helps only the
    // player who asks), on against the computer; the creator may change it after.
    const follow = () => {
      const people = [...document.querySelectorAll("#seats select[data-seat]")].filter((x) => x.value === "human");
      $("opt-hints").checked = people.length <= 1;
    };
    for (const sel of document.querySelectorAll("#seats select[data-seat]")) sel.addEventListener("change", follow);
    follow();
  },

  async create() {
    const g = this.game();
    const options = {};
    for (const el of document.querySelectorAll("[data-opt]")) {
      const o = g.options.find((x) => x.name === el.dataset.opt);
      // A choice goes back as the option's own value (players 3 is a number, dealer_cap may be null).
      const v = el.dataset.type === "bool" ? el.checked : el.dataset.type === "int" ? Number(el.value)
        : o.choices.find((c) => String(c) === el.value);
      if (v !== o.default) options[o.name] = v;
    }
    const seats = [];
    for (let i = 0; i < document.querySelectorAll("#seats select[data-seat]").length; i++) {
      const kind = $(`seat-kind-${i}`).value;
      const name = $(`seat-name-${i}`).value.trim() || undefined;
      seats.push(kind === "human" ? {kind: "human", name} : {kind: "bot", bot: kind.slice(4), name});
    }
    $("lobby-error").textContent = "";
    const request = {
      game: g.id, options, seats, hints: $("opt-hints").checked && !$("opt-rated").checked,
      takeover_seconds: Number($("opt-takeover").value) || 0,
      next_hand_seconds: Number($("opt-next").value) || 0, rated: $("opt-rated").checked};
    // Open to anyone: the lobby lists it, and the opener goes to his seat.
    if ($("opt-open").checked) return LobbyLive.open(request);
    try {
      const t = await Player.api("POST", "/api/tables", request);
      this.showLinks(t);
    } catch (e) { $("lobby-error").textContent = e.message; }
  },

  // The table made: a link to the creator's own seat, a Share button for each other person's
  // invitation, and the watching link.
  showLinks(t) {
    this.remember(t);
    $("created").hidden = false;
    $("created-id").textContent = t.table;
    const page = `/t/${encodeURIComponent(t.table)}`;
    let html = "";
    for (const s of t.seats) {
      const who = `Seat ${s.seat + 1} (${s.name})`;
      html += s.token
        ? `<li>${esc(who)}: your seat. <a class="seat-link" data-seat="${s.seat}" href="${esc(page)}">` +
          `Take your seat</a></li>`
        : s.invite_link ? `<li>${Share.row(`Invitation to ${who}`, s.invite_link, `created-${s.seat}`)}</li>`
        : `<li>Seat ${s.seat + 1}: ${esc(s.name)}</li>`;
    }
    html += `<li>${Share.row("Link to watch", t.spectator_link, "created-watch")}</li>`;
    $("links").innerHTML = html;
    Share.wire($("links"));
    this.renderMine();
  },
};
