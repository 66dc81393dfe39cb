// The table: a view driven only by the server's messages (the seat's view and its legal
// actions), so a new game needs little new client code.
"use strict";

// The table's own words (one place, for translation).
const WORDS = {
  you: "(you)", partner: "partner", invited: "invited", away: "away", dealer: "dealer",
  yourTurn: "your turn", toPlay: "to play", hand: "Hand", trumps: "Trumps",
  inStock: "in the stock", closedBy: "closed by", tapToClose: "· touch to close",
  tapToExchange: "Touch the trump card to exchange it", closeLabel: "close the stock",
  exchangeLabel: (card) => `exchange the trump card, ${card}`,
  yourTurnPlay: "Your turn: play a card.", latest: "Latest",
  yourTurnOpen: "Your turn: open the first trick — touch the card to lead.",
  yourTurnAnnounce: "Your turn: play a card, or touch a card of a combination to announce it.",
};
// Where the seats sit, by how many there are, from the viewer's (bottom) clockwise.
const SEAT_PLACES = {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
                     4: ["bottom", "left", "top", "right"]};

// Button labels by verb, from the action's text (``words``: the words after the verb) and the
// view; a verb missing here is shown as its text.
const VERB_LABELS = {
  draw: () => "Draw",
  close: () => "Close the stock",
  exchange: () => "Exchange the trump",
  declare: (a, v) => a.card ? `Show ${suitOf(a.card)} marriage and declare`
    : v.game === "gaigel" ? `Knock (claim ${esc(v.targets.claim)})` : "Declare (claim the hand)",
  marry: (a, v, w) => w[0] === "double"
    ? `Double marriage ${suitOf(w[1])} — lead ${cardText(w[1])}`
    : `Marry ${suitOf(a.card)} — lead ${cardText(a.card)}`,
  trump: (a) => `Trumps: ${Cards.suitIcon(a.suit)} ${esc(Cards.suitName(a.suit))}`,
  turn: () => "Turn up a card for trumps",
  defer: () => "Let partner meld",
  pass: () => "Pass",
  bid: (a, v, w) => /^\d+$/.test(w[0]) ? `Bid ${esc(w[0])} unit${w[0] === "1" ? "" : "s"}`
    : `Bid ${esc(w[0][0].toUpperCase() + w[0].slice(1))}${a.value ? ` (${esc(a.value)})` : ""}`,
  play: (a) => `Play ${cardText(a.card)}`,
  cut: () => "Cut (three cards, then two)",
  knock: () => "Knock (five cards at once)",
  kontra: () => "Kontra (×2)",
  rekontra: () => "Rekontra (×4)",
  subkontra: () => "Subkontra (×8)",
  open: (a, v, w) => `Open ${esc(OPENING_LABELS[w[0]] || w[0])} — lead ${cardText(w[1])}`,
  meld: () => "Show five low cards",
  reverse: (a, v) => `Reverse knock (they passed ${esc(v.targets.claim)})`,
  bella: () => "Bella (20)",
  announce: (a, v, w) => `Announce ${comboName(w)}`,
  show: (a, v, w) => `Show ${comboName(w)}`,
};
// What the seat to act is asked, by phase (the engine's phase words).
const PHASE_PROMPTS = {
  "deal choice": "Your turn: cut or knock?",
  trump: "Your turn: name trumps, or turn up a card.",
  auction: "Your turn to bid: a bid or pass.",
  doubling: "Your turn: double the contract, or pass.",
  answer: "Answer the announcement: show a better combination, or pass.",
  defer: "Your partner lets you meld: a marriage, or pass.",
  draw: "You won the trick: draw, or close the stock before drawing.",
};
const OPENING_LABELS = {"andere-alte": "Andere Alte", "ge-elfen": "Ge-Elfen", hoeher: "Höher",
                        "auf-dissle": "Auf Dissle"};
const RUN_ORDER = "AKQJT987";  // the order runs are made of (rules/terts.md#combinations)
const RANK_PLURAL = {A: "aces", T: "tens", K: "kings", Q: "queens", J: "jacks", 9: "nines",
                     8: "eights", 7: "sevens"};

// A Terts combination from its cards: "tertz K♠ Q♠ J♠ (20)", "four jacks (200)".
function comboName(cards) {
  if (cards.length === 4 && cards.every((c) => c[0] === cards[0][0]) && cards[0][1] !== cards[1][1]) {
    const value = {J: 200, A: 100, K: 100, Q: 100}[cards[0][0]];
    return `four ${RANK_PLURAL[cards[0][0]]}${value ? ` (${value})` : ""}`;
  }
  const run = [...cards].sort((x, y) => RUN_ORDER.indexOf(x[0]) - RUN_ORDER.indexOf(y[0]));
  const n = run.length;
  const name = n === 3 ? "tertz (20)" : n === 4 ? "fifty (50)" : `run of ${n} (100)`;
  return `${name} ${run.map(cardText).join(" ")}`;
}

// A card as the table shows it: its face, or its back where it lies face down ("??").
function faceOrBack(card, cls) {
  const c = cls ? ` ${cls}` : "";
  return card === "??" ? `<span class="card back${c}">${Cards.back()}</span>`
    : `<span class="card${c}" data-card="${esc(card)}">${Cards.face(card)}</span>`;
}

function suitOf(card) { return `${Cards.suitIcon(card[1])} ${esc(Cards.suitName(card[1]))}`; }
function cardText(card) {
  const r = Cards.isGerman() ? ({Q: "O", J: "U", T: "10"}[card[0]] || card[0]) : (card[0] === "T" ? "10" : card[0]);
  return `${esc(r)}${Cards.suitIcon(card[1], 14)}`;
}

function plural(n, word) { return `${esc(n)} ${word}${Math.abs(n) === 1 ? "" : "s"}`; }
function signed(n, word) { return `${n > 0 ? "+" : ""}${plural(n, word)}`; }

const Table = {
  id: null, token: null, ws: null, state: null, retry: 0, sentVersion: -1,
  held: false,        // this page holds its seat (the server's one live connection for it)
  away: null,         // why it does not now: "elsewhere" (open in another window), "moved", "left"
  receivedAt: 0,      // when the state came (performance.now()): countdowns count from it
  askDraw: false,     // the setting "Ask before drawing": else the browser draws by itself
  askedNext: -1,      // the version at which this seat asked for the next hand
  dealAt: null,       // when the next hand will be dealt by the clock (Date.now() time), if it will
  ticker: null,       // the timer that counts down to that deal on the page
  lastOpen: false,    // the last trick's panel is open
  asking: null,       // the action the confirmation dialog asks about
  badKey: false,      // the secret this page came with held no seat: it watches (tablelinks.js)

  start(id, token) {
    this.id = id;
    this.token = token;
    this.held = Boolean(token) && Seat.wasHeld(id);
    $("table").hidden = false;
    // The felt fills what the header and the dock (fixed at the bottom) leave of the screen.
    const fit = () => {
      const root = document.documentElement.style;
      root.setProperty("--dock-h", `${$("dock").offsetHeight}px`);
      root.setProperty("--top-h", `${document.querySelector("body > header").offsetHeight}px`);
    };
    new ResizeObserver(fit).observe($("dock"));
    this.connect();
  },

  // ``take``: move the seat here from another window or device. A page that held the seat a
  // moment ago (a dropped connection, a reload) takes it back without asking.
  connect(take) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams();
    if (this.token) q.set("token", this.token);
    if (this.token && (take || this.held)) q.set("take", "1");
    const qs = q.toString() ? `?${q}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.id)}${qs}`);
    this.ws = ws;
    // Connected again: the server sends the state at once; whatever was chosen before is void.
    ws.onopen = () => { this.retry = 0; this.sentVersion = -1; };
    ws.onmessage = (ev) => { if (this.ws === ws) this.receive(JSON.parse(ev.data)); };
    ws.onclose = (ev) => {
      // Refused (a bad link, the seat open elsewhere), moved away or left: do not retry.
      if (this.ws !== ws || ev.code >= 4000) return;
      this.retry = Math.min(this.retry + 1, 6);
      $("status").textContent = "Connection lost — reconnecting…";
      setTimeout(() => this.connect(), 300 * 2 ** this.retry);
    };
  },

  // True when the message went out; false while disconnected (nothing is sent or remembered).
  send(msg) {
    // (A page whose seat is elsewhere sends nothing, even before the server closes its connection.)
    if (!this.away && this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    $("table-error").textContent = this.away ? "This page does not hold your seat now."
      : "Not connected — reconnecting… choose again when the table is back.";
    return false;
  },

  receive(msg) {
    if (msg.type === "state") {
      this.state = msg;
      this.receivedAt = performance.now();
      if (msg.seat !== null && !this.held) Seat.setHeld(this.id, true);
      this.held = msg.seat !== null;
      this.away = null;
      Seat.clear();
      const wait = msg.next && msg.next.deal_in;
      this.dealAt = typeof wait === "number" ? Date.now() + wait * 1000 : null;
      $("table-error").textContent = "";
      $("hint-box").hidden = true;
      this.render();
    } else if (msg.type === "moved" || msg.type === "left") {
      this.letGo(msg.type);
    } else if (msg.type === "error" && msg.error.code === "seat_in_use") {
      this.letGo("elsewhere");
    } else if (msg.type === "error" && msg.error.code === "bad_token" && this.token && !this.state) {
      // The secret kept for this table holds no seat at it (a mistyped or forged link): the
      // browser forgets it and watches, and the footer says why (tablelinks.js).
      Seats.forget(this.id);
      this.token = null;
      this.held = false;
      this.badKey = true;
      this.connect();
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

  // The seat is open in another window or device, moved there, or its person left it: this page
  // plays no more (its last state stays in view, with nothing to click) and offers to take the
  // seat (back).
  letGo(why) {
    this.held = false;
    this.away = why;
    Seat.setHeld(this.id, false);
    if (this.state) {
      const v = {...this.state.view, legal: []};
      this.state = {...this.state, view: v, can_next: false, hints: false};
      this.render();
    }
    const back = () => { Seat.clear(); this.connect(why !== "left"); };
    if (why === "elsewhere") Seat.ask(back);
    else if (why === "moved") Seat.moved(back);
    else Seat.left(back);
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
    const of = v.targets && v.targets.claim ? ` of ${esc(v.targets.claim)}` : "";
    if (v.phase === "over") return `${esc(p)} pts, `;
    if (i === me) return `you have ${esc(p)}${of}, `;
    return `${v.sides.filter((x) => x === v.sides[i]).length > 1 ? "your team" : "your side"} has ${esc(p)}${of}, `;
  },

  // A hand's detail from the engine in the table's words: seats by name, chips as chips
  // ("seat 0 (…, 1 tricks) pays seat 2 3" becomes "Ann (…, 1 trick) pays Bob 3 chips").
  detailWords(detail) {
    return esc(detailText(detail, (i) => this.name(i)));  // detail.js
  },

  // A seat's match score in the game's words: Schnapsen counts down from 7 to 0, Three-Player
  // counts chips; the others count up to a target.
  matchScore(i) {
    const g = this.state.game, t = this.state.view.targets, n = this.state.score[i];
    // Schnapsen counts down; once the match is over, each side's game points made are told.
    if (t && t.start && !this.state.complete) {
      return `<span class="match-score">${esc(n)}</span> to go (from ${esc(t.start)})`;
    }
    const score = `<span class="match-score">${esc(this.made(i))}</span>`;
    if (g === "three-player-sixty-six") return `${score} chip${Math.abs(n) === 1 ? "" : "s"}`;
    const word = {terts: "Total", "north-american-sixty-six": "Units"}[g] || "Match";
    if (!t || !t.match || this.state.complete) return `${word} ${score}`;
    return g === "gaigel" ? `${word} ${score} (${esc(t.match)} to win)` : `${word} ${score} of ${esc(t.match)}`;
  },

  // A seat's match score as points made: Schnapsen's count down (7 to go at the start, past 0
  // at the end) as the game points made since its start.
  made(i) {
    const t = this.state.view.targets, n = this.state.score[i];
    return t && t.start ? t.start - n : n;
  },

  // Seats in words, the viewer as "you" and first: "You and Cy", "Bob and Dan"; not at the
  // start of a sentence (``start`` false): "you". Not escaped.
  people(seats, start = true) {
    const me = this.state.seat;
    const s = [...seats].sort((a, b) => (b === me) - (a === me))
      .map((i) => (i === me ? "you" : this.name(i))).join(" and ");
    return start && seats.includes(me) ? `Y${s.slice(1)}` : s;
  },

  // The finished match in words: "Bob won 8 : 4", "You and Cy won 7 : 3", "Ann won with 5 chips
  // (Bob 2, Cy -7)", "The match is drawn, 3 : 3"; the winners' side first.
  matchWords() {
    const m = this.state, v = m.view, w = m.winner || [];
    const sideOf = (i) => v.sides[i];
    const sides = [...new Set(m.seats.map((s, i) => sideOf(i)))];
    const seatsOf = (side) => m.seats.map((s, i) => i).filter((i) => sideOf(i) === side);
    const first = (side) => this.made(seatsOf(side)[0]);
    const unit = {"three-player-sixty-six": "chip", "north-american-sixty-six": "unit"}[m.game];
    const won = new Set(w.map(sideOf));
    if (!won.size || won.size === sides.length) {
      return `The match is drawn, ${sides.map(first).join(" : ")}${unit ? ` ${unit}s` : ""}`;
    }
    const top = [...won][0];
    const rest = sides.filter((x) => x !== top).sort((a, b) => first(b) - first(a));
    if (sides.length === 2) {
      return `${this.people(seatsOf(top))} won ${first(top)} : ${first(rest[0])}${unit ? ` ${unit}s` : ""}`;
    }
    return `${this.people(seatsOf(top))} won with ${unit ? plural(first(top), unit) : first(top)} (` +
      rest.map((x) => `${this.people(seatsOf(x), false)} ${first(x)}`).join(", ") + ")";
  },

  // What a hand's result is counted in: chips in Three-Player, units in North American.
  gameUnit() {
    return {"three-player-sixty-six": "chip", "north-american-sixty-six": "unit"}[this.state.game]
      || "game point";
  },

  // The bidding and meld games: the contract, the auction, and what was said and shown.
  renderInfo() {
    const v = this.state.view;
    const nm = (p) => (p === null || p === undefined ? "Someone" : esc(this.name(p)));
    let html = "";
    const c = v.contract;
    if (c) {
      const d = c.doubling ? `, ${esc(c.doubling)} ×${esc(c.factor)} = ${esc(c.worth)}` : "";
      const unit = v.targets && v.targets.unit ? ` (${esc(c.value * v.targets.unit)} card points)` : "";
      html += `<div id="contract-banner"><b>Contract:</b> ` +
        (v.auction && v.auction.kind === "units"
          ? `${nm(c.declarer)} bid ${esc(c.name)}${unit}`
          : `<span class="contract-name">${esc(c.name)}</span> by ${nm(c.declarer)} — ${esc(c.value)}${d}` +
            `${c.trumps ? "" : " · no trumps"}${c.solo ? " · played alone" : ""}`) +
        (c.next_doubling ? ` <span class="caption">(doubling: ${esc(c.next_doubling)} or pass)</span>` : "") +
        `</div>`;
    }
    const a = v.auction;
    if (a && a.calls.length) {
      html += `<div id="auction-panel"><b>Auction${a.open ? "" : " (over)"}:</b> ` +
        a.calls.map((x) => `<span class="call">${nm(x.seat)}: ${esc(x.call)}</span>`).join(" · ") +
        (a.open && a.high !== null ? `<br>High bid ${esc(a.high)} by ${nm(a.bidder)}` : "") + `</div>`;
    } else if (a && a.open) {
      html += `<div id="auction-panel"><b>Auction:</b> no bid yet</div>`;
    }
    if (v.opening) html += `<div id="opening"><b>Opening:</b> ${esc(v.opening)}</div>`;
    const said = v.log.filter((x) => !["bid", "pass", "kontra", "rekontra", "subkontra"].includes(
      x.action.split(" ")[0]) || !a);
    if (said.length) {
      // Compact: the latest line; the ones before it on request.
      const line = (x) => (x.you_words ? `You ${esc(x.you_words)}` : `${nm(x.seat)} ${esc(x.words)}`);
      const open = $("log-panel") && $("log-panel").open ? " open" : "";
      html += `<details id="log-panel"${open}><summary>${line(said[said.length - 1])}</summary>` +
        `<ul id="meld-log" aria-label="What was said and shown">` + said.slice(-8).map((x) =>
        `<li>${line(x)}</li>`).join("") + `</ul></details>`;
    }
    if (v.scored.length) {
      html += `<div id="scored"><b>Combinations scored:</b> ` + v.scored.map((x) =>
        `<span class="combo">${nm(x.seat)}: ${esc(x.name.split(" ")[0])} ` +
        x.cards.map((k) => faceOrBack(k, "small")).join("") + ` ${esc(x.points)}</span>`).join(" ") +
        `</div>`;
    }
    if (v.bella_by !== null) html += `<div id="bella"><b>Bella:</b> ${nm(v.bella_by)} (20)</div>`;
    v.first_tricks.forEach((cards, side) => {
      if (!cards.length) return;
      const who = this.state.seats.map((s, i) => i).filter((i) => v.sides[i] === side)
        .map((i) => esc(this.name(i))).join(" and ");
      html += `<div class="first-trick"><span class="caption">First trick of ${who}:</span> ` +
        cards.map((k) => faceOrBack(k, "small")).join("") + `</div>`;
    });
    $("game-info").innerHTML = html;
    $("game-info").hidden = !html;
  },

  // For a person who left: when the computer takes over, and a button to let it play at once.
  awayNote(s, i) {
    const m = this.state;
    if (s.kind !== "human" || s.connected || s.computer || m.complete) return "";
    // Counted down each second by Seat.tick from when the state came.
    const until = this.receivedAt + 1000 * s.takeover_in;
    let note = s.takeover_in !== null && s.takeover_in !== undefined
      ? ` (<span class="takeover-in" data-until="${until}">${Seat.countdown(until)}</span>)` : "";
    if (m.seat !== null && i !== m.seat) {
      note += ` <button class="secondary takeover-btn" data-seat="${i}">Computer plays now</button>`;
    }
    return note;
  },

  // Where seat ``i`` sits at the table as this page sees it: the viewer (or seat 0, for a
  // spectator) at the bottom, the others clockwise in playing order: two face to face, three in
  // a triangle, four with the partner opposite.
  posOf(i) {
    const n = this.state.seats.length, k = (i - (this.state.seat ?? 0) + n) % n;
    return (SEAT_PLACES[n] || SEAT_PLACES[4])[k] || "top";
  },

  // One seat at the table: its name (and who it is: you, partner, away, computer, the dealer),
  // its score line, and its cards face down (with those everyone has seen face up).
  seatBox(i) {
    const m = this.state, v = m.view, me = m.seat, s = m.seats[i];
    const partner = me !== null && i !== me && v.sides[i] === v.sides[me];
    const teams = new Set(v.sides).size < m.seats.length;
    const cls = [v.to_act === i ? "to-act" : "", partner ? "partner" : "", i === me ? "mine" : "",
                 v.active.includes(i) ? "" : "sits-out"].filter(Boolean).join(" ");
    const known = v.known[i] || [];
    const hidden = i === me ? 0 : Math.max(0, v.hand_sizes[i] - known.length);
    const cards = i === me || !v.active.includes(i) ? "" : `<div class="backs" ` +
      `style="--n:${hidden + known.length}">` +
      Array.from({length: hidden}, () => `<span class="card back">${Cards.back()}</span>`).join("") +
      known.map((c) => `<span class="card known" data-card="${esc(c)}">${Cards.face(c)}</span>`).join("") +
      `<span class="count" aria-hidden="true">${esc(v.hand_sizes[i])}</span></div>`;
    return `<div class="seat-box${cls ? ` ${cls}` : ""}" data-seat="${i}" data-pos="${this.posOf(i)}"` +
      `${teams ? ` data-side="${esc(v.sides[i])}"` : ""}>` +
      // "(you)" marks the viewer's seat, unless its name says so already (no "You (you)").
      `<div class="seat-name"><b>${esc(s.name)}</b>` +
      `${i === me && s.name.trim().toLowerCase() !== "you" ? ` ${WORDS.you}` : ""}` +
      `${partner ? ` <span class="tag">${WORDS.partner}</span>` : ""}` +
      `${s.computer && s.kind === "human" ? " 🤖" : ""}` +
      `${s.connected ? "" : s.invited ? ` · ${WORDS.invited}` : ` · ${WORDS.away}`}` +
      (v.dealer === i ? ` <span class="dealer" title="${WORDS.dealer}">D</span>` : "") +
      `${v.to_act === i ? ` <span class="turn-tag">${i === me ? WORDS.yourTurn : WORDS.toPlay}</span>` : ""}` +
      `${this.awayNote(s, i)}</div>` +
      `<div class="seat-score">${this.matchScore(i)} · ` +
      `${this.points(i)}${plural(v.tricks[i], "trick")}` +
      `${v.pending[i] ? ` (+${esc(v.pending[i])} pending)` : ""}` +
      v.marriages.filter((x) => x.seat === i).map((x) =>
        ` <span class="marriage" title="marriage">${Cards.suitIcon(x.suit, 14)}${esc(x.value)}</span>`).join("") +
      `</div>${cards}</div>`;
  },

  render() {
    const m = this.state, v = m.view, me = m.seat;
    const snap = Motion.snapshot();
    document.title = `${m.game_name} — table ${m.table}`;
    const n = m.seats.length;
    $("felt").dataset.seats = String(n);
    $("scoreboard").innerHTML = m.seats.map((s, i) => this.seatBox(i)).join("");
    $("hand-info").innerHTML = `${WORDS.hand} ${esc(m.hand_no)}${v.bonus ? ` · bonus ${esc(v.bonus)}` : ""}` +
      (m.commitment ? ` <span class="commitment" title="the commitment to this deal, shown ` +
        `before play (${esc(m.commitment)}): this browser keeps it and checks the hand's key ` +
        `against it when the hand is over">deal ${esc(m.commitment.slice(0, 12))}…</span>` +
        DealCheck.html(m) : "") +
      (m.secret ? ` <span class="secret" title="the server's secret, revealed: download the ` +
        `record and run 'sixtysix verify' on it">secret revealed</span>` : "");

    for (const b of document.querySelectorAll(".takeover-btn")) {
      b.onclick = () => { if (this.send({type: "takeover", seat: Number(b.dataset.seat)})) b.disabled = true; };
    }
    this.renderInfo();

    // What this seat may do, by where it is done: a card of the hand (Hand), the trump card
    // (exchange), the talon (close), or the action bar (everything that names no card).
    const drawing = this.autoDraw();
    const legal = drawing ? [] : v.legal;
    const {byCard, onCards} = Hand.sort(legal);
    const onTable = (verb) => legal.find((a) => a.verb === verb);

    // The talon, with the trump card crosswise under it (face down once closed; the view still
    // names it: everyone has seen it). Touch the trump card to exchange, the talon to close.
    const exchange = onTable("exchange"), close = onTable("close");
    let stock = "";
    if (v.trump) {
      stock += `<div class="caption trumps">${WORDS.trumps} ${Cards.suitIcon(v.trump, 18)} ` +
        `${esc(Cards.suitName(v.trump))}</div>`;
    }
    let pile = "";
    if (v.turnup && v.turnup_up && v.closed_by === null) {
      const tag = exchange ? "button" : "span";
      pile += `<${tag} class="card turnup${exchange ? " legal" : ""}" data-card="${esc(v.turnup)}"` +
        (exchange ? ` data-action="exchange" aria-label="${WORDS.exchangeLabel(Cards.label(v.turnup))}"` : "") +
        `>${Cards.face(v.turnup)}</${tag}>`;
    } else if (v.turnup && v.closed_by !== null && v.stock > 0) {
      // Face down, and still touched to exchange where the rules allow it after a close.
      const tag = exchange ? "button" : "span";
      pile += `<${tag} class="card turnup-closed${exchange ? " legal" : ""}"` +
        (exchange ? ` data-action="exchange" aria-label="${WORDS.exchangeLabel(Cards.label(v.turnup))}"` : "") +
        `>${Cards.back()}</${tag}>`;
    }
    if (v.stock > 0) {
      const tag = close ? "button" : "span";
      pile += `<${tag} class="card back stock${close ? " legal" : ""}"` +
        (close ? ` data-action="close" aria-label="${WORDS.closeLabel}"` : "") +
        `>${Cards.back()}<span class="count" aria-hidden="true">${esc(v.stock)}</span></${tag}>`;
    }
    if (pile) stock += `<div class="pile">${pile}</div>`;
    if (v.stock > 0) {
      stock += `<div class="caption"><span id="stock-count">${esc(v.stock)}</span> ${WORDS.inStock}` +
        `${v.closed_by !== null ? ` — ${WORDS.closedBy} ${esc(this.name(v.closed_by))}` : ""}` +
        `${close ? ` <span class="tap-hint">${WORDS.tapToClose}</span>` : ""}</div>`;
    }
    if (exchange) stock += `<div class="caption tap-hint">${WORDS.tapToExchange}</div>`;
    $("stock-area").innerHTML = stock;

    // The trick in the middle, each card in front of the seat that played it; between tricks the
    // completed one stays until the next lead, with its winner (who leads now) named.
    const done = !v.trick.length && v.last_trick.length;
    const shown = done ? v.last_trick : v.trick;
    const trick = shown.length
      ? `<div class="caption">${done ? `Trick won by ${esc(this.people([v.leader], false))}` : "Trick"}</div>` +
        this.trickCards(shown, done ? v.leader : null, true) : "";
    const area = $("trick-area");
    if (area.dataset.html !== trick) {
      area.dataset.html = trick;
      area.innerHTML = trick;
    }
    this.renderLastTrick();

    // Status line.
    let status;
    if (m.complete) {
      status = `The match is over: ${this.matchWords()}.`;
    } else if (v.phase === "over") {
      status = "The hand is over.";
    } else if (me !== null && v.to_act === me) {
      const has = (verb) => v.legal.some((a) => a.verb === verb);
      status = drawing ? "Drawing…" : PHASE_PROMPTS[v.phase] || (has("open") ? WORDS.yourTurnOpen
        : has("announce") ? WORDS.yourTurnAnnounce : WORDS.yourTurnPlay);
    } else if (v.to_act !== null) {
      status = `${this.name(v.to_act)} to act…`;
    } else status = "";
    $("status").textContent = status;

    // End-of-hand summary.
    const sum = $("summary");
    if (m.result) {
      const r = m.result;
      const winners = esc(this.people(r.winners)) || "Nobody";
      sum.hidden = false;
      sum.innerHTML = `<h2>${winners} ${r.winners.length ? "won the hand" : "won"} (${esc(r.end)})</h2>` +
        `<p>${this.detailWords(r.detail)}</p><p>` +
        m.seats.map((s, i) =>
          `${esc(s.name)}: ${plural(r.points[i], "point")}, ${plural(r.tricks[i], "trick")}, ` +
          `${signed(r.game_points[i], this.gameUnit())}`)
          .join("<br>") + `</p>` +
        this.nextHand();
      const nb = $("next-hand");
      if (nb) {
        nb.onclick = () => {
          if (this.send({type: "next", version: m.version})) { nb.disabled = true; this.askedNext = m.version; }
        };
        // Asked already, and the server forgot (it restarted): ask again.
        if (this.askedNext === m.version) nb.click();
      }
    } else {
      sum.hidden = true;
      sum.innerHTML = "";
    }
    this.countDown();

    // The action bar: what names no card, in a player's words with the values shown.
    let buttons = "", apart = "";
    for (const a of legal) {
      // (Exchanging and closing are done on the talon; the bar has them only where it is not.)
      if (onCards.has(a) || $("stock-area").querySelector(`[data-action="${a.action}"]`)) continue;
      // Gaigel's reverse knock: not offered before the other side could have reached the
      // target by what this seat knows, and then apart from the knock, not as its equal.
      if (a.verb === "reverse" && !(a.their_most >= v.targets.claim)) continue;
      const button = `<button class="action${a.verb === "reverse" ? " secondary" : ""}" ` +
        `data-action="${esc(a.action)}">${this.actionLabel(a)}</button>`;
      // A space between buttons: their words do not run together in copied text.
      if (a.verb === "reverse") apart += button;
      else buttons += `${button} `;
    }
    if (apart) buttons += `<span class="apart">${apart}</span>`;
    if (m.hints && me !== null && v.to_act === me && v.legal.length && !drawing) {
      buttons += `<button class="secondary" id="hint-btn">Hint</button>`;
    }
    $("actions").innerHTML = buttons;
    // A question left open about an action no longer possible is withdrawn.
    const d = $("confirm-dialog");
    if (d.open && !v.legal.some((x) => x.action === this.asking)) d.close("cancel");
    for (const b of document.querySelectorAll("#actions button.action, #stock-area [data-action]")) {
      b.onclick = () => this.choose(v.legal.find((x) => x.action === b.dataset.action));
    }
    const hb = $("hint-btn");
    if (hb) hb.onclick = () => { hb.disabled = true; this.send({type: "hint"}); };

    Hand.render(this, byCard);
    $("mine").textContent = me === null ? "You are watching this table." : "";
    $("ask-draw-setting").hidden = me === null || !v.close_before_draw;

    TableLinks.render(this);  // tablelinks.js: seat links, record, rules, rematch
    Seat.renderBar(this);  // seat.js: "Leave the seat"
    ScoreSheet.render(this);  // scoresheet.js: the score pad, every hand of the match
    Reveal.render(this);  // reveal.js: the hand face up once it is over
    Motion.play(snap, this);
    // The end of a hand covers the felt below its corner (the score pad's button stays in reach).
    const corner = $("table-corner");
    $("felt").style.setProperty("--panels-top", `${corner.offsetTop + corner.offsetHeight + 4}px`);
    if (drawing) this.act("draw");
  },

  // An action's words on its button or in a card's menu.
  actionLabel(a) {
    const f = VERB_LABELS[a.verb];
    return f ? f(a, this.state.view, a.action.split(" ").slice(1)) : esc(a.action);
  },

  // A legal action chosen (a button, a card, the trump card, the talon): asked first where it
  // ends the hand or stakes it, else sent.
  choose(a) {
    if (!a) return;
    const q = this.question(a);
    if (q) this.ask(q, a.action);
    else this.act(a.action);
  },

  // Between hands: the Next hand button, or whom this seat waits for; who else is ready; and in
  // how many seconds the hand is dealt anyway (counted down on the page by countDown).
  nextHand() {
    const m = this.state, me = m.seat, nx = m.next;
    if (!nx) return "";
    const names = (seats) => seats.map((i) => esc(this.name(i))).join(" and ");
    const dealIn = this.dealAt !== null ? ` <span class="deal-in">(dealing in ${this.secondsLeft()} s)</span>` : "";
    if (me !== null && nx.ready.includes(me)) {
      return `<p id="next-waiting">${nx.waiting.length ? `Waiting for ${names(nx.waiting)}…` : "Dealing…"}` +
        `${dealIn}</p>`;
    }
    const others = nx.ready.filter((i) => i !== me);
    return (others.length ? `<p id="next-ready">${names(others)} ${others.length > 1 ? "are" : "is"} ready ` +
      `for the next hand${dealIn}</p>` : "") +
      (m.can_next ? `<button id="next-hand">Next hand</button>` : "");
  },

  secondsLeft() { return Math.max(0, Math.ceil((this.dealAt - Date.now()) / 1000)); },

  // Keeps "dealing in N s" true each second until the server deals (and sends the new hand).
  countDown() {
    if (this.dealAt === null) {
      clearInterval(this.ticker);
      this.ticker = null;
    } else if (this.ticker === null) {
      this.ticker = setInterval(() => {
        if (this.dealAt === null) return;
        for (const el of document.querySelectorAll("#summary .deal-in")) {
          el.textContent = `(dealing in ${this.secondsLeft()} s)`;
        }
      }, 500);
    }
  },

  // A trick's cards, each in front of the seat that played it (``data-pos``), with who played
  // it; the winner's (``winner``: a seat, or null) marked. ``placed``: on the table (else a row).
  trickCards(trick, winner, placed) {
    return trick.map((t, k) => {
      const cls = t.seat === winner ? " winner" : "";
      const pos = placed ? ` data-pos="${this.posOf(t.seat)}"` : "";
      // The words between names are there for screen readers and copied text ("by Ann, ").
      return `<span class="trick-card${cls}" data-seat="${esc(t.seat)}"${pos}>${faceOrBack(t.card)}` +
        `<span class="visually-hidden"> by </span><span class="who">${esc(this.name(t.seat))}</span>` +
        `${k < trick.length - 1 ? `<span class="visually-hidden">, </span>` : ""}</span>`;
    }).join("");
  },

  // The last completed trick, on request at any time of the hand: a button that opens a panel
  // with who played which card and who won it (its winner leads the trick after it).
  renderLastTrick() {
    const v = this.state.view, area = $("last-trick-area");
    if (!v.last_trick.length) {
      area.innerHTML = "";
      return;
    }
    const open = this.lastOpen;
    area.innerHTML = `<button type="button" class="secondary" id="last-trick-btn" aria-expanded="${open}"` +
      `${open ? ' aria-controls="last-trick-panel"' : ""}>${open ? "Hide the last trick" : "Last trick"}</button>` +
      (open ? `<div id="last-trick-panel"><div class="caption">Last trick, won by ` +
        `${esc(this.people([v.leader], false))}</div>${this.trickCards(v.last_trick, v.leader, false)}</div>` : "");
    $("last-trick-btn").onclick = () => {
      this.lastOpen = !open;
      this.renderLastTrick();
      $("last-trick-btn").focus();
    };
  },

  // Drawing after a trick is automatic (no Draw click after every trick) unless this browser
  // asks before drawing, which is where the trick's winner may close the stock first.
  autoDraw() {
    const v = this.state.view;
    return !this.askDraw && v.to_act === this.state.seat && v.legal.some((a) => a.verb === "draw");
  },

  // What is asked before an action that ends the hand at once or stakes it, with the seat's own
  // numbers (the server's: ``points``, ``cost``, ``their_most``, ``low_held``): {text, yes}, or
  // null for an action that goes out at once.
  question(a) {
    const v = this.state.view, me = this.state.seat, target = v.targets && v.targets.claim;
    const team = v.sides.filter((x) => x === v.sides[me]).length > 1;
    const have = team ? "Your side has" : "You have";
    const them = v.active.filter((i) => v.sides[i] !== v.sides[me]).map((i) => this.name(i));
    const others = them.join(" and "), one = them.length === 1;
    const cost = (n) => `${others} score${one ? "s" : ""} ${plural(n, this.gameUnit())}`;
    const knock = this.state.game === "gaigel";
    if (a.verb === "declare") {
      if (a.false_claim !== undefined) {
        return {yes: knock ? "Knock anyway" : "Claim anyway",
                text: `${have} ${a.false_claim} points, not ${target}: this ${knock ? "knock" : "claim"} ` +
                  `is false and loses the hand${a.cost === undefined ? "" : ` (${cost(a.cost)})`}. ` +
                  `${knock ? "Knock" : "Claim"} anyway?`};
      }
      const what = knock ? "Knock" : a.card ? `Show the ${Cards.suitName(a.card[1])} marriage and claim`
        : "Claim the hand";
      return {yes: knock ? "Knock" : a.card ? "Show and claim" : "Claim",
              text: `${what} with ${a.points} points? ${have} ${a.points} of ${target}: the hand ` +
                "ends now and is scored."};
    }
    if (a.verb === "close") {
      return {yes: "Close the stock",
              text: `Close the stock? ${have} ${a.points} points. Nobody draws any more: ` +
                `${team ? "your side" : "you"} must reach ${target} with the tricks left, or ` +
                `${a.cost === undefined ? "lose the hand" : cost(a.cost)}.`};
    }
    if (a.verb === "open" && a.low_held !== undefined) {  // Gaigel's Auf Dissle: a bet
      const low = RANK_PLURAL[a.low];
      return {yes: "Open Auf Dissle",
              text: `Open Auf Dissle? You bet on the five low cards: your side wins ` +
                `${plural(a.cost, this.gameUnit())} if you hold all five ${low}, now or after a round ` +
                `of drawing (you hold ${a.low_held} now), and loses as soon as you win a trick ` +
                `yourself: then ${cost(a.cost)}.`};
    }
    if (a.verb === "reverse") {
      return {yes: "Reverse knock",
              text: `Reverse knock? You claim that ${others} ${one ? "has" : "have"} ${target} or ` +
                `more and did not knock. By what you know, ${others} ${one ? "has" : "have"} at most ` +
                `${a.their_most}. If it is less than ${target}, ${cost(a.cost)}.`};
    }
    return null;
  },

  // Asks ``q`` in the page's dialog; only "yes" sends ``action`` (Cancel and Escape do nothing),
  // and only while it is still possible.
  ask(q, action) {
    const d = $("confirm-dialog");
    $("confirm-text").textContent = q.text;
    $("confirm-yes").textContent = q.yes;
    this.asking = action;
    d.returnValue = "";
    d.onclose = () => {
      this.asking = null;
      if (d.returnValue === "yes" && this.state.view.legal.some((x) => x.action === action)) {
        this.act(action);
      }
    };
    d.showModal();
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

browserSetting("ask-draw", "sixtysix.askdraw", (on) => { Table.askDraw = on; });
