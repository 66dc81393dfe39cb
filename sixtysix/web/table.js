// The table: a view driven only by the server's messages (the seat's view and its legal
// actions), so a new game needs little new client code.
"use strict";

// The table's own words (one place), in the page's language: read at each use (table.*).
const WORDS = {
  get you() { return t("table.you"); },
  get partner() { return t("table.partner"); },
  get invited() { return t("table.invited"); },
  get away() { return t("table.away"); },
  get dealer() { return t("table.dealer"); },
  get yourTurn() { return t("table.yourTurn"); },
  get toPlay() { return t("table.toPlay"); },
  get hand() { return t("table.hand"); },
  get trumps() { return t("table.trumps"); },
  get inStock() { return t("table.inStock"); },
  get closedBy() { return t("table.closedBy"); },
  get tapToClose() { return t("table.tapToClose"); },
  get tapToExchange() { return t("table.tapToExchange"); },
  get closeLabel() { return t("table.closeLabel"); },
  exchangeLabel: (card) => esc(t("table.exchangeLabel", {card})),
  get yourTurnPlay() { return t("table.yourTurnPlay"); },
  get yourTurnOpen() { return t("table.yourTurnOpen"); },
  get yourTurnAnnounce() { return t("table.yourTurnAnnounce"); },
};
// Where the seats sit, by how many there are, from the viewer's (bottom) clockwise.
const SEAT_PLACES = {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
                     4: ["bottom", "left", "top", "right"]};

// Button labels by verb, from the action's text (``words``: the words after the verb) and the
// view; a verb missing here is shown as its text.
// Its words are HTML (card and suit pictures in them); t()'s texts and values are escaped.
const VERB_LABELS = {
  draw: () => esc(t("table.verb.draw")),
  close: () => esc(t("table.verb.close")),
  exchange: () => esc(t("table.verb.exchange")),
  declare: (a, v) => a.card ? t("table.verb.showMarriage", {suit: suitOf(a.card)})
    : v.scoring.claim === "knock" ? esc(t("table.verb.knock", {target: v.targets.claim}))
      : esc(t("table.verb.declare")),
  marry: (a, v, w) => w[0] === "double"
    ? t("table.verb.doubleMarriage", {suit: suitOf(w[1]), card: cardText(w[1])})
    : t("table.verb.marry", {suit: suitOf(a.card), card: cardText(a.card)}),
  trump: (a) => t("table.verb.trump", {suit: `${Cards.suitIcon(a.suit)} ${esc(Cards.suitName(a.suit))}`}),
  turn: () => esc(t("table.verb.turn")),
  defer: () => esc(t("table.verb.defer")),
  pass: () => esc(t("table.verb.pass")),
  bid: (a, v, w) => /^\d+$/.test(w[0]) ? esc(t("table.verb.bidUnits", {n: Number(w[0])}))
    : esc(t(a.value ? "table.verb.bidValue" : "table.verb.bid",
            {contract: w[0][0].toUpperCase() + w[0].slice(1), value: a.value})),
  play: (a) => t("table.verb.play", {card: cardText(a.card)}),
  cut: () => esc(t("table.verb.cut")),
  knock: () => esc(t("table.verb.knockDeal")),
  kontra: () => "Kontra (×2)",
  rekontra: () => "Rekontra (×4)",
  subkontra: () => "Subkontra (×8)",
  open: (a, v, w) => t("table.verb.open", {opening: esc(OPENING_LABELS[w[0]] || w[0]), card: cardText(w[1])}),
  meld: () => esc(t("table.verb.meldLow")),
  reverse: (a, v) => esc(t("table.verb.reverse", {target: v.targets.claim})),
  bella: () => "Bella (20)",
  announce: (a, v, w) => t("table.verb.announce", {combo: comboName(w)}),
  show: (a, v, w) => t("table.verb.show", {combo: comboName(w)}),
};
// What the seat to act is asked, by phase (the engine's phase words), and the same task without
// "Your turn" (for "Not yet: ..." when a card is touched first).
const PHASES = ["deal choice", "trump", "auction", "doubling", "answer", "defer", "draw", "talon"];
const byPhase = (kind) => Object.defineProperties({}, Object.fromEntries(PHASES.map((p) =>
  [p, {enumerable: true, get: () => t(`table.${kind}.${p.replace(/ /g, "-")}`)}])));
const PHASE_PROMPTS = byPhase("prompt");
const PHASE_TASKS = byPhase("task");
const OPENING_LABELS = {"andere-alte": "Andere Alte", "ge-elfen": "Ge-Elfen", hoeher: "Höher",
                        "auf-dissle": "Auf Dissle"};
const RUN_ORDER = "AKQJT987";  // the order runs are made of (rules/terts.md#combinations)
const rankPlural = (r) => t(`table.ranks.${r}`);

// A Terts combination from its cards: "tertz K♠ Q♠ J♠ (20)", "four jacks (200)" (HTML).
function comboName(cards) {
  if (cards.length === 4 && cards.every((c) => c[0] === cards[0][0]) && cards[0][1] !== cards[1][1]) {
    const value = {J: 200, A: 100, K: 100, Q: 100}[cards[0][0]];
    return esc(t(value ? "table.combo.fourValue" : "table.combo.four", {ranks: rankPlural(cards[0][0]), value}));
  }
  const run = [...cards].sort((x, y) => RUN_ORDER.indexOf(x[0]) - RUN_ORDER.indexOf(y[0]));
  const n = run.length;
  const name = n === 3 ? t("table.combo.tertz") : n === 4 ? t("table.combo.fifty") : t("table.combo.run", {n});
  return `${esc(name)} ${run.map(cardText).join(" ")}`;
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

// "3 tricks", "1 game point" in the page's language (``word``: trick, point, chip, unit, game point).
function plural(n, word) { return esc(amountOf(n, word)); }
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
      $("status").textContent = t("table.reconnecting");
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
    $("table-error").textContent = t(this.away ? "table.notHeld" : "table.notConnected");
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
      $("table-error").textContent = errorText(msg.error);
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
    return seatName(this.state.seats[seat], seat);  // common.js
  },

  // Running card points: the rules keep them private, so the server sends only the seat's own
  // side's (null for the others) until the hand is over.
  points(i) {
    const v = this.state.view, me = this.state.seat, p = v.points[i];
    if (p === null || p === undefined) return "";
    const of = v.targets && v.targets.claim ? "Of" : "";
    if (v.phase === "over") return `${esc(t("score.pts", {n: p}))}, `;
    if (i === me) return `${esc(t(`table.youHave${of}`, {n: p, target: v.targets && v.targets.claim}))}, `;
    const team = v.sides.filter((x) => x === v.sides[i]).length > 1 ? "team" : "side";
    return `${esc(t(`table.${team}Has${of}`, {n: p, target: v.targets && v.targets.claim}))}, `;
  },

  // A hand's detail from the engine in the table's words: seats by name, chips as chips
  // ("seat 0 (…, 1 tricks) pays seat 2 3" becomes "Ann (…, 1 trick) pays Bob 3 chips").
  detailWords(detail) {
    return esc(detailText(detail, (i) => this.name(i)));  // detail.js
  },

  // A seat's match score in the game's words: Schnapsen counts down from 7 to 0, Three-Player
  // counts chips; the others count up to a target.
  matchScore(i) {
    const unit = this.gameUnit(), t = this.state.view.targets, n = this.state.score[i];
    // Schnapsen counts down; once the match is over, each side's game points made are told.
    if (t && t.start && !this.state.complete) {
      return I18n.t("table.toGo", {n: `<span class="match-score">${esc(n)}</span>`, start: esc(t.start)});
    }
    const score = `<span class="match-score">${esc(this.made(i))}</span>`;
    if (unit === "chip") return I18n.t("table.chips", {n, score});
    const word = esc(I18n.t({point: "score.total", unit: "score.units"}[unit] || "table.match"));
    if (!t || !t.race || this.state.complete) return `${word} ${score}`;
    return I18n.t("table.of", {word, score, target: esc(t.race)});
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
    const you = t("table.youWord"), s = [...seats].sort((a, b) => (b === me) - (a === me))
      .map((i) => (i === me ? you : this.name(i))).join(t("common.and"));
    return start && seats.includes(me) ? s.charAt(0).toUpperCase() + s.slice(1) : s;
  },

  // The finished match in words: "Bob won 8 : 4", "You and Cy won 7 : 3", "Ann won with 5 chips
  // (Bob 2, Cy -7)", "The match is drawn, 3 : 3"; the winners' side first.
  matchWords() {
    const m = this.state, v = m.view, w = m.winner || [];
    const sideOf = (i) => v.sides[i];
    const sides = [...new Set(m.seats.map((s, i) => sideOf(i)))];
    const seatsOf = (side) => m.seats.map((s, i) => i).filter((i) => sideOf(i) === side);
    const first = (side) => this.made(seatsOf(side)[0]);
    const unit = ["chip", "unit"].includes(this.gameUnit()) ? this.gameUnit() : null;
    const units = unit ? ` ${t(`table.units.${unit}`)}` : "";
    const won = new Set(w.map(sideOf));
    if (!won.size || won.size === sides.length) {
      return t("table.matchDrawn", {score: sides.map(first).join(" : ") + units});
    }
    const top = [...won][0];
    const rest = sides.filter((x) => x !== top).sort((a, b) => first(b) - first(a));
    if (sides.length === 2) {
      return t("table.matchWon", {who: this.people(seatsOf(top)), score: `${first(top)} : ${first(rest[0])}${units}`});
    }
    return t("table.matchWonWith", {who: this.people(seatsOf(top)),
                                    score: unit ? amountOf(first(top), unit) : first(top),
                                    others: rest.map((x) => `${this.people(seatsOf(x), false)} ${first(x)}`).join(", ")});
  },

  // What a hand's result is counted in, as the game declares it: game points, chips, units or
  // points.
  gameUnit() {
    return this.state.view.scoring.unit;
  },

  // The bidding and meld games: the contract, the auction, and what was said and shown.
  renderInfo() {
    const v = this.state.view;
    const nm = (p) => esc(p === null || p === undefined ? t("table.someone") : this.name(p));
    let html = "";
    const c = v.contract;
    if (c) {
      const d = c.doubling ? `, ${esc(c.doubling)} ×${esc(c.factor)} = ${esc(c.worth)}` : "";
      const unit = v.targets && v.targets.unit ? ` ${esc(t("table.cardPoints", {n: c.value * v.targets.unit}))}` : "";
      html += `<div id="contract-banner"><b>${esc(t("table.contract"))}</b> ` +
        (v.auction && v.auction.kind === "units"
          ? `${esc(t("table.bidBy", {who: this.name(c.declarer), name: c.name}))}${unit}`
          : `${t("table.contractBy", {name: `<span class="contract-name">${esc(c.name)}</span>`,
                                       who: nm(c.declarer)})} — ${esc(c.value)}${d}` +
            `${c.trumps ? "" : ` · ${esc(t("table.noTrumps"))}`}` +
            `${c.solo ? ` · ${esc(t("table.playedAlone"))}` : ""}`) +
        (c.next_doubling ? ` <span class="caption">${esc(t("table.doublingOrPass", {word: c.next_doubling}))}</span>` : "") +
        `</div>`;
    }
    const a = v.auction;
    if (a && a.calls.length) {
      html += `<div id="auction-panel"><b>${esc(t(a.open ? "table.auction" : "table.auctionOver"))}</b> ` +
        a.calls.map((x) => `<span class="call">${nm(x.seat)}: ${esc(this.callWords(x.call))}</span>`).join(" · ") +
        (a.open && a.high !== null ? `<br>${esc(t("table.highBid", {bid: a.high, who: this.name(a.bidder)}))}` : "") +
        `</div>`;
    } else if (a && a.open) {
      html += `<div id="auction-panel"><b>${esc(t("table.auction"))}</b> ${esc(t("table.noBid"))}</div>`;
    }
    if (v.opening) html += `<div id="opening"><b>${esc(t("table.opening"))}</b> ${esc(v.opening)}</div>`;
    const said = v.log.filter((x) => !["bid", "pass", "kontra", "rekontra", "subkontra"].includes(
      x.action.split(" ")[0]) || !a);
    if (said.length) {
      // Compact: the latest line; the ones before it on request.
      const line = (x) => (x.you_words ? `${esc(t("table.youSaid"))} ${this.saidWords(x, true)}`
        : `${nm(x.seat)} ${this.saidWords(x, false)}`);
      const open = $("log-panel") && $("log-panel").open ? " open" : "";
      html += `<details id="log-panel"${open}><summary>${line(said[said.length - 1])}</summary>` +
        `<ul id="meld-log" aria-label="${esc(t("table.said"))}">` + said.slice(-8).map((x) =>
        `<li>${line(x)}</li>`).join("") + `</ul></details>`;
    }
    if (v.scored.length) {
      html += `<div id="scored"><b>${esc(t("table.scored"))}</b> ` + v.scored.map((x) =>
        `<span class="combo">${nm(x.seat)}: ${esc(x.name.split(" ")[0])} ` +
        x.cards.map((k) => faceOrBack(k, "small")).join("") + ` ${esc(x.points)}</span>`).join(" ") +
        `</div>`;
    }
    if (v.bella_by !== null) html += `<div id="bella"><b>Bella:</b> ${nm(v.bella_by)} (20)</div>`;
    v.first_tricks.forEach((cards, side) => {
      if (!cards.length) return;
      const who = this.state.seats.map((s, i) => i).filter((i) => v.sides[i] === side)
        .map((i) => this.name(i)).join(t("common.and"));
      html += `<div class="first-trick"><span class="caption">${esc(t("table.firstTrick", {who}))}</span> ` +
        cards.map((k) => faceOrBack(k, "small")).join("") + `</div>`;
    });
    $("game-info").innerHTML = html;
    $("game-info").hidden = !html;
  },

  // An auction's call ("pass", "bid 3", "bid gang") in the page's language.
  callWords(call) {
    const [verb, what] = call.split(" ");
    return verb === "bid" ? t("table.call.bid", {what}) : t("table.call.pass");
  },

  // What a seat said or showed (the log's line after its name, HTML), from the action's text,
  // in the second person for this seat (``you``): in the page's language, or the server's own
  // words where the language has none (en.json's said.* are null: the server speaks English).
  saidWords(x, you) {
    const server = esc(you ? x.you_words : x.words);
    const [verb, ...w] = x.action.split(" ");
    const suit = (card) => esc(Cards.suitName(card[card.length - 1]));
    let key = verb;
    const params = {points: x.points};
    if (verb === "marry") {
      key = w[0] === "double" ? "marryDouble" : "marry";
      params.suit = suit(w[w.length - 1]);
    } else if (verb === "declare" && w[0]) {
      key = "declareShow";
      params.suit = suit(w[0]);
    } else if (verb === "declare" && this.state.view.scoring.claim === "knock") {
      key = "knock";
      params.target = this.state.view.targets && this.state.view.targets.claim;
    } else if (verb === "trump") {
      params.suit = suit(w[0]);
    } else if (verb === "bid") {
      key = /^\d+$/.test(w[0]) ? "bidUnits" : "bid";
      params.n = Number(w[0]);
      params.contract = esc(w[0][0].toUpperCase() + w[0].slice(1));
    } else if (["kontra", "rekontra", "subkontra"].includes(verb)) {
      key = "say";
      params.word = verb[0].toUpperCase() + verb.slice(1);
    } else if (verb === "knock") {
      key = "knockDeal";
    } else if (verb === "open") {
      key = w[1] === "??" ? "openHidden" : "open";
      params.opening = esc(OPENING_LABELS[w[0]] || w[0]);
      params.card = w[1] === "??" ? "" : esc(Cards.label(w[1]));
    } else if (verb === "announce" || verb === "show") {
      params.combo = comboName(w);
    } else if (verb === "meld") {
      key = "meldLow";
    }
    const k = `said.${key}.${you ? "you" : "other"}`;
    return I18n.words[k] ? t(k, params) : server;
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
      note += ` <button class="secondary takeover-btn" data-seat="${i}">${esc(t("table.computerNow"))}</button>`;
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
      `<div class="seat-name"><b>${esc(this.name(i))}</b>` +
      `${i === me && s.name.trim().toLowerCase() !== t("lobby.you").toLowerCase() ? ` ${esc(WORDS.you)}` : ""}` +
      `${partner ? ` <span class="tag">${WORDS.partner}</span>` : ""}` +
      `${s.computer && s.kind === "human" ? " 🤖" : ""}` +
      `${s.connected ? "" : s.invited ? ` · ${WORDS.invited}` : ` · ${WORDS.away}`}` +
      (v.dealer === i ? ` <span class="dealer" title="${WORDS.dealer}">D</span>` : "") +
      `${v.to_act === i ? ` <span class="turn-tag">${i === me ? WORDS.yourTurn : WORDS.toPlay}</span>` : ""}` +
      `${this.awayNote(s, i)}</div>` +
      `<div class="seat-score">${this.matchScore(i)} · ` +
      `${this.points(i)}${plural(v.tricks[i], "trick")}` +
      `${v.pending[i] ? ` ${esc(t("table.pending", {n: v.pending[i]}))}` : ""}` +
      v.marriages.filter((x) => x.seat === i).map((x) =>
        ` <span class="marriage" title="${esc(t("table.marriage"))}">${Cards.suitIcon(x.suit, 14)}${esc(x.value)}</span>`).join("") +
      `</div>${cards}</div>`;
  },

  render() {
    const m = this.state, v = m.view, me = m.seat;
    const snap = Motion.snapshot();
    document.title = t("table.title", {game: gameName(m.game, m.game_name), table: m.table});
    const n = m.seats.length;
    $("felt").dataset.seats = String(n);
    $("scoreboard").innerHTML = m.seats.map((s, i) => this.seatBox(i)).join("");
    $("hand-info").innerHTML = `${esc(WORDS.hand)} ${esc(m.hand_no)}` +
      `${v.bonus ? ` · ${esc(t("table.bonus", {n: v.bonus}))}` : ""}` +
      (m.commitment ? ` <span class="commitment" title="${esc(t("table.commitmentAbout", {commitment: m.commitment}))}">` +
        `${esc(t("table.deal", {short: m.commitment.slice(0, 12)}))}</span>` + DealCheck.html(m) : "") +
      (m.secret ? ` <span class="secret" title="${esc(t("table.secretAbout"))}">${esc(t("table.secret"))}</span>` : "");

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
      stock += `<div class="caption trumps">${esc(WORDS.trumps)} ${Cards.suitIcon(v.trump, 18)} ` +
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
        (close ? ` data-action="close" aria-label="${esc(WORDS.closeLabel)}"` : "") +
        `>${Cards.back()}<span class="count" aria-hidden="true">${esc(v.stock)}</span></${tag}>`;
    }
    if (pile) stock += `<div class="pile">${pile}</div>`;
    if (v.stock > 0) {
      stock += `<div class="caption"><span id="stock-count">${esc(v.stock)}</span> ${esc(WORDS.inStock)}` +
        `${v.closed_by !== null ? ` — ${esc(WORDS.closedBy)} ${esc(this.name(v.closed_by))}` : ""}` +
        `${close ? ` <span class="tap-hint">${esc(WORDS.tapToClose)}</span>` : ""}</div>`;
    }
    if (exchange) stock += `<div class="caption tap-hint">${esc(WORDS.tapToExchange)}</div>`;
    $("stock-area").innerHTML = stock;

    // The trick in the middle, each card in front of the seat that played it; between tricks the
    // completed one stays until the next lead, with its winner (who leads now) named.
    const done = !v.trick.length && v.last_trick.length;
    const shown = done ? v.last_trick : v.trick;
    const trick = shown.length
      ? `<div class="caption">${esc(done ? t("table.trickWonBy", {who: this.people([v.leader], false)})
        : t("table.trick"))}</div>` +
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
      status = t("table.matchOver", {words: this.matchWords()});
    } else if (v.phase === "over") {
      status = t("table.handOver");
    } else if (me !== null && v.to_act === me) {
      const has = (verb) => v.legal.some((a) => a.verb === verb);
      status = drawing ? t("table.drawing") : PHASE_PROMPTS[v.phase] || (has("open") ? WORDS.yourTurnOpen
        : has("announce") ? WORDS.yourTurnAnnounce : WORDS.yourTurnPlay);
    } else if (v.to_act !== null) {
      status = t("table.toAct", {who: this.name(v.to_act)});
    } else status = "";
    $("status").textContent = status;

    // End-of-hand summary.
    const sum = $("summary");
    if (m.result) {
      const r = m.result;
      const winners = this.people(r.winners) || t("score.nobody");
      sum.hidden = false;
      sum.innerHTML = `<h2>${esc(t(r.winners.length ? "table.wonHand" : "table.won",
                                   {who: winners, end: endWords(r.end)}))}</h2>` +
        `<p>${this.detailWords(r.detail)}</p><p>` +
        m.seats.map((s, i) =>
          `${esc(this.name(i))}: ${esc(t("reveal.points", {n: r.points[i]}))}, ${plural(r.tricks[i], "trick")}, ` +
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
      buttons += `<button class="secondary" id="hint-btn">${esc(t("table.hint"))}</button>`;
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
    $("mine").textContent = me === null ? t("table.watching") : "";
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
    const names = (seats) => seats.map((i) => this.name(i)).join(t("common.and"));
    const dealIn = this.dealAt !== null
      ? ` <span class="deal-in">${esc(t("table.dealingIn", {n: this.secondsLeft()}))}</span>` : "";
    if (me !== null && nx.ready.includes(me)) {
      return `<p id="next-waiting">${esc(nx.waiting.length ? t("table.waitingFor", {who: names(nx.waiting)})
        : t("table.dealing"))}${dealIn}</p>`;
    }
    const others = nx.ready.filter((i) => i !== me);
    return (others.length ? `<p id="next-ready">${esc(t(others.length > 1 ? "table.readyMany" : "table.readyOne",
                                                          {who: names(others)}))}${dealIn}</p>` : "") +
      (m.can_next ? `<button id="next-hand">${esc(t("table.nextHand"))}</button>` : "");
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
          el.textContent = t("table.dealingIn", {n: this.secondsLeft()});
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
        `<span class="visually-hidden"> ${esc(I18n.t("table.by"))} </span><span class="who">${esc(this.name(t.seat))}</span>` +
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
      `${open ? ' aria-controls="last-trick-panel"' : ""}>${esc(t(open ? "table.hideLastTrick" : "table.lastTrick"))}</button>` +
      (open ? `<div id="last-trick-panel"><div class="caption">` +
        `${esc(t("table.lastTrickWonBy", {who: this.people([v.leader], false)}))}</div>` +
        `${this.trickCards(v.last_trick, v.leader, false)}</div>` : "");
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
    return !this.askDraw && v.phase === "draw" && v.to_act === this.state.seat &&
      v.legal.some((a) => a.verb === "draw");
  },

  // What is asked before an action that ends the hand at once or stakes it, with the seat's own
  // numbers (the server's: ``points``, ``cost``, ``their_most``, ``low_held``): {text, yes}, or
  // null for an action that goes out at once.
  question(a) {
    const v = this.state.view, me = this.state.seat, target = v.targets && v.targets.claim;
    const team = v.sides.filter((x) => x === v.sides[me]).length > 1;
    const have = t(team ? "ask.sideHas" : "ask.youHave");
    const them = v.active.filter((i) => v.sides[i] !== v.sides[me]);
    const others = them.map((i) => this.name(i)).join(t("common.and")), one = them.length === 1;
    const cost = (n) => t(`reveal.gets.${one ? "one" : "many"}`, {who: others, amount: amountOf(n, this.gameUnit())});
    const knock = v.scoring.claim === "knock";
    if (a.verb === "declare") {
      if (a.false_claim !== undefined) {
        return {yes: t(knock ? "ask.knockAnyway" : "ask.claimAnyway"),
                text: t(knock ? "ask.falseKnock" : "ask.falseClaim",
                        {have, points: a.false_claim, target,
                         cost: a.cost === undefined ? "" : ` (${cost(a.cost)})`})};
      }
      const what = knock ? t("ask.knock") : a.card
        ? t("ask.showAndClaimWhat", {suit: Cards.suitName(a.card[1])}) : t("ask.claimHand");
      return {yes: t(knock ? "ask.knock" : a.card ? "ask.showAndClaim" : "ask.claim"),
              text: t("ask.claimText", {what, points: a.points, have, target})};
    }
    if (a.verb === "close") {
      return {yes: t("table.verb.close"),
              text: t(team ? "ask.closeSide" : "ask.closeYou",
                      {have, points: a.points, target,
                       cost: a.cost === undefined ? t("ask.loseHand") : cost(a.cost)})};
    }
    if (a.verb === "open" && a.low_held !== undefined) {  // Gaigel's Auf Dissle: a bet
      return {yes: t("ask.openAufDissle"),
              text: t("ask.aufDissle", {win: amountOf(a.cost, this.gameUnit()), low: rankPlural(a.low),
                                        held: a.low_held, cost: cost(a.cost)})};
    }
    if (a.verb === "reverse") {
      return {yes: t("ask.reverse"),
              text: t(one ? "ask.reverseOne" : "ask.reverseMany",
                      {others, target, most: a.their_most, cost: cost(a.cost)})};
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
    box.textContent = t("table.hintText", {best: msg.best, value: fmt(msg.values[0].value)}) +
      (others ? t("table.hintThen", {others}) : "");
    const b = $("hint-btn");
    if (b) b.disabled = false;
  },
};

browserSetting("ask-draw", "sixtysix.askdraw", (on) => { Table.askDraw = on; });
