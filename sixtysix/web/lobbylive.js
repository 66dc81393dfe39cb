// The lobby's live part, over the WebSocket /ws/lobby: "Play now" (quick pairing: this player
// waits for a game until the server seats him, then his table opens), the tables open to anyone
// (a click takes a free seat; the opener may close his own), and the tables being played, to
// watch. Each seat's secret goes to this browser's Seats, as an invitation's does.
"use strict";

const LobbyLive = {
  ws: null,
  lists: {open: [], live: [], waiting: {}},
  queue: {state: "idle"},
  queueAt: 0,        // performance.now() when the queue status came (its seconds count from then)
  catalog: [],
  retry: 1000,

  start(catalog) {
    this.catalog = catalog;
    const filter = $("lobby-game");
    const saved = localStorage.getItem("sixtysix.lobbyGame") || "";
    this.renderControls();
    filter.value = catalog.some((g) => g.id === saved) ? saved : "";
    filter.addEventListener("change", () => {
      localStorage.setItem("sixtysix.lobbyGame", filter.value);
      this.send({type: "game", game: filter.value || null});
    });
    $("play-now-leave").onclick = () => this.leave();
    I18n.onSwitch(() => { this.renderControls(); this.render(); this.renderQueue(); });
    setInterval(() => this.renderQueue(), 1000);
    this.connect();
  },

  gameName(id) { return I18n.has(`game.${id}`) ? t(`game.${id}`) : id; },

  renderControls() {
    const filter = $("lobby-game"), keep = filter.value;
    filter.innerHTML = `<option value="">${esc(t("lobby.allGames"))}</option>` + this.catalog.map((g) =>
      `<option value="${esc(g.id)}">${esc(this.gameName(g.id))}</option>`).join("");
    filter.value = keep;
    // The default game (the family's namesake) first, as in "Play against the computer".
    const games = [...this.catalog].sort((a, b) => b.default - a.default);
    $("play-now-games").innerHTML = games.map((g) =>
      `<button type="button" class="play-now-game" data-game="${esc(g.id)}">${esc(this.gameName(g.id))}</button>`).join("");
    for (const b of document.querySelectorAll(".play-now-game")) b.onclick = () => this.playNow(b.dataset.game);
  },

  // ------------------------------------------------------------ the connection

  connect() {
    const game = $("lobby-game").value;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = this.ws = new WebSocket(`${proto}//${location.host}/ws/lobby` +
                                       (game ? `?game=${encodeURIComponent(game)}` : ""));
    ws.onopen = () => { this.retry = 1000; this.me(); };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "lobby") { this.lists = m; this.render(); }
      else if (m.type === "queue") this.onQueue(m);
      else if (m.type === "error") $("lobby-live-error").textContent = errorText(m.error);
    };
    // Gone (a restart, a dropped line): connected again after a while, longer each time.
    ws.onclose = () => {
      if (this.ws !== ws) return;
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 15000);
    };
  },

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  },

  // This connection is this browser's player's (his queue news come over it); called again when
  // the player changes.
  me() { if (Player.secret()) this.send({type: "me", secret: Player.secret()}); },

  // ------------------------------------------------------------ the lists

  seatText(s) {
    if (s.free) return t("lobby.freeSeat");
    // A provisional rating (a new player's) is marked with "?".
    const rating = s.rating === null || s.rating === undefined ? ""
      : ` (${s.rating}${s.provisional ? "?" : ""})`;
    return `${seatName(s, s.seat)}${rating}`;  // common.js
  },

  entry(e, buttons) {
    const rated = e.rated ? ` <span class="rated-mark">${esc(t("lobby.rated"))}</span>` : "";
    const seats = e.seats.map((s) => esc(this.seatText(s))).join(" · ");
    return `<li data-table="${esc(e.table)}"><span><b>${esc(this.gameName(e.game))}</b>${rated}: ` +
      `${seats}</span> ${buttons}</li>`;
  },

  render() {
    const me = Player.get();
    $("open-tables").innerHTML = this.lists.open.map((e) => {
      const label = `${this.gameName(e.game)} ${e.table}`;
      const mine = me && e.creator === me.id;
      const seated = me && e.seats.some((s) => s.player === me.id);
      const button = mine
        ? `<button type="button" class="secondary close-open" data-table="${esc(e.table)}">` +
          `${esc(t("lobby.open.close"))}<span class="visually-hidden"> ${esc(label)}</span></button>` +
          ` <a href="${esc(e.link)}">${esc(t("lobby.open.myTable"))}</a>`
        : seated ? `<a href="${esc(e.link)}">${esc(t("lobby.open.myTable"))}</a>`
        : `<button type="button" class="sit-down" data-table="${esc(e.table)}">` +
          `${esc(t("lobby.open.sit"))}<span class="visually-hidden"> ${esc(label)}</span></button>`;
      return this.entry(e, button);
    }).join("");
    $("live-tables").innerHTML = this.lists.live.map((e) => this.entry(e,
      `<a class="watch-link" href="${esc(e.link)}">${esc(t("lobby.live.watch"))}` +
      `<span class="visually-hidden"> ${esc(this.gameName(e.game))} ${esc(e.table)}</span></a>`)).join("");
    $("open-tables-none").hidden = this.lists.open.length > 0;
    $("live-tables-none").hidden = this.lists.live.length > 0;
    for (const b of document.querySelectorAll(".sit-down")) b.onclick = () => this.sit(b.dataset.table, b);
    for (const b of document.querySelectorAll(".close-open")) b.onclick = () => this.close(b.dataset.table, b);
  },

  // The seat's secret kept in this browser, the table in My tables, then off to it.
  goTo(table, seat, token, game) {
    Seats.keep(table, token);
    MyTables.remember({id: table, game, game_name: this.gameName(game), seat});
    location.href = `/t/${encodeURIComponent(table)}`;
  },

  // Runs a request of the lobby's (its error shown in ``box``), with ``button`` disabled meanwhile.
  async attempt(button, request, box = "lobby-live-error") {
    $(box).textContent = "";
    if (!Player.get()) {
      $(box).textContent = t("lobby.needPlayer");
      $("player-new-name").focus();
      return;
    }
    if (button) button.disabled = true;
    try { await request(); } catch (e) {
      $(box).textContent = e.message;
      if (button) button.disabled = false;
    }
  },

  sit(table, button) {
    const e = this.lists.open.find((x) => x.table === table);
    return this.attempt(button, async () => {
      const r = await Player.api("POST", `/api/lobby/tables/${encodeURIComponent(table)}/sit`, {});
      this.goTo(r.table, r.seat, r.token, e ? e.game : "");
    });
  },

  close(table, button) {
    return this.attempt(button, async () => {
      await Player.api("DELETE", `/api/lobby/tables/${encodeURIComponent(table)}`);
      MyTables.forget(table);
      $("announce").textContent = t("lobby.open.closed");
    });
  },

  // A table from the New table form, opened to anyone: the opener goes to his seat.
  open(request) {
    return this.attempt($("create-btn"), async () => {
      const r = await Player.api("POST", "/api/lobby/tables", request);
      this.goTo(r.table, r.seat, r.token, r.game);
    }, "lobby-error");
  },

  // ------------------------------------------------------------ Play now

  playNow(game) {
    return this.attempt(null, async () => {
      this.onQueue(await Player.api("POST", "/api/lobby/queue", {game, rated: $("play-now-rated").checked}));
      this.me();  // (a connection made before the player was: from now on it is his)
    });
  },

  leave() {
    return this.attempt($("play-now-leave"), async () => {
      this.onQueue(await Player.api("DELETE", "/api/lobby/queue"));
      $("play-now-leave").disabled = false;
    });
  },

  async onQueue(status) {
    this.queue = status;
    this.queueAt = performance.now();
    this.renderQueue();
    if (status.state !== "paired") return;
    // Seated: the pairing is fetched once (forgotten at the server, so that coming back to the
    // lobby later does not lead to this table again), and the table opens.
    await Player.api("DELETE", "/api/lobby/queue").catch(() => null);
    this.goTo(status.table, status.seat, status.token, status.game);
  },

  renderQueue() {
    const q = this.queue, waiting = q.state === "waiting";
    $("play-now-leave").hidden = !waiting;
    for (const b of document.querySelectorAll(".play-now-game")) b.disabled = waiting || q.state === "paired";
    // What is announced (once), and the computer's countdown beside it (not announced each second).
    const text = waiting ? t("lobby.playNow.waiting", {game: this.gameName(q.game)})
      : q.state === "paired" ? t("lobby.playNow.paired", {game: this.gameName(q.game)}) : "";
    if ($("play-now-status").textContent !== text) $("play-now-status").textContent = text;
    let wait = "";
    if (waiting) {
      const left = Math.max(0, Math.ceil(q.computer_in - (performance.now() - this.queueAt) / 1000));
      wait = left > 0 ? t("lobby.playNow.computerIn", {seconds: left}) : t("lobby.playNow.computerNow");
    }
    if ($("play-now-wait").textContent !== wait) $("play-now-wait").textContent = wait;
  },
};
