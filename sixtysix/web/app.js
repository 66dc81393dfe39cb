// The web client's entry point: the table for /t/<id>, the lobby otherwise.
"use strict";

(() => {
  const m = location.pathname.match(/^\/t\/([^/]+)$/);
  if (m) {
    const token = new URLSearchParams(location.search).get("token");
    Table.start(decodeURIComponent(m[1]), token);
  } else {
    Lobby.show();
  }
})();
