// How a hand scored, in the page's language. The engine words each result's ``detail`` in
// English (it is part of the record, whose shape stays), clause by clause ("; " between them):
// each clause the engine can write is matched here and worded again from the dictionary
// (detail.*); one not matched stays as the engine wrote it. "seat N" becomes the seat's name.
"use strict";

// [pattern of one clause, key, the names of its groups]; a group named "seat*" is a seat.
const DETAIL_CLAUSES = [
  [/^(\d+)–(\d+): drawn hand$/, "drawnHand", ["a", "b"]],
  [/^(\d+)–(\d+): nobody wins$/, "nobodyWins", ["a", "b"]],
  [/^a bonus game point goes to the next hand's winner$/, "bonusNext", []],
  [/^(\d+)–(\d+): a bonus game point goes to the next hand's winner$/, "tieBonusNext", ["a", "b"]],
  [/^false claim at (\d+): opponent scores (\d+)$/, "falseClaim", ["pts", "gp"]],
  [/^closer made (\d+)$/, "closerMade", ["pts"]],
  [/^opponent scores (\d+)$/, "opponentScores", ["gp"]],
  [/^opponent scores (\d+) \(no trick at the close\)$/, "opponentScoresNoTrick", ["gp"]],
  [/^last trick wins the hand: 1$/, "lastTrickWins", []],
  [/^(\d+) points$/, "points", ["n"]],
  [/^loser had (\d+) points and (\d+) tricks → (\d+)$/, "loserHad", ["pts", "tricks", "gp"]],
  [/^loser had (\d+) points and (\d+) tricks at the close → (\d+)$/, "loserHadAtClose", ["pts", "tricks", "gp"]],
  [/^loser had (\d+) points and (\d+) tricks → (\d+) \((schneider|schwarz)\)$/, "loserHadBy",
   ["pts", "tricks", "gp", "by"]],
  [/^loser had (\d+) points and (\d+) tricks at the close → (\d+) \((schneider|schwarz)\)$/,
   "loserHadAtCloseBy", ["pts", "tricks", "gp", "by"]],
  [/^Genug with (\d+)$/, "genug", ["pts"]],
  [/^the opponents had (\d+) points and (\d+) tricks: (\d+)$/, "opponentsHad", ["pts", "tricks", "gp"]],
  [/^Genug claimed with only (\d+) points \((\d+) tricks\): the opponents score (\d+)$/, "falseGenug",
   ["pts", "tricks", "gp"]],
  [/^nobody claimed Genug: the last trick wins 1$/, "noGenug", []],
  [/^(.+) made: (\d+)$/, "contractMade", ["contract", "gp"]],
  [/^(.+) failed: (\d+) to the opponents$/, "contractFailed", ["contract", "gp"]],
  [/^(.+) failed: (\d+) to each defender$/, "contractFailedEach", ["contract", "gp"]],
  [/^the other side had (\d+) points and (\d+) tricks: (\d+)$/, "otherSideHad", ["pts", "tricks", "gp"]],
  [/^Genug claimed with only (\d+) points \((\d+) tricks\): the other side scores (\d+)$/,
   "falseGenugOtherSide", ["pts", "tricks", "gp"]],
  [/^knocked at (\d+) \(below (\d+)\): opponents 2$/, "wrongKnock", ["pts", "target"]],
  [/^knocked at (\d+), opponents (\d+) points and (\d+) tricks: 1$/, "knock", ["pts", "them", "tricks"]],
  [/^knocked at (\d+), opponents (\d+) points and (\d+) tricks: Gaigel, 2$/, "gaigel",
   ["pts", "them", "tricks"]],
  [/^opponents had (\d+) without knocking: 2$/, "reverseKnock", ["pts"]],
  [/^opponents had only (\d+): they score 2$/, "wrongReverseKnock", ["pts"]],
  [/^forehand won a trick playing Auf Dissle: opponents (\d+)$/, "aufDissleLost", ["gp"]],
  [/^forehand holds five low cards: (\d+)$/, "aufDissle", ["gp"]],
  [/^five low cards shown: (\d+)$/, "fiveLow", ["gp"]],
  [/^(\d+)–(\d+): reached (\d+) without knocking: 2 to the other side$/, "overplayed", ["a", "b", "target"]],
  [/^(\d+)–(\d+): equal points, no game points$/, "equalPoints", ["a", "b"]],
  [/^(\d+)–(\d+): more points wins 1$/, "morePoints", ["a", "b"]],
  [/^all 8 tricks → (\d+)$/, "allTricks", ["gp"]],
  [/^(\d+) \(100 or more\) → (\d+)$/, "hundred", ["pts", "gp"]],
  [/^(\d+) \(66-99\) → (\d+)$/, "sixtySix", ["pts", "gp"]],
  [/^\+1 for the ten of trumps$/, "tenOfTrumps", []],
  [/^everyone passed: no score$/, "everyonePassed", []],
  [/^the deal passes on$/, "dealPasses", []],
  [/^seat (\d+) bid (\d+): (\d+) points = (\d+) units?, made: \+(\d+)$/, "bidMade",
   ["seat", "bid", "pts", "n", "gp"]],
  [/^seat (\d+) bid (\d+): (\d+) points = (\d+) units?, failed: -(\d+)$/, "bidFailed",
   ["seat", "bid", "pts", "n", "gp"]],
  [/^seat (\d+) (\d+) points: \+(\d+)$/, "sideScores", ["seat", "pts", "gp"]],
  [/^(\d+)–(\d+) \(combinations and bella (\d+)–(\d+)$/, "tertsTotals", ["a", "b", "ma", "mb"]],
  [/^last trick to seat (\d+)\)$/, "tertsLastTrick", ["seat"]],
  [/^melds of a player without a trick are void$/, "meldsVoid", []],
  [/^dealer copies (\d+)$/, "dealerCopies", ["gp"]],
  [/^dealer copies (\d+) \(capped at (\d+)\)$/, "dealerCopiesCapped", ["gp", "cap"]],
  [/^seat (\d+) \((\d+) points, (\d+) tricks\) pays seat (\d+) (\d+)$/, "pays",
   ["seat", "pts", "tricks", "seatTo", "n"]],
  [/^tie at (\d+): no chips change hands$/, "tieNoChips", ["pts"]],
  [/^top score (\d+) is below 33: nobody collects$/, "belowThirtyThree", ["pts"]],
];

// What the engine adds at the end of a clause: a carried bonus, the doubling.
const DETAIL_SUFFIXES = [
  [/ \+ (\d+) carried$/, "carried", ["n"]],
  [/, x(\d+) \((kontra|rekontra|subkontra)\) = (\d+)$/, "doubled", ["factor", "word", "gp"]],
];

// ``detail`` in the page's language as plain text; ``name(i)``: seat i's name. The engine's
// "1 tricks" and "1 points" become singular, in either language.
function detailText(detail, name) {
  const words = (key, names, groups) => {
    const params = {};
    names.forEach((n, i) => {
      const g = groups[i];
      params[n] = n.startsWith("seat") ? name(Number(g))
        : n === "by" || n === "word" ? t(`detail.word.${g}`) : g;
    });
    return t(`detail.${key}`, params);
  };
  return clauses(detail).replace(/\b1 (\S+)\b/g, (whole, unit) =>
    (I18n.has(`detail.one.${unit}`) ? `1 ${t(`detail.one.${unit}`)}` : whole));

  function clauses(text) {
    return String(text || "").split("; ").map(clause).join("; ");
  }
  function clause(text) {
    let tail = "";
    for (const [re, key, names] of DETAIL_SUFFIXES) {
      const m = re.exec(text);
      if (m) {
        text = text.slice(0, m.index);
        tail = words(key, names, m.slice(1)) + tail;
      }
    }
    for (const [re, key, names] of DETAIL_CLAUSES) {
      const m = re.exec(text);
      if (m) return words(key, names, m.slice(1)) + tail;
    }
    return text.replace(/\bseat (\d+)\b/g, (_, i) => name(Number(i))) + tail;
  }
}
