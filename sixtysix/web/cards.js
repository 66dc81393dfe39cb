// Cards drawn as SVG from their two-character codes ("TS", "QH"): French suits or German suits.
"use strict";

const Cards = (() => {
  const FRENCH = {
    C: {name: "clubs", color: "#111", shape:
      '<circle cx="50" cy="30" r="19"/><circle cx="28" cy="60" r="19"/><circle cx="72" cy="60" r="19"/>' +
      '<path d="M45 55 L38 95 L62 95 L55 55Z"/>'},
    D: {name: "diamonds", color: "#c8102e", shape: '<path d="M50 4 L88 50 L50 96 L12 50Z"/>'},
    H: {name: "hearts", color: "#c8102e", shape:
      '<path d="M50 90 C20 66 5 49 5 31 C5 15 17 5 30 5 C40 5 47 11 50 19 C53 11 60 5 70 5 ' +
      'C83 5 95 15 95 31 C95 49 80 66 50 90Z"/>'},
    S: {name: "spades", color: "#111", shape:
      '<path d="M50 5 C35 30 8 42 8 62 C8 76 20 84 32 84 C40 84 45 80 47 76 L41 96 L59 96 L53 76 ' +
      'C55 80 60 84 68 84 C80 84 92 76 92 62 C92 42 65 30 50 5Z"/>'},
  };
  // German suits: acorns = clubs, leaves = spades, hearts = hearts, bells = diamonds (records.md §1).
  const GERMAN = {
    C: {name: "acorns", color: "#7a4a1d", shape:
      '<ellipse cx="50" cy="62" rx="22" ry="30"/><path d="M24 44 C24 20 76 20 76 44Z" fill="#4a2c0e"/>' +
      '<rect x="47" y="6" width="6" height="18" fill="#4a2c0e"/>'},
    D: {name: "bells", color: "#c9971c", shape:
      '<path d="M50 8 C30 8 25 34 25 54 L14 76 L86 76 L75 54 C75 34 70 8 50 8Z"/>' +
      '<circle cx="50" cy="86" r="9"/>'},
    H: {name: "hearts", color: "#c8102e", shape: FRENCH.H.shape},
    S: {name: "leaves", color: "#2e7d32", shape:
      '<path d="M50 4 C82 24 88 60 50 92 C12 60 18 24 50 4Z"/>' +
      '<path d="M50 20 L50 98" stroke="#1b4d1e" stroke-width="5" fill="none"/>'},
  };
  const RANKS_FR = {A: "A", T: "10", K: "K", Q: "Q", J: "J", 9: "9", 8: "8", 7: "7"};
  const RANKS_DE = {A: "A", T: "10", K: "K", Q: "O", J: "U", 9: "9", 8: "8", 7: "7"};
  const RANK_WORDS = {A: "ace", T: "ten", K: "king", Q: "queen", J: "jack", 9: "nine", 8: "eight",
                      7: "seven"};
  const RANK_WORDS_DE = {...RANK_WORDS, Q: "Ober", J: "Unter", A: "Daus"};

  let german = false;

  function suits() { return german ? GERMAN : FRENCH; }

  function suitIcon(s, size) {
    const d = suits()[s];
    return `<svg class="suit-icon" viewBox="0 0 100 100" width="${size || 16}" height="${size || 16}" ` +
      `role="img" aria-label="${d.name}" fill="${d.color}">${d.shape}</svg>`;
  }

  function label(code) {
    const r = code[0], s = code[1];
    const words = german ? RANK_WORDS_DE : RANK_WORDS;
    return `${words[r]} of ${suits()[s].name}`;
  }

  function face(code) {
    const r = code[0], s = code[1];
    const d = suits()[s];
    const rank = (german ? RANKS_DE : RANKS_FR)[r];
    const pip = (x, y, w, rot) =>
      `<g transform="translate(${x} ${y}) rotate(${rot || 0}) scale(${w / 100}) translate(-50 -50)">${d.shape}</g>`;
    return `<svg class="card-svg" viewBox="0 0 60 90" role="img" aria-label="${label(code)}">` +
      `<rect x="1" y="1" width="58" height="88" rx="5" fill="#fff" stroke="#444"/>` +
      `<g fill="${d.color}">` +
      `<text x="5" y="16" font-size="14" font-family="Georgia,serif" font-weight="bold">${rank}</text>` +
      pip(10, 24, 10) +
      `<text x="55" y="74" font-size="14" font-family="Georgia,serif" font-weight="bold" ` +
      `text-anchor="end" transform="rotate(180 50 70)">${rank}</text>` +
      pip(30, 50, 30) + `</g></svg>`;
  }

  function back() {
    return '<svg class="card-svg" viewBox="0 0 60 90" role="img" aria-label="face-down card">' +
      '<defs><pattern id="bk" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
      '<rect width="8" height="8" fill="#24528a"/><rect width="4" height="8" fill="#2f66a8"/></pattern></defs>' +
      '<rect x="1" y="1" width="58" height="88" rx="5" fill="url(#bk)" stroke="#fff" stroke-width="2"/></svg>';
  }

  return {
    face, back, suitIcon, label,
    setGerman(on) { german = !!on; },
    isGerman() { return german; },
    suitName(s) { return suits()[s].name; },
  };
})();
