// The score pad and the score sheet. The pad fills in hand by hand, as players keep score on
// paper: a column per side, the match score after each hand with the hand's change beside it,
// from the score the match starts at (Schnapsen's Bummerl counts down from 7, Three-Player's
// chips from the stake, the others up to their target; Terts' race to 501), and at the end who
// gets the Bummerl. It sits beside the table on a wide screen; on a phone a button opens it over
// the table. The sheet (a dialog the pad's "Every hand" button opens) has every hand in detail:
// who won it and how, each seat's card points, tricks and game points. Both are built from the
// state message's ``results`` (each with ``score``, the match score after that hand),
// ``score_start``, ``bummerl`` and ``series`` (the matches before this one at the same seats: the
// pad tallies their Bummerl, or the matches each side won).
"use strict";

// Every word of the pad and the sheet (one place), in the page's language: read at each use.
const SCORE_WORDS = {
  get pad() { return t("score.pad"); },
  padButton: (n) => (n ? t("score.padButtonCount", {n}) : t("score.pad")),
  get sheetButton() { return t("score.sheetButton"); },
  get close() { return t("common.close"); },
  get handCol() { return t("score.handCol"); },
  get start() { return t("score.start"); },
  get noHand() { return t("score.noHand"); },
  get sheetEmpty() { return t("score.noHand"); },
  get won() { return t("score.won"); },
  get how() { return t("score.how"); },
  get nobody() { return t("score.nobody"); },
  get you() { return t("score.you"); },
  get toGo() { return t("score.toGo"); },
  get chips() { return t("score.chips"); },
  get units() { return t("score.units"); },
  get total() { return t("score.total"); },
  get gamePoints() { return t("score.gamePoints"); },
  bummerlAbout: (start) => t("score.bummerlAbout", {start}),
  get chipsAbout() { return t("score.chipsAbout"); },
  raceAbout: (word, target) => t("score.raceAbout", {word, target}),
  totalAbout: (word) => t("score.totalAbout", {word}),
  // ``kind``: the server's Bummerl, Schneider or Retourschneider; ``form``: personForm()'s.
  bummerl: (who, kind, count, form) => t(`score.bummerl.${kind === "Bummerl" ? "one" : "more"}.${form}`,
                                         {who, kind: t(`score.kind.${kind}`), count}),
  change: (n) => (n > 0 ? `+${n}` : `${n}`),
  handTitle: (n) => t("score.handTitle", {n}),
  race: (who, n, target) => t("score.race", {who, n, target}),
  get loading() { return t("score.loading"); },
  // ``list``: "Ann 1 · Bob 2", each side's Bummerl (or matches won) over the matches so far.
  tally: (bummerl, list) => t(bummerl ? "score.tallyBummerl" : "score.tallyWon", {list}),
};

const ScoreSheet = {
  table: null,
  padOpen: false,  // the pad is open over the table (phones)

  // Called with each state (Table.render): the pad and the open sheet follow the match.
  render(table) {
    const W = SCORE_WORDS;
    if (!this.table) {
      this.table = table;
      $("score-sheet-btn").onclick = () => { this.fill(); $("score-sheet").showModal(); };
      $("score-sheet-close").onclick = () => $("score-sheet").close();
      $("score-pad-btn").onclick = () => this.openPad(!this.padOpen);
      $("score-pad-close").onclick = () => { this.openPad(false); $("score-pad-btn").focus(); };
      $("score-pad").onkeydown = (e) => {
        if (e.key === "Escape" && this.padOpen) { this.openPad(false); $("score-pad-btn").focus(); }
      };
    }
    const n = table.state.results.length;
    $("score-pad-btn").textContent = W.padButton(n);
    $("score-sheet-btn").textContent = W.sheetButton;
    this.fillPad();
    if ($("score-sheet").open) this.fill();
  },

  openPad(open) {
    this.padOpen = open;
    $("score-pad").classList.toggle("open", open);
    $("score-pad-btn").setAttribute("aria-expanded", String(open));
    if (open) $("score-pad-close").focus();
  },

  // What the match score counts: Schnapsen's Bummerl counts down to 0 ("to go"), Three-Player
  // counts chips, North American units, Terts running totals; the others game points up.
  scoreWord() {
    const m = this.table.state, targets = m.view.targets, W = SCORE_WORDS;
    if (targets && targets.start) return W.toGo;
    if (m.view.scoring.down) return W.toGo;  // a count down to 0
    return {chip: W.chips, unit: W.units, point: W.total}[this.table.gameUnit()] || W.gamePoints;
  },

  // The line under the title: what the score counts towards.
  about() {
    const m = this.table.state, targets = m.view.targets, W = SCORE_WORDS;
    if (targets && targets.start) return esc(W.bummerlAbout(targets.start));
    if (this.table.gameUnit() === "chip") return esc(W.chipsAbout);
    if (targets && targets.race) return esc(W.raceAbout(this.scoreWord(), targets.race));
    return esc(W.totalAbout(this.scoreWord()));
  },

  // The sides in seat order, each with its seats: one column of the pad each.
  sides() {
    const m = this.table.state, sides = m.view.sides;
    const order = [...new Set(m.seats.map((s, i) => sides[i]))];
    return order.map((side) => m.seats.map((s, i) => i).filter((i) => sides[i] === side));
  },

  // The matches before this one at these seats, and this one once over: each side's Bummerl
  // (the games that count them), else the matches each side won (escaped; "" before any).
  tally(sides) {
    const m = this.table.state;
    const done = [...(m.series || []), ...(m.complete ? [{winner: m.winner, bummerl: m.bummerl}] : [])];
    if (!(m.series || []).length) return "";
    const bummerl = done.some((x) => x.bummerl);
    const count = (seats) => done.reduce((sum, x) => sum + (bummerl
      ? (x.bummerl && seats.some((i) => x.bummerl.seats.includes(i)) ? x.bummerl.count : 0)
      : ((x.winner || []).some((i) => seats.includes(i)) ? 1 : 0)), 0);
    const list = sides.map((seats) => `${seats.map((i) => this.table.name(i)).join(" & ")} ${count(seats)}`)
      .join(" · ");
    return `<p class="pad-tally">${esc(SCORE_WORDS.tally(bummerl, list))}</p>`;
  },

  // The race to the match's target at a glance: a bar per side, how far it has come (Schnapsen's
  // Bummerl: the game points made of the 7; Terts: its total of 501; the others their game
  // points or units of the target). "" where the score is no race (chips, a number of deals).
  race(sides, start) {
    const m = this.table.state, targets = m.view.targets || {};
    const down = Boolean(targets.start) || m.view.scoring.down;
    const max = targets.start || targets.race;
    if (!max) return "";
    return `<tr class="pad-race"><td></td>` + sides.map((seats) => {
      const p = seats[0], made = down ? start[p] - m.score[p] : m.score[p];
      const who = seats.map((i) => this.table.name(i)).join(" & ");
      return `<td><meter min="0" max="${esc(max)}" value="${esc(Math.max(0, Math.min(made, max)))}" ` +
        `aria-label="${esc(SCORE_WORDS.race(who, made, max))}"></meter></td>`;
    }).join("") + `</tr>`;
  },

  // The pad: a line per hand (the match score after it, the hand's change beside it), the
  // score the match started at on top, and who gets the Bummerl once it is over.
  fillPad() {
    const table = this.table, m = table.state, W = SCORE_WORDS, me = m.seat;
    const sides = this.sides();
    const head = `<tr><th scope="col">${W.handCol}</th>` + sides.map((seats) =>
      `<th scope="col" class="${seats.includes(me) ? "pad-mine" : ""}">` +
      `${esc(seats.map((i) => table.name(i)).join(" & "))}${seats.includes(me) ? W.you : ""}</th>`).join("") +
      `</tr>`;
    const start = m.score_start || m.seats.map(() => 0);
    const race = this.race(sides, start);
    const startRow = start.some((x) => x !== 0)
      ? `<tr class="pad-start"><th scope="row">${W.start}</th>` +
        sides.map((seats) => `<td>${esc(start[seats[0]])}</td>`).join("") + `</tr>` : "";
    let before = start;
    const rows = m.results.map((r, k) => {
      const prev = before;
      before = r.score;
      return `<tr data-hand="${k + 1}"${k === m.results.length - 1 ? ' class="pad-last"' : ""}>` +
        `<th scope="row"><button type="button" class="secondary pad-hand" data-hand="${k + 1}" ` +
        `aria-label="${esc(W.handTitle(k + 1))}" aria-haspopup="dialog">${k + 1}</button></th>` +
        sides.map((seats) => {
          const p = seats[0], d = r.score[p] - prev[p];
          const won = seats.some((i) => r.winners.includes(i));
          return `<td data-side-seat="${p}" class="${won ? "pad-won" : ""}">` +
            `<span class="pad-score">${esc(r.score[p])}</span>` +
            (d ? ` <span class="pad-change">${esc(W.change(d))}</span>` : "") + `</td>`;
        }).join("") + `</tr>`;
    }).join("");
    const b = m.bummerl;
    const bummerl = b ? `<p class="pad-bummerl">${esc(W.bummerl(table.people(b.seats), b.kind, b.count, personForm(b.seats, me)))}</p>` : "";
    $("score-pad-body").innerHTML = `<p class="note">${this.about()}</p>${this.tally(sides)}` +
      `<table class="pad"><thead>${head}${race}</thead><tbody>${startRow}${rows}</tbody></table>` +
      (m.results.length ? "" : `<p class="note" id="pad-empty">${W.noHand}</p>`) + bummerl;
    for (const b of document.querySelectorAll("#score-pad-body .pad-hand")) {
      b.onclick = () => this.showHand(Number(b.dataset.hand), b);
    }
    // The newest line in view (a long match scrolls the pad).
    const last = document.querySelector("#score-pad-body .pad-last");
    if (last && last.scrollIntoView && this.padVisible()) last.scrollIntoView({block: "nearest"});
  },

  // Hand ``n`` face up in a dialog, as the server gives it (GET /api/tables/{id}/hands/{n});
  // focus goes back to ``from`` when it closes.
  async showHand(n, from) {
    const d = $("hand-dialog"), table = this.table;
    $("hand-dialog-close").onclick = () => d.close();
    d.onclose = () => { if (from && from.isConnected) from.focus(); };
    $("hand-dialog-title").textContent = SCORE_WORDS.handTitle(n);
    $("hand-dialog-body").textContent = SCORE_WORDS.loading;
    if (!d.open) d.showModal();
    try {
      const hand = await api("GET", `/api/tables/${encodeURIComponent(table.id)}/hands/${n}`);
      // Once the match is over, this hand's mistakes are one click away (analysis.js).
      const analysis = table.state.complete
        ? `<p><a class="hand-analysis-link" href="/a/${esc(encodeURIComponent(table.id))}#hand-${n}">` +
          `${esc(t("score.handAnalysis"))}</a></p>` : "";
      $("hand-dialog-body").innerHTML = Reveal.html(table, hand, true) + analysis;
    } catch (e) {
      $("hand-dialog-body").innerHTML = `<p class="error" role="alert">${esc(e.message)}</p>`;
    }
  },

  padVisible() {
    const pad = $("score-pad");
    return pad.offsetParent !== null && getComputedStyle(pad).position === "fixed" && !this.padOpen;
  },

  fill() {
    const table = this.table, m = table.state, W = SCORE_WORDS;
    const seats = m.seats.map((s, i) => i);
    const head = `<tr><th scope="col" rowspan="2">${W.handCol}</th><th scope="col" rowspan="2">${W.won}</th>` +
      `<th scope="col" rowspan="2">${W.how}</th>` +
      seats.map((i) => `<th scope="colgroup" colspan="2">${esc(table.name(i))}` +
        `${i === m.seat ? W.you : ""}</th>`).join("") + `</tr><tr>` +
      seats.map(() => `<th scope="col">${W.handCol}</th><th scope="col">${esc(this.scoreWord())}</th>`).join("") + `</tr>`;
    const rows = m.results.map((r, k) => {
      const won = r.winners.map((i) => esc(table.name(i))).join(t("common.and")) || W.nobody;
      return `<tr data-hand="${k + 1}"><th scope="row">${k + 1}</th><td class="sheet-won">${won}</td>` +
        `<td class="sheet-how">${esc(endWords(r.end))}<br><span class="caption">${table.detailWords(r.detail)}</span></td>` +
        seats.map((i) => `<td class="sheet-hand" data-seat="${i}"><span class="sheet-gp">` +
          `${r.game_points[i] > 0 ? "+" : ""}${esc(r.game_points[i])}</span><br><span class="caption">` +
          `${esc(t("score.pts", {n: r.points[i]}))} · ${esc(t("reveal.tricksTaken", {n: r.tricks[i]}))}</span></td>` +
          `<td class="sheet-score" data-seat="${i}">${esc(r.score[i])}</td>`).join("") + `</tr>`;
    }).join("");
    $("score-sheet-body").innerHTML = `<p class="note">${this.about()}</p>` + (rows
      ? `<table><thead>${head}</thead><tbody>${rows}</tbody></table>`
      : `<p id="sheet-empty">${W.sheetEmpty}</p>`);
  },
};
