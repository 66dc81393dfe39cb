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
      const data = await api("GET", `/api/games?lang=${I18n.lang}`);
      this.catalog = data.games;
      this.bots = data.bots;
      this.levels = data.levels || [];
    } catch (e) { $("lobby-error").textContent = e.message; return; }
    this.renderQuick();
    LobbyLive.start(this.catalog);
    this.renderMine();
    this.refreshMine();
    const sel = $("game-select");
    this.renderGameSelect();
    const first = this.catalog.find((g) => g.default);  // the server's default game first
    if (first) sel.value = first.id;
    sel.addEventListener("change", () => this.renderGame());
    $("quick-level").addEventListener("change", () => this.renderLevelHelp());
    $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); this.create(); });
    this.renderGame();
    Player.show();
    I18n.onSwitch(() => this.switched());
  },

  // Another language: the options' labels and meanings come again from the server; what the
  // person chose or typed stays.
  async switched() {
    try {
      this.catalog = (await api("GET", `/api/games?lang=${I18n.lang}`)).games;
    } catch (e) { $("lobby-error").textContent = e.message; }
    const level = $("quick-level").value, game = $("game-select").value;
    const kept = [...document.querySelectorAll("#create-form [id^='seat-'], #options [data-opt]")]
      .map((el) => [el.id, el.type === "checkbox" ? el.checked : el.value]);
    this.renderQuick();
    $("quick-level").value = level;
    this.renderLevelHelp();
    this.renderGameSelect();
    $("game-select").value = game;
    this.renderGame();
    for (const [id, v] of kept) {
      const el = $(id);
      if (el && el.type === "checkbox") el.checked = v;
      else if (el) el.value = v;
    }
    this.renderMine();
  },

  renderGameSelect() {
    $("game-select").innerHTML = this.catalog.map((g) =>
      `<option value="${esc(g.id)}">${esc(gameName(g.id, g.name))}</option>`).join("");
  },

  // The player's name is the creator's seat name (and the quick game's) by default.
  playerChanged() {
    if (LobbyLive.catalog.length) { LobbyLive.me(); LobbyLive.render(); }
    const p = Player.get(), first = $("seat-name-0");
    if (first && (first.value === t("lobby.you") || first.dataset.player === "1")) {
      first.value = p ? p.name : t("lobby.you");
      first.dataset.player = p ? "1" : "";
    }
  },

  game() { return this.catalog.find((g) => g.id === $("game-select").value); },

  // ------------------------------------------------------------ play against the computer

  renderQuick() {
    const sel = $("quick-level");
    sel.innerHTML = this.levels.map((l) => `<option value="${esc(l)}">${esc(this.levelName(l))}</option>`).join("");
    const saved = localStorage.getItem("sixtysix.level");
    sel.value = this.levels.includes(saved) ? saved : this.levels.includes("casual") ? "casual" : this.levels[0];
    sel.setAttribute("aria-describedby", "quick-level-help");
    this.renderLevelHelp();
    // The default game (the family's namesake) first, then the others as the server lists them.
    const games = [...this.catalog].sort((a, b) => b.default - a.default);
    $("quick-games").innerHTML = games.map((g) =>
      `<button type="button" class="quick-game" data-game="${esc(g.id)}">${esc(gameName(g.id, g.name))}</button>`).join("");
    for (const b of document.querySelectorAll(".quick-game")) b.onclick = () => this.quick(b.dataset.game, b);
  },

  // A level by a name and a sentence a player understands (the engine's own words are for the
  // engines' list).
  levelName(l) { return I18n.has(`level.${l}`) ? t(`level.${l}`) : l[0].toUpperCase() + l.slice(1); },

  renderLevelHelp() {
    const l = $("quick-level").value;
    $("quick-level-help").textContent = I18n.has(`level.${l}.about`) ? t(`level.${l}.about`) : this.bots[l] || "";
  },

  // One click: this browser's person in the first seat, the chosen level in every other, then
  // straight to the table.
  async quick(gameId, button) {
    const g = this.catalog.find((x) => x.id === gameId);
    const level = $("quick-level").value;
    localStorage.setItem("sixtysix.level", level);
    const p = Player.get();
    const seats = [{kind: "human", name: p ? p.name : t("lobby.you")}];
    for (let i = 1; i < g.n_seats; i++) seats.push({kind: "bot", bot: level});
    button.disabled = true;
    $("lobby-error").textContent = "";
    try {
      const made = await Player.api("POST", "/api/tables", {game: g.id, seats});
      this.remember(made);
      location.href = `/t/${encodeURIComponent(made.table)}`;
    } catch (e) {
      button.disabled = false;
      $("lobby-error").textContent = e.message;
    }
  },

  // ------------------------------------------------------------ my tables

  // A table made here: the creator's seat (its secret kept in this browser only).
  remember(made) {
    const g = this.catalog.find((x) => x.id === made.game);
    const mine = made.seats.find((s) => s.token);
    if (mine) Seats.keep(made.table, mine.token);
    MyTables.remember({id: made.table, game: made.game, game_name: g ? g.name : made.game,
                       seat: mine ? mine.seat : null});
  },

  renderMine() {
    const list = MyTables.all();
    $("my-tables-box").hidden = !list.length;
    $("my-tables").innerHTML = list.map((e) => {
      const when = new Date(e.when).toLocaleString(I18n.lang);
      const name = gameName(e.game, e.game_name);
      const who = e.seat === null || e.seat === undefined ? t("lobby.mine.watching")
        : t("lobby.mine.seat", {seat: e.seat + 1});
      const mark = e.gone ? ` <span class="finished-mark">${esc(t("lobby.mine.gone"))}</span>`
        : e.finished ? ` <span class="finished-mark">${esc(t("lobby.mine.finished"))}</span>` : "";
      return `<li data-table="${esc(e.id)}"><span><b>${esc(name)}</b> · ${esc(t("lobby.mine.table", {table: e.id}))}` +
        ` · ${esc(who)}${mark}</span> <span class="when">${esc(when)}</span>` +
        `<a class="resume-link" href="/t/${esc(encodeURIComponent(e.id))}">` +
        `${esc(t(e.finished ? "lobby.mine.open" : "lobby.mine.resume"))}` +
        `<span class="visually-hidden"> ${esc(t("lobby.mine.which", {game: name, table: e.id}))}</span></a>` +
        `<button type="button" class="secondary forget-btn" data-table="${esc(e.id)}">${esc(t("lobby.mine.remove"))}` +
        `<span class="visually-hidden"> ${esc(t("lobby.mine.removeWhich", {table: e.id}))}</span></button></li>`;
    }).join("");
    for (const b of document.querySelectorAll(".forget-btn")) {
      b.onclick = () => {
        MyTables.forget(b.dataset.table);
        this.renderMine();
        const first = document.querySelector(".forget-btn");
        if (first) first.focus();
        $("announce").textContent = t("lobby.mine.removed", {table: b.dataset.table});
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
    $("game-rules-link").textContent = t("links.rules", {game: gameName(g.id, g.name)});
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
          `${esc(choiceWords(c))}</option>`).join("") +
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
    // Levels first (what people choose an opponent by, in a player's words), then the engines
    // they are made of, by their own names, for experts.
    const level = (name) => `<option value="bot:${esc(name)}" title="${esc(t(`level.${name}.about`))}">` +
      `${esc(this.levelName(name))}</option>`;
    const engine = (name) => `<option value="bot:${esc(name)}" title="${esc(this.bots[name])}">${esc(name)}</option>`;
    const engines = Object.keys(this.bots).filter((b) => !this.levels.includes(b));
    const botOpts = `<optgroup label="${esc(t("lobby.levels"))}">${this.levels.map(level).join("")}</optgroup>` +
      `<optgroup label="${esc(t("level.engines"))}">${engines.map(engine).join("")}</optgroup>`;
    let seats = `<legend>${esc(t("links.seats"))}</legend>`;
    for (let i = 0; i < n; i++) {
      const def = i === 0 ? "human" : "bot";
      seats += `<div class="seat-row"><label>${esc(t("lobby.seat", {seat: i + 1}))}
          <select id="seat-kind-${i}" data-seat="${i}">
            <option value="human"${def === "human" ? " selected" : ""}>${esc(t("lobby.person"))}</option>${botOpts}
          </select></label>
          <label>${esc(t("lobby.name"))} <input id="seat-name-${i}" maxlength="40" value="${i === 0 ? esc(t("lobby.you")) : ""}"></label></div>`;
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
      const made = await Player.api("POST", "/api/tables", request);
      this.showLinks(made);
    } catch (e) { $("lobby-error").textContent = e.message; }
  },

  // The table made: a link to the creator's own seat, a Share button for each other person's
  // invitation, and the watching link.
  showLinks(made) {
    this.remember(made);
    $("created").hidden = false;
    $("created-id").textContent = made.table;
    const page = `/t/${encodeURIComponent(made.table)}`;
    let html = "";
    for (const s of made.seats) {
      html += s.token
        ? `<li>${esc(t("lobby.created.yourSeat", {seat: s.seat + 1, name: s.name}))} ` +
          `<a class="seat-link" data-seat="${s.seat}" href="${esc(page)}">${esc(t("lobby.created.take"))}</a></li>`
        : s.invite_link
          ? `<li>${Share.row(t("links.invitation", {seat: s.seat + 1, name: s.name}), s.invite_link, `created-${s.seat}`)}</li>`
          : `<li>${esc(t("links.seat", {seat: s.seat + 1, name: s.name}))}</li>`;
    }
    html += `<li>${Share.row(t("lobby.created.watch"), made.spectator_link, "created-watch")}</li>`;
    $("links").innerHTML = html;
    Share.wire($("links"));
    this.renderMine();
  },
};
