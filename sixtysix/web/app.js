// The web client's entry point: the table for /t/<id>, a game's rules for /help/<game>, a
// player's page for /p/<id>, a match's analysis for /a/<table>, the leaderboard for /leaderboard, the lobby otherwise.
"use strict";

// A table's address carries no secret: `?token=` (an old link, or one made for an API user)
// is kept in this browser and taken out of the address; `?invite=` is claimed first.
async function openTable(id) {
  const q = new URLSearchParams(location.search);
  const token = q.get("token"), invite = q.get("invite");
  if (token !== null || invite !== null) history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
  // A secret kept already is not replaced: a link with another one (mistyped, or sent to push
  // this browser off its seat) cannot make it lose the seat it holds.
  if (token && !Seats.get(id)) Seats.keep(id, token);
  // A browser that holds a seat here keeps it: the creator trying his own invitation must not
  // take the seat meant for someone else.
  if (invite !== null && !Seats.get(id)) {
    try {
      const r = await Player.api("POST", `/api/tables/${encodeURIComponent(id)}/claim`, {invite});
      Seats.keep(id, r.token);
    } catch (e) {
      refusedInvitation(id, e);
      return;
    }
  }
  Table.start(id, Seats.get(id));
}

// A spent or unknown invitation: a page that says why, with the way to watch and to the lobby.
function refusedInvitation(id, error) {
  $("invitation").hidden = false;
  $("invitation-message").textContent = error.message;
  const watch = $("invitation-watch");
  watch.hidden = error.code === "no_table";
  watch.href = `/t/${encodeURIComponent(id)}`;
  document.title = t("invitation.pageTitle");
}

// Drawn once the page's words are in.
I18n.ready.then(() => {
  const m = location.pathname.match(/^\/t\/([^/]+)$/);
  const h = location.pathname.match(/^\/help\/([^/]+)$/);
  const p = location.pathname.match(/^\/p\/([^/]+)$/);
  const a = location.pathname.match(/^\/a\/([^/]+)$/);
  if (m) {
    openTable(decodeURIComponent(m[1]));
  } else if (h) {
    Help.show(decodeURIComponent(h[1]));
  } else if (p) {
    PlayerPage.show(decodeURIComponent(p[1]));
  } else if (a) {
    AnalysisPage.show(decodeURIComponent(a[1]));
  } else if (location.pathname === "/leaderboard") {
    Leaderboard.show(new URLSearchParams(location.search).get("game"));
  } else {
    Lobby.show();
  }
});
