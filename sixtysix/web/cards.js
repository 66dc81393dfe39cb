// Cards from their two-character codes ("TS", "QH"): French or German faces (one SVG file a card
// under /static/cards/, see docs/cards.md), the card back, and the small suit signs for text.
"use strict";

const Cards = (() => {
  const FRENCH = {
    C: {color: "#111", shape:
      '<circle cx="50" cy="30" r="19"/><circle cx="28" cy="60" r="19"/><circle cx="72" cy="60" r="19"/>' +
      '<path d="M45 55 L38 95 L62 95 L55 55Z"/>'},
    D: {color: "#c8102e", shape: '<path d="M50 4 L88 50 L50 96 L12 50Z"/>'},
    H: {color: "#c8102e", shape:
      '<path d="M50 90 C20 66 5 49 5 31 C5 15 17 5 30 5 C40 5 47 11 50 19 C53 11 60 5 70 5 ' +
      'C83 5 95 15 95 31 C95 49 80 66 50 90Z"/>'},
    S: {color: "#111", shape:
      '<path d="M50 5 C35 30 8 42 8 62 C8 76 20 84 32 84 C40 84 45 80 47 76 L41 96 L59 96 L53 76 ' +
      'C55 80 60 84 68 84 C80 84 92 76 92 62 C92 42 65 30 50 5Z"/>'},
  };
  // German suits: acorns = clubs, leaves = spades, hearts = hearts, bells = diamonds (records.md §1),
  // drawn as the German deck draws them: a red acorn in its green cup, a round Schelle with its band
  // and slit, a green leaf hanging from its stalk.
  const GERMAN = {
    C: {color: "#b3261e", shape:
      '<path d="M26 48 C24 76 38 94 50 98 C62 94 76 76 74 48Z"/>' +
      '<path d="M18 56 C14 24 86 24 82 56 C64 47 36 47 18 56Z" fill="#3f6b1f" stroke="#24400f" ' +
      'stroke-width="3"/>' +
      '<path d="M50 34 V8" stroke="#3f6b1f" stroke-width="7" fill="none"/>'},
    D: {color: "#e0a800", shape:
      '<circle cx="50" cy="56" r="38" stroke="#7a5200" stroke-width="4"/>' +
      '<path d="M13 50 H87 V62 H13Z" fill="#1f5fa8"/>' +
      '<path d="M50 78 V94 M38 80 H62" stroke="#7a5200" stroke-width="6" fill="none"/>' +
      '<circle cx="50" cy="12" r="7" fill="none" stroke="#7a5200" stroke-width="5"/>'},
    H: {color: "#c8102e", shape: FRENCH.H.shape},
    S: {color: "#2e7d32", shape:
      '<path d="M50 16 C66 4 96 12 92 40 C88 64 66 78 50 98 C34 78 12 64 8 40 C4 12 34 4 50 16Z"/>' +
      '<path d="M50 2 V84 M50 40 L30 28 M50 40 L70 28 M50 60 L32 48 M50 60 L68 48" stroke="#1b4d1e" ' +
      'stroke-width="4" fill="none"/>'},
  };
  // The words for a deck's suits and ranks, in the page's language (card.* of web/i18n/):
  // the German deck has its own (acorns, Ober, Unter, Daus; in German Eichel, Ober, ...).
  const deckName = () => (german ? "german" : "french");
  const suitWord = (s) => t(`card.${deckName()}.suit.${s}`);
  const rankWord = (r) => t(`card.${deckName()}.rank.${r}`);

  let german = false;

  function suits() { return german ? GERMAN : FRENCH; }

  function suitIcon(s, size) {
    const d = suits()[s];
    return `<svg class="suit-icon" viewBox="0 0 100 100" width="${size || 16}" height="${size || 16}" ` +
      `role="img" aria-label="${esc(suitWord(s))}" fill="${d.color}">${d.shape}</svg>`;
  }

  function label(code) {
    const r = code[0], s = code[1];
    return t("card.label", {rank: rankWord(r), suit: suitWord(s)});
  }

  // Each face is its own file, fetched the first time it is shown and then cached (the server
  // sends the faces with a week's Cache-Control). An <image> inside the card's <svg> keeps the
  // faces' ids and gradients apart, stays vector-crisp at every size and fills the card box the
  // layout gives it; the white card under it shows while the file is on its way.
  const BASE = "/static/cards/";
  // The faces' version (a hash of their files, which the server writes into the page): a release
  // with changed faces asks for them under new addresses, past the week-long cache.
  const VERSION = document.querySelector('meta[name="sixtysix-faces"]')?.content;
  const Q = VERSION ? `?v=${encodeURIComponent(VERSION)}` : "";
  const BOX = '<rect x=".5" y=".5" width="59" height="89" rx="4" fill="#fff"/>';

  function faceUrl(code) { return `${BASE}${german ? "de" : "fr"}/${code}.svg${Q}`; }
  function backUrl() { return `${BASE}back.svg${Q}`; }

  function picture(url, name, fill) {
    return `<svg class="card-svg" viewBox="0 0 60 90" role="img" aria-label="${name}">` +
      BOX.replace("#fff", fill) +
      `<image href="${url}" width="60" height="90" preserveAspectRatio="none"/></svg>`;
  }

  // The rest of the deck is fetched into the browser's cache once the first face is drawn, when the
  // browser is idle, so a card played later shows at once (fetched, not drawn: no work for a
  // face that is not on screen).
  const warmed = new Set();
  function warm() {
    const deck = german ? "de" : "fr";
    if (warmed.has(deck)) return;
    warmed.add(deck);
    const later = (f) => (window.requestIdleCallback ? requestIdleCallback(f) : setTimeout(f, 500));
    later(() => {
      for (const s of "CDHS") {
        for (const r of "AKQJT987") fetch(`${BASE}${deck}/${r}${s}.svg`).catch(() => {});
      }
    });
  }

  function face(code) {
    warm();
    return picture(faceUrl(code), esc(label(code)), "#fff");
  }

  function back() { return picture(backUrl(), esc(t("card.back")), "#1d4f91"); }

  return {
    face, back, suitIcon, label, faceUrl, backUrl,
    setGerman(on) { german = !!on; },
    isGerman() { return german; },
    suitName(s) { return suitWord(s); },
  };
})();
