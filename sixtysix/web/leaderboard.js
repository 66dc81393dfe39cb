// The leaderboard of a game (/leaderboard?game=<id>): the best rated players, established
// ratings first, provisional ones after them, marked.
"use strict";

const Leaderboard = {
  // Its words in the page's language, read at each use (the language may change).
  get words() {
    return {
      title: (game) => t("leaderboard.pageTitle", {game}),
      heading: (game) => t("leaderboard.heading", {game}),
      empty: t("leaderboard.empty"),
      headers: ["#", t("leaderboard.col.player"), t("leaderboard.col.rating"), t("leaderboard.col.matches")],
      provisionalWhy: t("ratings.provisionalWhy"),
      note: t("leaderboard.note"),
    };
  },

  async show(game) {
    this.game = game;
    $("leaderboard").hidden = false;
    const w = this.words;
    let games, board;
    try {
      games = (await api("GET", `/api/games?lang=${I18n.lang}`)).games;
      game = game || (games.find((g) => g.default) || games[0]).id;  // the default game, where most play
      board = await api("GET", `/api/leaderboard?game=${encodeURIComponent(game)}`);
    } catch (e) {
      $("leaderboard-error").textContent = e.message;
      return;
    }
    const name = gameName(board.game, board.game_name);
    document.title = w.title(name);
    $("leaderboard-title").textContent = w.heading(name);
    $("leaderboard-nav").innerHTML = games.map((g) => g.id === board.game
      ? `<span aria-current="page">${esc(gameName(g.id, g.name))}</span>`
      : `<a href="/leaderboard?game=${esc(encodeURIComponent(g.id))}">${esc(gameName(g.id, g.name))}</a>`).join(" · ");
    const rows = board.players.map((p) => `<tr data-player="${esc(p.id)}"><td>${esc(p.rank)}</td>` +
      `<td><a href="/p/${esc(encodeURIComponent(p.id))}">${esc(p.name)}</a></td>` +
      `<td>${esc(p.rating)}${p.provisional ? ` <abbr class="provisional" title="${esc(w.provisionalWhy)}">?</abbr>` : ""}</td>` +
      `<td>${esc(p.matches)}</td></tr>`).join("");
    $("leaderboard-list").innerHTML = board.players.length
      ? `<table class="list"><thead><tr>${w.headers.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}` +
        `</tr></thead><tbody>${rows}</tbody></table><p class="note">${esc(w.note)}</p>`
      : `<p class="note">${esc(w.empty)}</p>`;
  },
};

I18n.onSwitch(() => { if (!$("leaderboard").hidden) Leaderboard.show(Leaderboard.game); });
