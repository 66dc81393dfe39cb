// The web client's entry point: the table for /t/<id>, a game's rules for /help/<game>, the
// lobby otherwise.
"use strict";

(() => {
  const m = location.pathname.match(/^\/t\/([^/]+)$/);
  const h = location.pathname.match(/^\/help\/([^/]+)$/);
  if (m) {
    const token = new URLSearchParams(location.search).get("token");
    Table.start(decodeURIComponent(m[1]), token);
  } else if (h) {
    Help.show(decodeURIComponent(h[1]));
  } else {
    Lobby.show();
  }
})();
