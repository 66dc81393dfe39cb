// The score sheet: every hand of the match so far (who won it and how, each seat's card points,
// tricks and game points) and the match score after it in the game's own terms, in a dialog the
// table's "Score sheet" button opens, during the match and after it. Built from the state
// message's ``results`` (each with ``score``, the match score after that hand).
"use strict";

const ScoreSheet = {
  table: null,

  // Called with each state (Table.render): the open sheet follows the match.
  render(table) {
    if (!this.table) {
      this.table = table;
      $("score-sheet-btn").onclick = () => { this.fill(); $("score-sheet").showModal(); };
      $("score-sheet-close").onclick = () => $("score-sheet").close();
    }
    const n = table.state.results.length;
    $("score-sheet-btn").textContent = n ? `Score sheet (${n} hand${n === 1 ? "" : "s"})` : "Score sheet";
    if ($("score-sheet").open) this.fill();
  },

  // What the match score counts: Schnapsen's Bummerl counts down to 0 ("to go"), Three-Player
  // counts chips, North American units, Terts running totals; the others game points up.
  scoreWord() {
    const m = this.table.state, t = m.view.targets;
    if (t && t.start) return "To go";
    if (m.game === "bauernschnapsen" && m.options.score_direction === "down") return "To go";
    return {"three-player-sixty-six": "Chips", "north-american-sixty-six": "Units", terts: "Total"}[m.game]
      || "Game points";
  },

  // The line under the title: what the score counts towards.
  about() {
    const m = this.table.state, t = m.view.targets;
    if (t && t.start) return `Bummerl: each seat counts down from ${esc(t.start)}; the first at 0 wins it.`;
    if (m.game === "three-player-sixty-six") return "Chips: what each seat holds after the hand.";
    if (t && t.match && m.game !== "gaigel") return `${esc(this.scoreWord())}: the first to ${esc(t.match)} wins the match.`;
    return `${esc(this.scoreWord())}: each seat's total after the hand.`;
  },

  fill() {
    const table = this.table, m = table.state;
    const seats = m.seats.map((s, i) => i);
    const head = `<tr><th scope="col" rowspan="2">Hand</th><th scope="col" rowspan="2">Won by</th>` +
      `<th scope="col" rowspan="2">How</th>` +
      seats.map((i) => `<th scope="colgroup" colspan="2">${esc(table.name(i))}` +
        `${i === m.seat ? " (you)" : ""}</th>`).join("") + `</tr><tr>` +
      seats.map(() => `<th scope="col">Hand</th><th scope="col">${esc(this.scoreWord())}</th>`).join("") + `</tr>`;
    const rows = m.results.map((r, k) => {
      const won = r.winners.map((i) => esc(table.name(i))).join(" and ") || "Nobody";
      return `<tr data-hand="${k + 1}"><th scope="row">${k + 1}</th><td class="sheet-won">${won}</td>` +
        `<td class="sheet-how">${esc(r.end)}<br><span class="caption">${table.detailWords(r.detail)}</span></td>` +
        seats.map((i) => `<td class="sheet-hand" data-seat="${i}"><span class="sheet-gp">` +
          `${r.game_points[i] > 0 ? "+" : ""}${esc(r.game_points[i])}</span><br><span class="caption">` +
          `${plural(r.points[i], "pt")} · ${plural(r.tricks[i], "trick")}</span></td>` +
          `<td class="sheet-score" data-seat="${i}">${esc(r.score[i])}</td>`).join("") + `</tr>`;
    }).join("");
    $("score-sheet-body").innerHTML = `<p class="note">${this.about()}</p>` + (rows
      ? `<table><thead>${head}</thead><tbody>${rows}</tbody></table>`
      : `<p id="sheet-empty">No hand has been finished yet.</p>`);
  },
};
