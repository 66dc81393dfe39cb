// The web client: a lobby to create tables and a table view driven only by the server's messages
// (the seat's view and its legal actions), so a new game needs no new client code.
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

// ---------------------------------------------------------------- lobby

const Lobby = {
  catalog: null,
  bots: {},

  async show() {
    $("lobby").hidden = false;
    try {
      const data = await api("GET", "/api/games");
      this.catalog = data.games;
      this.bots = data.bots;
    } catch (e) { $("lobby-error").textContent = e.message; return; }
    const sel = $("game-select");
    sel.innerHTML = this.catalog.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("");
    if (this.catalog.some((g) => g.id === "sixty-six")) sel.value = "sixty-six";  // the family's namesake first
    sel.addEventListener("change", () => this.renderGame());
    $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); this.create(); });
    this.renderGame();
  },

  game() { return this.catalog.find((g) => g.id === $("game-select").value); },

  renderGame() {
    const g = this.game();
    const botOpts = Object.entries(this.bots).map(([name, help]) =>
      `<option value="bot:${esc(name)}" title="${esc(help)}">Computer: ${esc(name)}</option>`).join("");
    let seats = "<legend>Seats</legend>";
    for (let i = 0; i < g.n_seats; i++) {
      const def = i === 0 ? "human" : "bot";
      seats += `<div class="seat-row"><label>Seat ${i + 1}
          <select id="seat-kind-${i}" data-seat="${i}">
            <option value="human"${def === "human" ? " selected" : ""}>Person</option>${botOpts}
          </select></label>
          <label>Name <input id="seat-name-${i}" maxlength="40" value="${i === 0 ? "You" : ""}"></label></div>`;
    }
    $("seats").innerHTML = seats;
    for (let i = 1; i < g.n_seats; i++) {
      const s = $(`seat-kind-${i}`);
      const pref = ["bot:casual", "bot:heuristic", "bot:random"].find((v) => [...s.options].some((o) => o.value === v));
      if (pref) s.value = pref;
    }
    $("options").innerHTML = g.options.map((o) => {
      const id = `opt-${o.name}`;
      if (o.type === "bool") {
        return `<label><input type="checkbox" id="${id}" data-opt="${esc(o.name)}" data-type="bool"` +
          `${o.default ? " checked" : ""}> ${esc(o.name)}</label>`;
      }
      if (o.type === "int") {
        return `<label>${esc(o.name)} <input type="number" min="0" id="${id}" data-opt="${esc(o.name)}"` +
          ` data-type="int" value="${esc(o.default)}"></label>`;
      }
      return `<label>${esc(o.name)} <select id="${id}" data-opt="${esc(o.name)}" data-type="choice">` +
        o.choices.map((c) => `<option${c === o.default ? " selected" : ""}>${esc(c)}</option>`).join("") +
        "</select></label>";
    }).join("");
  },

  async create() {
    const g = this.game();
    const options = {};
    for (const el of document.querySelectorAll("[data-opt]")) {
      const o = g.options.find((x) => x.name === el.dataset.opt);
      const v = el.dataset.type === "bool" ? el.checked : el.dataset.type === "int" ? Number(el.value) : el.value;
      if (v !== o.default) options[o.name] = v;
    }
    const seats = [];
    for (let i = 0; i < g.n_seats; i++) {
      const kind = $(`seat-kind-${i}`).value;
      const name = $(`seat-name-${i}`).value.trim() || undefined;
      seats.push(kind === "human" ? {kind: "human", name} : {kind: "bot", bot: kind.slice(4), name});
    }
    $("lobby-error").textContent = "";
    try {
      const t = await api("POST", "/api/tables", {
        game: g.id, options, seats, hints: $("opt-hints").checked,
        takeover_seconds: Number($("opt-takeover").value) || 0});
      this.showLinks(t);
    } catch (e) { $("lobby-error").textContent = e.message; }
  },

  showLinks(t) {
    $("created").hidden = false;
    $("created-id").textContent = t.table;
    const base = location.origin;
    let html = "";
    for (const s of t.seats) {
      if (s.kind === "human") {
        html += `<li>Seat ${s.seat + 1} (${esc(s.name)}): <a class="seat-link" data-seat="${s.seat}" ` +
          `href="${esc(s.link)}">${esc(base + s.link)}</a></li>`;
      } else {
        html += `<li>Seat ${s.seat + 1}: ${esc(s.name)}</li>`;
      }
    }
    html += `<li>Watch: <a class="spectator-link" href="${esc(t.spectator_link)}">` +
      `${esc(base + t.spectator_link)}</a></li>`;
    $("links").innerHTML = html;
  },
};

// ---------------------------------------------------------------- table

const VERB_LABELS = {
  draw: () => "Draw",
  close: () => "Close the stock",
  exchange: () => "Exchange the trump",
  declare: (a) => a.card ? `Show ${suitOf(a.card)} marriage and declare` : "Declare (claim the hand)",
  marry: (a) => `Marry ${suitOf(a.card)} — lead ${cardText(a.card)}`,
  trump: (a) => `Trumps: ${Cards.suitIcon(a.suit)} ${esc(Cards.suitName(a.suit))}`,
  turn: () => "Turn up a card for trumps",
  defer: () => "Let partner declare",
  pass: () => "Pass",
};

function suitOf(card) { return `${Cards.suitIcon(card[1])} ${esc(Cards.suitName(card[1]))}`; }
function cardText(card) {
  const r = Cards.isGerman() ? ({Q: "O", J: "U", T: "10"}[card[0]] || card[0]) : (card[0] === "T" ? "10" : card[0]);
  return `${esc(r)}${Cards.suitIcon(card[1], 14)}`;
}

const Table = {
  id: null, token: null, ws: null, state: null, retry: 0, sentVersion: -1,

  start(id, token) {
    this.id = id;
    this.token = token;
    $("table").hidden = false;
    this.connect();
  },

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.id)}${q}`);
    this.ws = ws;
    // Connected again: the server sends the state at once; whatever was chosen before is void.
    ws.onopen = () => { this.retry = 0; this.sentVersion = -1; };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (ev.code >= 4000) return; // refused (bad link): do not retry
      this.retry = Math.min(this.retry + 1, 6);
      $("status").textContent = "Connection lost — reconnecting…";
      setTimeout(() => this.connect(), 300 * 2 ** this.retry);
    };
  },

  // True when the message went out; false while disconnected (nothing is sent or remembered).
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    $("table-error").textContent = "Not connected — reconnecting… choose again when the table is back.";
    return false;
  },

  receive(msg) {
    if (msg.type === "state") {
      this.state = msg;
      $("table-error").textContent = "";
      $("hint-box").hidden = true;
      this.render();
    } else if (msg.type === "error") {
      this.sentVersion = -1; // refused: the player may choose again
      for (const b of document.querySelectorAll(".takeover-btn")) b.disabled = false;
      $("table-error").textContent = msg.error.message;
      const hb = $("hint-btn");
      if (hb) hb.disabled = false;
      if (msg.error.code === "no_table" || msg.error.code === "bad_token") $("status").textContent = "";
    } else if (msg.type === "hint") {
      if (this.state && msg.version === this.state.version) this.showHint(msg);
    }
  },

  act(action) {
    if (!this.state || this.sentVersion === this.state.version) return; // one action per state
    // Only an action that went out uses up this state: a click while disconnected is refused
    // (and said so), and the player chooses again once the state is back.
    if (this.send({type: "act", action, version: this.state.version})) this.sentVersion = this.state.version;
  },

  name(seat) {
    const s = this.state.seats[seat];
    return s ? s.name : `Seat ${seat + 1}`;
  },

  // Running card points: the rules keep them private, so the server sends only the seat's own
  // side's (null for the others) until the hand is over.
  points(i) {
    const v = this.state.view, me = this.state.seat, p = v.points[i];
    if (p === null || p === undefined) return "";
    if (v.phase === "over") return `${esc(p)} pts, `;
    if (i === me) return `you have ${esc(p)}, `;
    return `your side has ${esc(p)}, `;
  },

  // For a person who left: when the computer takes over, and a button to let it play at once.
  awayNote(s, i) {
    const m = this.state;
    if (s.kind !== "human" || s.connected || s.computer || m.complete) return "";
    let note = s.takeover_in !== null && s.takeover_in !== undefined
      ? ` (the computer plays in ${Math.ceil(s.takeover_in)} s)` : "";
    if (m.seat !== null && i !== m.seat) {
      note += ` <button class="secondary takeover-btn" data-seat="${i}">Computer plays now</button>`;
    }
    return note;
  },

  render() {
    const m = this.state, v = m.view, me = m.seat;
    document.title = `${m.game_name} — table ${m.table}`;
    const n = m.seats.length;
    // Scoreboard: match score, hand points and tricks, whose turn.
    $("scoreboard").innerHTML = m.seats.map((s, i) =>
      `<div class="seat-box${v.to_act === i ? " to-act" : ""}" data-seat="${i}">` +
      `<b>${esc(s.name)}</b>${i === me ? " (you)" : ""}${s.computer && s.kind === "human" ? " 🤖" : ""}` +
      `${s.connected ? "" : " · away"}${this.awayNote(s, i)}<br>` +
      `Match <span class="match-score">${esc(m.score[i])}</span> · ${this.points(i)}` +
      `${esc(v.tricks[i])} tricks${v.pending[i] ? ` (+${esc(v.pending[i])} pending)` : ""}` +
      v.marriages.filter((x) => x.seat === i).map((x) =>
        ` <span class="marriage" title="marriage">${Cards.suitIcon(x.suit, 14)}${esc(x.value)}</span>`).join("") +
      `</div>`).join("") +
      `<div class="seat-box">Hand ${esc(m.hand_no)}${v.bonus ? ` · bonus ${esc(v.bonus)}` : ""}` +
      (m.commitment ? `<br><span class="commitment" title="SHA-256 commitment to this deal, ` +
        `published before play: check it with 'sixtysix verify' once the match is over">` +
        `deal ${esc(m.commitment.slice(0, 12))}…</span>` : "") +
      (m.secret ? `<br><span class="secret" title="the server's secret, revealed: download the ` +
        `record and run 'sixtysix verify' on it">secret revealed</span>` : "") +
      `</div>`;

    for (const b of document.querySelectorAll(".takeover-btn")) {
      b.onclick = () => { if (this.send({type: "takeover", seat: Number(b.dataset.seat)})) b.disabled = true; };
    }

    // Other seats: card backs for unknown cards, faces for cards everyone has seen them take.
    let opp = "";
    for (let i = 0; i < n; i++) {
      if (i === me || !v.active.includes(i)) continue;
      const known = v.known[i] || [];
      const hidden = Math.max(0, v.hand_sizes[i] - known.length);
      const partner = me !== null && i !== me && v.sides[i] === v.sides[me];
      opp += `<div class="opp" data-seat="${i}"><div class="name">${esc(this.name(i))}` +
        `${partner ? " (partner)" : ""}` +
        `${v.to_act === i ? " — to play" : ""}</div><div class="backs">` +
        Array.from({length: hidden}, () => `<span class="card back">${Cards.back()}</span>`).join("") +
        known.map((c) => `<span class="card known" data-card="${esc(c)}">${Cards.face(c)}</span>`).join("") +
        "</div></div>";
    }
    $("opponents").innerHTML = opp;

    // Trump card and stock.
    let stock = "";
    if (v.trump) stock += `<div class="caption">Trumps ${Cards.suitIcon(v.trump, 20)} ${esc(Cards.suitName(v.trump))}</div>`;
    if (v.turnup && v.turnup_up) {
      stock += `<span class="card turnup" data-card="${esc(v.turnup)}">${Cards.face(v.turnup)}</span>`;
    } else if (v.turnup && v.closed_by !== null && v.stock > 0) {
      stock += `<span class="card turnup-closed">${Cards.back()}</span>`;
    }
    if (v.stock > 0) {
      stock += `<span class="card back stock">${Cards.back()}</span>` +
        `<div class="caption"><span id="stock-count">${esc(v.stock)}</span> in the stock` +
        `${v.closed_by !== null ? ` — closed by ${esc(this.name(v.closed_by))}` : ""}</div>`;
    }
    $("stock-area").innerHTML = stock;

    // Trick in progress and the last trick.
    $("trick-area").innerHTML = v.trick.length ? `<div class="caption">Trick</div>` + v.trick.map((t) =>
      `<span class="trick-card"><span class="card" data-card="${esc(t.card)}">${Cards.face(t.card)}</span>` +
      `<div class="who">${esc(this.name(t.seat))}</div></span>`).join("") : "";
    $("last-trick-area").innerHTML = v.last_trick.length ? `<div class="caption">Last trick</div>` +
      v.last_trick.map((t) => `<span class="card small" title="${esc(this.name(t.seat))}">` +
        `${Cards.face(t.card)}</span>`).join("") : "";

    // Status line.
    let status;
    if (m.complete) {
      const w = (m.winner || []).map((i) => this.name(i)).join(" and ");
      status = `The match is over. Winner: ${w || "nobody"}.`;
    } else if (v.phase === "over") {
      status = "The hand is over.";
    } else if (me !== null && v.to_act === me) {
      status = "Your turn.";
    } else if (v.to_act !== null) {
      status = `${this.name(v.to_act)} to act…`;
    } else status = "";
    $("status").textContent = status;

    // End-of-hand summary.
    const sum = $("summary");
    if (m.result) {
      const r = m.result;
      const winners = r.winners.map((i) => esc(this.name(i))).join(" and ") || "Nobody";
      sum.hidden = false;
      sum.innerHTML = `<h2>${winners} ${r.winners.length ? "won the hand" : "won"} (${esc(r.end)})</h2>` +
        `<p>${esc(r.detail)}</p><p>` + m.seats.map((s, i) =>
          `${esc(s.name)}: ${esc(r.points[i])} points, ${esc(r.tricks[i])} tricks, +${esc(r.game_points[i])}`)
          .join("<br>") + `</p>` +
        (m.can_next ? `<button id="next-hand">Next hand</button>` : "");
      const nb = $("next-hand");
      if (nb) nb.onclick = () => { if (this.send({type: "next", version: m.version})) nb.disabled = true; };
    } else {
      sum.hidden = true;
      sum.innerHTML = "";
    }

    // Legal actions: plays are clickable cards in the hand, everything else a button.
    const plays = new Map();
    let buttons = "";
    for (const a of v.legal) {
      if (a.verb === "play") plays.set(a.card, a.action);
      else {
        const f = VERB_LABELS[a.verb];
        buttons += `<button class="action" data-action="${esc(a.action)}">${f ? f(a) : esc(a.action)}</button>`;
      }
    }
    if (m.hints && me !== null && v.to_act === me && v.legal.length) {
      buttons += `<button class="secondary" id="hint-btn">Hint</button>`;
    }
    $("actions").innerHTML = buttons;
    for (const b of document.querySelectorAll("#actions button.action")) {
      b.onclick = () => this.act(b.dataset.action);
    }
    const hb = $("hint-btn");
    if (hb) hb.onclick = () => { hb.disabled = true; this.send({type: "hint"}); };

    $("hand").innerHTML = v.hand.map((c) => {
      const a = plays.get(c);
      return a ? `<button class="card legal" data-card="${esc(c)}" data-action="${esc(a)}" ` +
        `aria-label="play ${esc(Cards.label(c))}">${Cards.face(c)}</button>`
        : `<span class="card${v.legal.length ? " unplayable" : ""}" data-card="${esc(c)}">${Cards.face(c)}</span>`;
    }).join("");
    for (const b of document.querySelectorAll("#hand button.card")) {
      b.onclick = () => this.act(b.dataset.action);
    }
    $("mine").textContent = me === null ? "You are watching this table." : "";

    const rec = `/api/tables/${encodeURIComponent(m.table)}/record` +
      (this.token ? `?token=${encodeURIComponent(this.token)}` : "");
    $("table-links").innerHTML = (me !== null || m.complete)
      ? `<a id="record-link" href="${esc(rec)}" download="sixtysix-${esc(m.table)}.json">Download the record</a>`
      : "";
  },

  showHint(msg) {
    const box = $("hint-box");
    box.hidden = false;
    const fmt = (v) => (v >= 0 ? "+" : "") + v.toFixed(2);
    const others = msg.values.slice(1, 4).map((x) => `${x.action} ${fmt(x.value)}`).join(", ");
    box.textContent = `Hint: ${msg.best} (${fmt(msg.values[0].value)} game points)` +
      (others ? ` — then ${others}` : "");
    const b = $("hint-btn");
    if (b) b.disabled = false;
  },
};

// ---------------------------------------------------------------- routing

(() => {
  const m = location.pathname.match(/^\/t\/([^/]+)$/);
  if (m) {
    const token = new URLSearchParams(location.search).get("token");
    Table.start(decodeURIComponent(m[1]), token);
  } else {
    Lobby.show();
  }
})();
