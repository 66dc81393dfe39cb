// The end of a hand, face up: why it scored as it did in the players' words, what each seat was
// dealt and still held, the points each side took (cards, melds, melds that never counted), the
// talon, and every trick with who played what and who took it. Built from the state message's
// ``reveal``, which the server sends only once the hand is over (server/reveal.py): nothing here
// is worked out from the rules, only put into words.
"use strict";

// Every word of the panel (one place), in the page's language: read at each use. ``who`` and
// ``them`` are names already escaped; ``form`` is personForm()'s ("you", "withYou", "one", "many").
const REVEAL_WORDS = {
  get title() { return t("reveal.title"); },
  tricks: (n) => t("reveal.tricks", {n}),
  get noTricks() { return t("reveal.noTricks"); },
  trick: (k) => t("reveal.trick", {k}),
  wonBy: (who, pts) => t(pts ? "reveal.wonByPoints" : "reveal.wonBy", {who, pts}),
  get dealt() { return t("reveal.dealt"); },
  get held() { return t("reveal.held"); },
  get talon() { return t("reveal.talon"); },
  get trumpCard() { return t("reveal.trumpCard"); },
  get undrawn() { return t("reveal.undrawn"); },
  get melds() { return t("reveal.melds"); },
  points: (n) => t("reveal.points", {n}),
  tricksTaken: (n) => t("reveal.tricksTaken", {n}),
  split: (cards, melds) => t("reveal.split", {cards, melds}),
  uncounted: (n) => t("reveal.uncounted", {n}),
  get winner() { return t("reveal.winner"); },
  // Why the hand scored as it did, by the engine's ``end``.
  claim: (who, pts, target, gets) => t("reveal.claim", {who, pts, target, gets}),
  falseClaim: (who, pts, target, gets) => t("reveal.falseClaim", {who, pts, target, gets}),
  closedMade: (who, pts, target, gets) => t("reveal.closedMade", {who, pts, target, gets}),
  closerFailed: (who, pts, target, gets) => t("reveal.closerFailed", {who, pts, target, gets}),
  closerBeaten: (closer, who, target, gets) => t("reveal.closerBeaten", {closer, who, target, gets}),
  knock: (who, pts, gets) => t("reveal.knock", {who, pts, gets}),
  wrongKnock: (who, pts, target, gets) => t("reveal.wrongKnock", {who, pts, target, gets}),
  reverse: (who, them, target, gets) => t("reveal.reverse", {who, them, target, gets}),
  wrongReverse: (who, them, target, gets) => t("reveal.wrongReverse", {who, them, target, gets}),
  contract: (who, name, made, gets) => t(made ? "reveal.contractMade" : "reveal.contractFailed",
                                         {who, name, gets}),
  bid: (who, name, pts, made, gets) => t(made ? "reveal.bidMade" : "reveal.bidFailed", {who, name, pts, gets}),
  get passedOut() { return t("reveal.passedOut"); },
  // Gaigel's Auf Dissle (a bet on the five low cards), five low cards shown, and 101 passed
  // without a knock.
  dissle: (who, won, gets) => t(won ? "reveal.dissleWon" : "reveal.dissleLost", {who, gets}),
  fiveLow: (who, gets) => t("reveal.fiveLow", {who, gets}),
  overplayed: (target, gets) => t("reveal.overplayed", {target, gets}),
  lastTrick: (who, gets) => t("reveal.lastTrick", {who, gets}),
  playedOut: (who, pts, gets) => t("reveal.playedOut", {who, pts, gets}),
  get draw() { return t("reveal.draw"); },
  won: (gets) => t("reveal.won", {gets}),
  gets: (who, form, n, unit) => t(`reveal.gets.${form}`, {who, amount: amountOf(n, unit)}),
  loses: (who, form, n, unit) => t(`reveal.loses.${form}`, {who, amount: amountOf(n, unit)}),
  get nobodyScores() { return t("reveal.nobodyScores"); },
};

const Reveal = {
  openTricks: false,  // the list of tricks is open (kept while the same hand is shown)
  shown: null,        // the hand shown: "table:hand"

  // Called with each state (Table.render): shown once the hand is over, hidden when the next
  // is dealt.
  render(table) {
    const m = table.state, box = $("reveal");
    if (!m.reveal || !m.result) {
      box.hidden = true;
      box.innerHTML = "";
      this.shown = null;
      return;
    }
    const key = `${m.table}:${m.hand_no}`;
    if (this.shown !== key) this.openTricks = false;
    this.shown = key;
    box.hidden = false;
    box.innerHTML = `<h2>${REVEAL_WORDS.title}</h2>` + this.html(table, m, this.openTricks);
    const d = box.querySelector(".reveal-tricks");
    d.ontoggle = () => { this.openTricks = d.open; };
  },

  // A hand face up (``hand``: its ``reveal`` and ``result``, as the state message or
  // GET /api/tables/{id}/hands/{n} gives them), under a title of the caller's.
  html(table, hand, open) {
    const r = hand.reveal;
    return `<p class="reveal-why">${this.why(table, hand)}</p>` +
      `<div class="reveal-sides">${this.sides(table, hand)}</div>${this.talon(r)}` +
      `<details class="reveal-tricks"${open ? " open" : ""}>` +
      `<summary>${REVEAL_WORDS.tricks(r.tricks.length)}</summary>${this.tricks(table, r)}</details>`;
  },

  cards(list) {
    return list.map((c) => `<span class="card small" data-card="${esc(c)}">${Cards.face(c)}</span>`).join("");
  },

  // Who scores what: "Bob scores 2 game points"; every side that scores, the winners first
  // ("You and Cy score 2 units, Bob and Dan score 1 unit"; Terts adds each side's points to its
  // total; Three-Hand's dealer copies the winner's), then each that loses some (a failed bid of
  // units, Three-Player's chips paid).
  gets(table, hand) {
    const m = table.state, r = hand.result, sides = hand.reveal.sides;
    const seats = m.seats.map((s, i) => i);
    const scoring = [...new Set(seats.map((i) => sides[i]))]
      .map((side) => seats.filter((i) => sides[i] === side))
      .filter((group) => r.game_points[group[0]] !== 0)
      .sort((x, y) => r.winners.includes(y[0]) - r.winners.includes(x[0])
        || r.game_points[y[0]] - r.game_points[x[0]]);
    if (!scoring.length) return REVEAL_WORDS.nobodyScores;
    const unit = table.gameUnit();
    return scoring.map((group, k) => {
      const n = r.game_points[group[0]], say = n > 0 ? REVEAL_WORDS.gets : REVEAL_WORDS.loses;
      return say(esc(table.people(group, k === 0)), personForm(group, m.seat), Math.abs(n), unit);
    }).join(", ");
  },

  // Why the hand scored as it did, from the engine's ``end`` and who claimed, closed or declared.
  why(table, hand) {
    const r = hand.result, v = hand.reveal, w = v.why, W = REVEAL_WORDS;
    const name = (i) => esc(table.people([i]));
    // The other side of seat ``i``, in the middle of a sentence.
    const them = (i) => esc(table.people(v.active.filter((p) => v.sides[p] !== v.sides[i]), false));
    const gets = this.gets(table, hand), end = w.end || r.end;
    const c = w.claimant, closer = w.closer, target = w.target;
    const detail = `<br><span class="caption">${table.detailWords(r.detail)}</span>`;
    const contract = v.contract;
    const opener = v.log.find((x) => x.action.startsWith("open auf-dissle") && x.seat !== null);
    let words;
    if ((end === "claim" || end === "genug") && c !== null) words = W.claim(name(c), r.points[c], target, gets);
    else if ((end === "false claim" || end === "false genug") && c !== null) words = W.falseClaim(name(c), r.points[c], target, gets);
    else if (end === "closed and made" && closer !== null) words = W.closedMade(name(closer), r.points[closer], target, gets);
    else if (end === "closer failed" && closer !== null) words = W.closerFailed(name(closer), r.points[closer], target, gets);
    else if (end === "closer beaten" && closer !== null && c !== null) {
      words = W.closerBeaten(name(closer), name(c), target, gets);
    } else if ((end === "knock" || end === "gaigel") && c !== null) words = W.knock(name(c), r.points[c], gets);
    else if (end === "wrong knock" && c !== null) words = W.wrongKnock(name(c), r.points[c], target, gets);
    else if (end === "reverse knock" && c !== null) words = W.reverse(name(c), them(c), target, gets);
    else if (end === "wrong reverse knock" && c !== null) words = W.wrongReverse(name(c), them(c), target, gets);
    else if (end === "passed out") words = W.passedOut;
    else if ((end === "auf dissle" || end === "auf dissle lost") && opener !== undefined) {
      words = W.dissle(name(opener.seat), end === "auf dissle", gets);
    } else if (end === "five low" && c !== null) words = W.fiveLow(name(c), gets);
    else if (end === "overplayed") words = W.overplayed(target, gets);
    else if ((end === "made" || end === "failed") && contract) {
      // North American Sixty-Six's bid is a number of units: in the page's words.
      words = W.bid(name(contract.declarer), esc(amountOf(contract.value, "unit")), r.points[contract.declarer],
                    end === "made", gets);
    } else if (contract && / (made|failed)$/.test(end)) {
      words = W.contract(name(contract.declarer), esc(contract.name), end.endsWith("made"), gets);
    } else if (end === "last trick") words = W.lastTrick(name(v.tricks.at(-1).winner), gets);
    else if (end === "played out" && r.winners.length) words = W.playedOut(name(r.winners[0]), r.points[r.winners[0]], gets);
    else if (end === "draw" || end === "tie") words = W.draw;
    else words = W.won(gets.charAt(0).toUpperCase() + gets.slice(1));
    return words + detail;
  },

  // Each side: who won, tricks and points taken (cards and melds), and each seat's cards as
  // dealt and as still held at the end.
  sides(table, hand) {
    const r = hand.reveal, v = r, res = hand.result, W = REVEAL_WORDS;
    const seats = v.active;
    const sides = [...new Set(seats.map((i) => v.sides[i]))];
    return sides.map((side) => {
      const mine = seats.filter((i) => v.sides[i] === side), p = mine[0];
      const won = res.winners.includes(p);
      const pts = res.points[p];
      const split = r.melds[p] ? ` (${W.split(r.card_points[p], r.melds[p])})` : "";
      const uncounted = r.uncredited[p] ? `<br><span class="caption">${W.uncounted(r.uncredited[p])}</span>` : "";
      // What the side declared for points (marriages, melds, announcements), as the log says it.
      const melds = v.log.filter((x) => x.points && mine.includes(x.seat));
      return `<div class="reveal-side${won ? " won" : ""}" data-side="${side}">` +
        `<div class="reveal-head"><b>${esc(table.people(mine))}</b>${won ? ` ${W.winner}` : ""}: ` +
        `${W.tricksTaken(res.tricks[p])}, ${W.points(pts)}${split}${uncounted}</div>` +
        (melds.length ? `<ul class="reveal-melds" aria-label="${esc(W.melds)}">` + melds.map((x) =>
          `<li>${esc(table.name(x.seat))}: ${esc(x.words)}</li>`).join("") + `</ul>` : "") +
        mine.map((i) => `<div class="reveal-seat" data-seat="${i}">` +
          (mine.length > 1 ? `<span class="caption">${esc(table.name(i))}</span> ` : "") +
          `<span class="visually-hidden">${W.dealt}: </span>${this.cards(r.dealt[i])}` +
          (r.held[i].length ? `<div class="caption">${W.held}: ${this.cards(r.held[i])}</div>` : "") +
          `</div>`).join("") + `</div>`;
    }).join("");
  },

  // The talon as dealt, with the trump card, and what was left of it when the hand ended.
  talon(r) {
    const W = REVEAL_WORDS;
    if (!r.stock.length) return "";
    return `<div class="reveal-talon"><span class="caption">${W.talon}:</span> ${this.cards(r.stock)}` +
      (r.turnup ? ` <span class="caption">${W.trumpCard}:</span> ${this.cards([r.turnup])}` : "") +
      (r.undrawn.length ? `<div class="caption">${W.undrawn}: ${this.cards(r.undrawn)}</div>` : "") +
      `</div>`;
  },

  // Every trick in order: each card with who played it, the winner's marked, and the points.
  tricks(table, r) {
    const W = REVEAL_WORDS;
    if (!r.tricks.length) return `<p>${W.noTricks}</p>`;
    return `<ol class="reveal-trick-list" role="list">` + r.tricks.map((trick, k) =>
      `<li data-trick="${k + 1}"><span class="reveal-no" aria-hidden="true">${k + 1}</span>` +
      `<span class="visually-hidden">${W.trick(k + 1)}: </span>` +
      trick.cards.map((x) => `<span class="reveal-play${x.seat === trick.winner ? " winner" : ""}">` +
        `${this.cards([x.card])}<span class="who">${esc(table.name(x.seat))}</span></span>`).join("") +
      `<span class="reveal-taken">${W.wonBy(esc(table.people([trick.winner], false)), trick.points)}</span>` +
      `</li>`).join("") +
      `</ol>`;
  },
};
