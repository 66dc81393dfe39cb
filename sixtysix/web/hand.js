// The own hand: fanned at the bottom of the screen, always in view. A card is played by touching
// (clicking) or dragging it; only the cards that may be played now are lit, and touching another
// one says why. A card that can do more than be played (lead it with a marriage, open Gaigel's
// first trick with it, announce a Terts combination it is part of) opens a short menu of those
// choices. Arrow keys move between the cards; Enter or Space acts.
"use strict";

const HAND_WORDS = {
  notYourTurn: (who) => (who ? t("hand.notYourTurnWho", {who}) : t("hand.notYourTurn")),
  get watching() { return t("hand.watching"); },
  firstDo: (what) => t("hand.firstDo", {what}),
  get noCardNow() { return t("hand.noCardNow"); },
  follow: (suit) => t("hand.follow", {suit}),
  head: (suit) => t("hand.head", {suit}),
  trump: (suit) => t("hand.trump", {suit}),
  get overtrump() { return t("hand.overtrump"); },
  onlyThese: (cards) => t("hand.onlyThese", {cards}),
  get cancel() { return t("common.cancel"); },
  menuLabel: (card) => t("hand.menuLabel", {card}),
  playLabel: (card) => t("hand.playLabel", {card}),
  moreLabel: (card) => t("hand.moreLabel", {card}),
};

// The cards of a card action: the card led or shown, or a combination's cards.
function namedCards(a) {
  const w = a.action.split(" ").slice(1);
  switch (a.verb) {
    case "play": return [a.card];
    case "marry": return w[0] === "double" ? [w[1]] : [a.card];
    // Showing a marriage to claim names its queen: the king is touched for it just as well.
    case "declare": return a.card ? [a.card, `K${a.card[1]}`] : [];
    case "open": return [w[1]];
    case "announce": case "show": return w;
    default: return [];
  }
}

const Hand = {
  table: null,
  menuFor: null,       // the card whose menu is open (its code), kept across a redraw of the state
  drag: null,          // a card being dragged: {el, id, x, y, moved}
  version: -1,         // the state drawn last: a new one takes back what was said about the old
  noClick: false,      // the click that ends a drag is not a tap

  // The legal actions done with a card of the hand: ``byCard`` (code -> its actions) and
  // ``onCards`` (the set of them; the rest go to the action bar).
  sort(legal) {
    const byCard = new Map(), onCards = new Set();
    for (const a of legal) {
      for (const c of namedCards(a)) {
        if (!byCard.has(c)) byCard.set(c, []);
        byCard.get(c).push(a);
        onCards.add(a);
      }
    }
    return {byCard, onCards};
  },

  render(table, byCard) {
    this.table = table;
    this.byCardNow = byCard;
    const v = table.state.view, el = $("hand");
    el.style.setProperty("--n", String(Math.max(v.hand.length, 1)));
    el.innerHTML = v.hand.map((c, i) => {
      const acts = byCard.get(c) || [];
      const label = Cards.label(c);
      const only = acts.length === 1 ? acts[0] : null;
      // Dimmed only while some other card may be played: in an auction the hand is just shown.
      const cls = acts.length ? " legal" : byCard.size ? " unplayable" : "";
      // A card that only plays carries its action (data-action); one with choices opens a menu.
      const data = only ? ` data-action="${esc(only.action)}"` : acts.length ? ` aria-haspopup="true"` : "";
      const aria = only && only.verb === "play" ? HAND_WORDS.playLabel(label)
        : acts.length > 1 ? HAND_WORDS.moreLabel(label) : label;
      return `<button type="button" class="card${cls}" data-card="${esc(c)}" data-i="${i}"${data} ` +
        `style="--i:${i}" aria-label="${esc(aria)}">` +
        `${Cards.face(c)}</button>`;
    }).join("");
    for (const b of el.querySelectorAll("button.card")) {
      b.onclick = () => this.tap(b);
      b.onpointerdown = (e) => this.dragStart(e, b);
    }
    el.onkeydown = (e) => this.arrows(e, "#hand button.card");
    $("actions").onkeydown = (e) => this.arrows(e, "#actions button");
    // The menu stays open across a new state only while its card still has those choices.
    const still = this.menuFor && (byCard.get(this.menuFor) || []).length > 1;
    if (still) this.openMenu(this.menuFor, false);
    else this.closeMenu(false);
    if (table.state.version !== this.version) this.say("");
    this.version = table.state.version;
  },

  // Touching a card: the one action it has, a menu of several, or why it cannot be played.
  tap(b) {
    if (this.noClick) { this.noClick = false; return; }
    const acts = this.byCardNow.get(b.dataset.card) || [];
    if (acts.length === 1) {
      this.say("");
      Motion.from(b);
      this.table.choose(acts[0]);
    } else if (acts.length > 1) {
      this.openMenu(b.dataset.card, true);
    } else {
      this.say(this.why(b.dataset.card));
    }
  },

  // Why ``card`` may not be played now, from the legal list and the trick on the table.
  why(card) {
    const m = this.table.state, v = m.view, me = m.seat;
    if (me === null) return HAND_WORDS.watching;
    if (v.to_act !== me) {
      return HAND_WORDS.notYourTurn(v.to_act === null ? "" : this.table.name(v.to_act));
    }
    const playable = [...this.byCardNow.keys()];
    if (!playable.length) {
      const what = PHASE_TASKS[v.phase];
      return what ? HAND_WORDS.firstDo(what) : HAND_WORDS.noCardNow;
    }
    const lead = v.trick.length ? v.trick[0].card : null;
    if (lead && lead !== "??") {
      const suit = lead[1], name = Cards.suitName(suit);
      const follow = playable.filter((c) => c[1] === suit);
      if (follow.length) return card[1] === suit ? HAND_WORDS.head(name) : HAND_WORDS.follow(name);
      if (v.trump && playable.every((c) => c[1] === v.trump)) {
        return card[1] === v.trump ? HAND_WORDS.overtrump : HAND_WORDS.trump(name);
      }
    }
    const list = [...new Set(playable)].map((c) => Cards.label(c));
    return HAND_WORDS.onlyThese(list.join(", "));
  },

  // A line under the status, for the player who touched a card that cannot be played.
  say(text) {
    const w = $("why");
    w.textContent = text;
    w.hidden = !text;
  },

  // The choices of one card, above the hand: each names what it does with which cards; the cards
  // an option names are marked in the hand while it has the pointer or the focus.
  openMenu(card, focus) {
    this.menuFor = card;
    // What the card can do besides being played first (a marriage, an opening), then playing it.
    const acts = [...(this.byCardNow.get(card) || [])]
      .sort((x, y) => (x.verb === "play") - (y.verb === "play"));
    const box = $("card-menu");
    box.hidden = false;
    box.setAttribute("aria-label", HAND_WORDS.menuLabel(Cards.label(card)));
    box.innerHTML = `<span class="menu-title">${cardText(card)}</span> ` + acts.map((a) =>
      `<button type="button" class="action choice" data-action="${esc(a.action)}">` +
      `${this.table.actionLabel(a)}</button>`).join(" ") +
      ` <button type="button" class="secondary" id="card-menu-cancel">${HAND_WORDS.cancel}</button>`;
    for (const b of box.querySelectorAll("button.choice")) {
      const a = acts.find((x) => x.action === b.dataset.action);
      const mark = (on) => {
        for (const h of document.querySelectorAll("#hand button.card")) {
          h.classList.toggle("named", on && namedCards(a).includes(h.dataset.card));
        }
      };
      b.onmouseenter = b.onfocus = () => mark(true);
      b.onmouseleave = b.onblur = () => mark(false);
      b.onclick = () => {
        const from = document.querySelector(`#hand button.card[data-card="${card}"]`);
        if (from) Motion.from(from);
        this.closeMenu(false);
        this.table.choose(a);
      };
    }
    $("card-menu-cancel").onclick = () => this.closeMenu(true);
    box.onkeydown = (e) => {
      if (e.key === "Escape") this.closeMenu(true);
      else this.arrows(e, "#card-menu button");
    };
    for (const h of document.querySelectorAll("#hand button.card")) {
      h.classList.toggle("chosen", h.dataset.card === card);
    }
    if (focus) box.querySelector("button").focus();
  },

  closeMenu(refocus) {
    const card = this.menuFor;
    this.menuFor = null;
    const box = $("card-menu");
    box.hidden = true;
    box.innerHTML = "";
    for (const h of document.querySelectorAll("#hand button.card.chosen, #hand button.card.named")) {
      h.classList.remove("chosen", "named");
    }
    if (refocus && card) {
      const b = document.querySelector(`#hand button.card[data-card="${card}"]`);
      if (b) b.focus();
    }
  },

  // Left/Right (and Up/Down) move the focus along a row of buttons.
  arrows(e, selector) {
    const step = {ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1}[e.key];
    if (!step) return;
    const all = [...document.querySelectorAll(selector)];
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    e.preventDefault();
    all[(i + step + all.length) % all.length].focus();
  },

  // Dragging a card up onto the table plays it as a touch would; dropped back on the hand, it
  // goes back.
  dragStart(e, b) {
    if (e.button !== 0 || !(this.byCardNow.get(b.dataset.card) || []).length) return;
    this.drag = {el: b, id: e.pointerId, x: e.clientX, y: e.clientY, moved: false};
    b.onpointermove = (ev) => {
      const d = this.drag;
      if (!d || ev.pointerId !== d.id) return;
      const dx = ev.clientX - d.x, dy = ev.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 8) return;
      if (!d.moved) b.setPointerCapture(d.id);
      d.moved = true;
      b.classList.add("dragging");
      b.style.translate = `${dx}px ${dy}px`;
    };
    b.onpointerup = b.onpointercancel = (ev) => {
      const d = this.drag;
      this.drag = null;
      b.onpointermove = b.onpointerup = b.onpointercancel = null;
      if (!d || !d.moved) return;
      b.classList.remove("dragging");
      const up = d.y - ev.clientY;
      this.noClick = true;  // the click that follows a drag is not a tap
      setTimeout(() => { this.noClick = false; }, 0);
      if (ev.type === "pointerup" && up > b.offsetHeight * 0.6) {
        this.noClick = false;
        this.tap(b);
        this.noClick = true;
        setTimeout(() => { this.noClick = false; }, 0);
      }
      b.style.translate = "";
    };
  },
};
