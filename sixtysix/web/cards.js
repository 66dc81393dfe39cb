// Cards from their two-character codes ("TS", "QH"): French or German faces (one SVG file a card
// under /static/cards/, see docs/cards.md), the card back, and the small suit signs for text.
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

  // Each face is its own file, fetched the first time it is shown and then cached (the server
  // sends the faces with a week's Cache-Control). An <image> inside the card's <svg> keeps the
  // faces' ids and gradients apart, stays vector-crisp at every size and fills the card box the
  // layout gives it; the white card under it shows while the file is on its way.
  const BASE = "/static/cards/";
  const BOX = '<rect x=".5" y=".5" width="59" height="89" rx="4" fill="#fff"/>';

  function faceUrl(code) { return `${BASE}${german ? "de" : "fr"}/${code}.svg`; }
  function backUrl() { return `${BASE}back.svg`; }

  function picture(url, name, fill) {
    return `<svg class="card-svg" viewBox="0 0 60 90" role="img" aria-label="${name}">` +
      BOX.replace("#fff", fill) +
      `<image href="${url}" width="60" height="90" preserveAspectRatio="none"/></svg>`;
  }

  // The rest of the deck is fetched once the first face is drawn, when the browser is idle, so a
  // card played later shows at once.
  const warmed = new Set();
  function warm() {
    const deck = german ? "de" : "fr";
    if (warmed.has(deck)) return;
    warmed.add(deck);
    const later = (f) => (window.requestIdleCallback ? requestIdleCallback(f) : setTimeout(f, 500));
    later(() => {
      for (const s of "CDHS") for (const r of "AKQJT987") new Image().src = `${BASE}${deck}/${r}${s}.svg`;
    });
  }

  function face(code) {
    warm();
    return picture(faceUrl(code), label(code), "#fff");
  }

  function back() { return picture(backUrl(), "face-down card", "#1d4f91"); }

  return {
    face, back, suitIcon, label, faceUrl, backUrl,
    setGerman(on) { german = !!on; },
    isGerman() { return german; },
    suitName(s) { return suits()[s].name; },
  };
})();
