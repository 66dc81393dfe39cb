// Motion and sound that tell what happened: a card played travels from the hand (or the seat
// that played it) to its place in the trick, a taken trick travels to its winner, a new hand is
// dealt card by card; a short synthesized sound for a card played and for the player's turn.
// Nothing waits for an animation: each state is drawn at once, and an animation only moves what
// is already drawn (a new state mid-animation just replaces it). No motion under the system's
// "reduce motion" or with the "Less motion" setting; sounds only with the "Sounds" setting.
"use strict";

const Motion = {
  still: false,   // the "Less motion" setting
  sound: false,   // the "Sounds" setting
  reduce: window.matchMedia("(prefers-reduced-motion: reduce)"),
  fromRect: null, // where the card the player just chose was (its code and its box)
  lastHand: null, // the hand number and version last drawn
  audio: null,
  moves: {travel: 0, sweep: 0, deal: 0},  // how many of each have started since the page opened

  on() { return !this.still && !this.reduce.matches; },

  // The card the player chose, before the state that plays it arrives.
  from(el) {
    this.fromRect = {card: el.dataset.card, rect: el.getBoundingClientRect()};
  },

  // Where things are before a redraw: each seat and each card of the trick on the table.
  snapshot() {
    const seats = {}, trick = [];
    for (const s of document.querySelectorAll("#scoreboard .seat-box[data-seat]")) {
      seats[s.dataset.seat] = s.getBoundingClientRect();
    }
    for (const t of document.querySelectorAll("#trick-area .trick-card")) {
      trick.push({key: this.key(t), rect: t.getBoundingClientRect(), html: t.outerHTML,
                  winner: t.classList.contains("winner")});
    }
    const stock = document.querySelector("#stock-area .pile");
    return {seats, trick, stock: stock ? stock.getBoundingClientRect() : null};
  },

  key(t) { return `${t.dataset.seat}:${(t.querySelector("[data-card]") || {dataset: {}}).dataset.card || "??"}`; },

  // After a redraw: what is new moves in from where it came from, what left moves away.
  play(before, table) {
    const m = table.state, v = m.view;
    const now = [...document.querySelectorAll("#trick-area .trick-card")];
    const keys = new Set(now.map((t) => this.key(t)));
    const fresh = now.filter((t) => !before.trick.some((b) => b.key === this.key(t)));
    const newHand = this.lastHand !== null && this.lastHand !== m.hand_no;
    const first = this.lastHand === null;
    this.lastHand = m.hand_no;
    if (fresh.length) this.beep("card");
    if (m.seat !== null && v.to_act === m.seat && v.legal.length && fresh.length) this.beep("turn");
    if (!this.on() || first) { this.fromRect = null; return; }
    if (newHand) this.deal(before.stock);
    for (const t of fresh) {
      const seat = t.dataset.seat, card = this.key(t).split(":")[1];
      const mine = this.fromRect && this.fromRect.card === card && String(m.seat) === seat;
      const src = mine ? this.fromRect.rect : before.seats[seat];
      if (src) this.travel(t, src, mine ? 1 : 0.5, 320);
    }
    this.fromRect = null;
    // The trick that left the table goes to whoever took it.
    const gone = before.trick.filter((b) => !keys.has(b.key));
    const winner = gone.find((b) => b.winner);
    if (gone.length && winner && !newHand) {
      const to = document.querySelector(`#scoreboard .seat-box[data-seat="${winner.key.split(":")[0]}"]`);
      if (to) this.sweep(gone, to.getBoundingClientRect());
    }
  },

  // ``el`` slides from ``rect`` (scaled from ``scale``) to where it is drawn.
  travel(el, rect, scale, ms) {
    this.moves.travel++;
    const to = el.getBoundingClientRect();
    const dx = rect.left + rect.width / 2 - (to.left + to.width / 2);
    const dy = rect.top + rect.height / 2 - (to.top + to.height / 2);
    el.animate([{transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.6},
                {transform: "none", opacity: 1}], {duration: ms, easing: "cubic-bezier(.2,.7,.3,1)"});
  },

  // Copies of the cards that left, over the page where they were, fly to ``rect`` and vanish.
  sweep(gone, rect) {
    this.moves.sweep++;
    for (const g of gone) {
      const ghost = document.createElement("div");
      ghost.className = "ghost";
      ghost.setAttribute("aria-hidden", "true");
      ghost.innerHTML = g.html;
      Object.assign(ghost.style, {left: `${g.rect.left}px`, top: `${g.rect.top}px`,
                                  width: `${g.rect.width}px`, height: `${g.rect.height}px`});
      document.body.appendChild(ghost);
      const dx = rect.left + rect.width / 2 - (g.rect.left + g.rect.width / 2);
      const dy = rect.top + rect.height / 2 - (g.rect.top + g.rect.height / 2);
      const a = ghost.animate([{transform: "none", opacity: 1},
                               {transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0}],
                              {duration: 450, easing: "ease-in", fill: "forwards"});
      a.onfinish = a.oncancel = () => ghost.remove();
    }
  },

  // The new hand comes from the talon (or the middle of the table), one card after another.
  deal(stock) {
    this.moves.deal++;
    const from = stock || $("center").getBoundingClientRect();
    [...document.querySelectorAll("#hand button.card")].forEach((c, i) => {
      const to = c.getBoundingClientRect();
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      c.animate([{transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0},
                 {transform: "none", opacity: 1}],
                {duration: 300, delay: i * 70, easing: "ease-out", fill: "backwards"});
    });
  },

  // Short synthesized sounds (no audio files): a card laid down is a brief filtered noise, the
  // player's turn two soft notes.
  beep(kind) {
    if (!this.sound) return;
    try {
      this.audio = this.audio || new AudioContext();
      // Made before any touch on the page, the browser holds the sound back until one.
      if (this.audio.state === "suspended") this.audio.resume();
      const ac = this.audio, t = ac.currentTime, out = ac.createGain();
      out.connect(ac.destination);
      if (kind === "card") {
        const len = Math.floor(ac.sampleRate * 0.06), buf = ac.createBuffer(1, len, ac.sampleRate);
        const d = buf.getChannelData(0);
        for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
        const src = ac.createBufferSource(), f = ac.createBiquadFilter();
        f.type = "bandpass";
        f.frequency.value = 2400;
        src.buffer = buf;
        src.connect(f).connect(out);
        out.gain.value = 0.5;
        src.start(t);
      } else {
        [660, 880].forEach((hz, k) => {
          const o = ac.createOscillator(), g = ac.createGain();
          o.frequency.value = hz;
          g.gain.setValueAtTime(0.0001, t + k * 0.09);
          g.gain.exponentialRampToValueAtTime(0.12, t + k * 0.09 + 0.01);
          g.gain.exponentialRampToValueAtTime(0.0001, t + k * 0.09 + 0.14);
          o.connect(g).connect(out);
          o.start(t + k * 0.09);
          o.stop(t + k * 0.09 + 0.15);
        });
      }
    } catch (e) { /* no audio here: the table goes on silent */ }
  },
};

browserSetting("less-motion", "sixtysix.stillcards", (on) => { Motion.still = on; });
browserSetting("sound-setting", "sixtysix.sounds", (on) => { Motion.sound = on; });
