// The lobby: the games the server offers with their options and seats, and creating a table.
"use strict";

const Lobby = {
  catalog: null,
  bots: {},

  async show() {
    $("lobby").hidden = false;
    try {
      const data = await api("GET", "/api/games");
      this.catalog = data.games;
      this.bots = data.bots;
    } catch (e) { $("lobby-error").textContent = e.message; return; }
    const sel = $("game-select");
    sel.innerHTML = this.catalog.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("");
    if (this.catalog.some((g) => g.id === "sixty-six")) sel.value = "sixty-six";  // the family's namesake first
    sel.addEventListener("change", () => this.renderGame());
    $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); this.create(); });
    this.renderGame();
  },

  game() { return this.catalog.find((g) => g.id === $("game-select").value); },

  renderGame() {
    const g = this.game();
    const botOpts = Object.entries(this.bots).map(([name, help]) =>
      `<option value="bot:${esc(name)}" title="${esc(help)}">Computer: ${esc(name)}</option>`).join("");
    let seats = "<legend>Seats</legend>";
    for (let i = 0; i < g.n_seats; i++) {
      const def = i === 0 ? "human" : "bot";
      seats += `<div class="seat-row"><label>Seat ${i + 1}
          <select id="seat-kind-${i}" data-seat="${i}">
            <option value="human"${def === "human" ? " selected" : ""}>Person</option>${botOpts}
          </select></label>
          <label>Name <input id="seat-name-${i}" maxlength="40" value="${i === 0 ? "You" : ""}"></label></div>`;
    }
    $("seats").innerHTML = seats;
    for (let i = 1; i < g.n_seats; i++) {
      const s = $(`seat-kind-${i}`);
      const pref = ["bot:casual", "bot:heuristic", "bot:random"].find((v) => [...s.options].some((o) => o.value === v));
      if (pref) s.value = pref;
    }
    $("options").innerHTML = g.options.map((o) => {
      const id = `opt-${o.name}`;
      if (o.type === "bool") {
        return `<label><input type="checkbox" id="${id}" data-opt="${esc(o.name)}" data-type="bool"` +
          `${o.default ? " checked" : ""}> ${esc(o.name)}</label>`;
      }
      if (o.type === "int") {
        return `<label>${esc(o.name)} <input type="number" min="0" id="${id}" data-opt="${esc(o.name)}"` +
          ` data-type="int" value="${esc(o.default)}"></label>`;
      }
      return `<label>${esc(o.name)} <select id="${id}" data-opt="${esc(o.name)}" data-type="choice">` +
        o.choices.map((c) => `<option${c === o.default ? " selected" : ""}>${esc(c)}</option>`).join("") +
        "</select></label>";
    }).join("");
  },

  async create() {
    const g = this.game();
    const options = {};
    for (const el of document.querySelectorAll("[data-opt]")) {
      const o = g.options.find((x) => x.name === el.dataset.opt);
      const v = el.dataset.type === "bool" ? el.checked : el.dataset.type === "int" ? Number(el.value) : el.value;
      if (v !== o.default) options[o.name] = v;
    }
    const seats = [];
    for (let i = 0; i < g.n_seats; i++) {
      const kind = $(`seat-kind-${i}`).value;
      const name = $(`seat-name-${i}`).value.trim() || undefined;
      seats.push(kind === "human" ? {kind: "human", name} : {kind: "bot", bot: kind.slice(4), name});
    }
    $("lobby-error").textContent = "";
    try {
      const t = await api("POST", "/api/tables", {
        game: g.id, options, seats, hints: $("opt-hints").checked,
        takeover_seconds: Number($("opt-takeover").value) || 0});
      this.showLinks(t);
    } catch (e) { $("lobby-error").textContent = e.message; }
  },

  showLinks(t) {
    $("created").hidden = false;
    $("created-id").textContent = t.table;
    const base = location.origin;
    let html = "";
    for (const s of t.seats) {
      if (s.kind === "human") {
        html += `<li>Seat ${s.seat + 1} (${esc(s.name)}): <a class="seat-link" data-seat="${s.seat}" ` +
          `href="${esc(s.link)}">${esc(base + s.link)}</a></li>`;
      } else {
        html += `<li>Seat ${s.seat + 1}: ${esc(s.name)}</li>`;
      }
    }
    html += `<li>Watch: <a class="spectator-link" href="${esc(t.spectator_link)}">` +
      `${esc(base + t.spectator_link)}</a></li>`;
    $("links").innerHTML = html;
  },
};

