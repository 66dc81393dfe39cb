// One seat, one live connection (the server's rule): what the page says when its seat is open
// elsewhere ("Move it here?"), when the seat moved away or was left, the "Leave the seat"
// button, and the countdown to a computer's takeover, counted down each second in the page.
"use strict";

const Seat = {
  // This tab held the seat (kept per tab, across a reload): it takes the seat back without
  // asking, since the server may not have seen its old connection close yet.
  wasHeld(id) { return sessionStorage.getItem(`sixtysix.held.${id}`) === "1"; },
  setHeld(id, on) {
    if (on) sessionStorage.setItem(`sixtysix.held.${id}`, "1");
    else sessionStorage.removeItem(`sixtysix.held.${id}`);
  },

  // The notice above the table: ``text`` and its buttons ([label, what a click does]); no text
  // hides it.
  notice(text, buttons) {
    const box = $("seat-notice");
    box.hidden = !text;
    box.innerHTML = text ? `<p>${esc(text)}</p>` + buttons.map(([label], i) =>
      `<button type="button" data-i="${i}">${esc(label)}</button>`).join(" ") : "";
    for (const b of box.querySelectorAll("button")) b.onclick = buttons[Number(b.dataset.i)][1];
    const first = box.querySelector("button");
    if (first) first.focus();
  },

  clear() { this.notice("", []); },

  // The seat is held by another window or device: move it here only if the person says so.
  ask(move) {
    const notNow = () => this.notice(t("seat.staysThere"), [[t("seat.moveHere"), move]]);
    this.notice(t("seat.openElsewhere"), [[t("seat.moveHere"), move], [t("seat.notNow"), notNow]]);
  },

  moved(takeBack) {
    this.notice(t("seat.moved"), [[t("seat.takeBackHere"), takeBack]]);
  },

  left(takeBack) {
    this.notice(t("seat.left"), [[t("seat.takeBack"), takeBack]]);
  },

  // "Leave the seat" while this page holds a seat of a match that runs.
  renderBar(table) {
    const m = table.state, bar = $("seat-bar");
    bar.innerHTML = table.held && m.seat !== null && !m.complete
      ? `<button type="button" class="secondary" id="leave-btn">${esc(t("seat.leave"))}</button>` +
        ` <span class="note">${esc(t("seat.leaveNote"))}</span>` : "";
    const b = $("leave-btn");
    if (b) b.onclick = () => { if (table.send({type: "leave"})) b.disabled = true; };
  },

  // A takeover's countdown: the state's ``takeover_in`` seconds, counted from when it arrived
  // (``until``, a performance.now() time), shown as whole seconds.
  countdown(until) {
    const left = Math.max(0, Math.ceil((until - performance.now()) / 1000));
    return left > 0 ? t("seat.takeoverIn", {n: left}) : t("seat.takeoverNow");
  },

  tick() {
    for (const el of document.querySelectorAll(".takeover-in")) {
      const text = this.countdown(Number(el.dataset.until));
      if (el.textContent !== text) el.textContent = text;
    }
  },
};

setInterval(() => Seat.tick(), 250);
