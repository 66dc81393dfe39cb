// The leaderboard of a game (/leaderboard?game=<id>): the best rated players, established
// ratings first, provisional ones after them, marked.
"use strict";

const Leaderboard = {
  words: {
    title: (game) => `Leaderboard: ${game} · Sixty-Six`,
    heading: (game) => `Leaderboard: ${game}`,
    games: "Games",
    empty: "Nobody has a rating in this game yet: play a rated match.",
    headers: ["#", "Player", "Rating", "Rated matches"],
    provisionalWhy: "Provisional: a few more rated matches make it sure",
    note: "Ratings from rated matches between people (OpenSkill). A ? marks a provisional rating: listed after the established ones.",
  },

  async show(game) {
    $("leaderboard").hidden = false;
    const w = this.words;
    let games, board;
    try {
      games = (await api("GET", "/api/games")).games;
      game = game || "sixty-six";  // the family's own game, where most play
      board = await api("GET", `/api/leaderboard?game=${encodeURIComponent(game)}`);
    } catch (e) {
      $("leaderboard-error").textContent = e.message;
      return;
    }
    document.title = w.title(board.game_name);
    $("leaderboard-title").textContent = w.heading(board.game_name);
    $("leaderboard-nav").innerHTML = games.map((g) => g.id === board.game
      ? `<span aria-current="page">${esc(g.name)}</span>`
      : `<a href="/leaderboard?game=${esc(encodeURIComponent(g.id))}">${esc(g.name)}</a>`).join(" · ");
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
