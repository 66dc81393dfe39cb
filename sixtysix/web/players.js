// This browser's player: a name and a secret (localStorage "sixtysix.player"), made on the first
// visit when the person chooses a name; renamed, moved to another device with a one-time code,
// or deleted from the lobby. The secret is never shown in a page.
"use strict";

const Player = {
  key: "sixtysix.player",

  get() {
    try { return JSON.parse(localStorage.getItem(this.key) || "null"); } catch (e) { return null; }
  },
  secret() { const p = this.get(); return p ? p.secret : undefined; },
  keep(p) { localStorage.setItem(this.key, JSON.stringify({id: p.id, name: p.name, secret: p.secret})); },
  forget() { localStorage.removeItem(this.key); },

  // A request made as this player; a secret that no longer holds him (moved to another device,
  // or deleted) is forgotten and the request made again without it.
  async api(method, url, body) {
    try {
      return await api(method, url, body, this.secret());
    } catch (e) {
      if (e.code !== "bad_secret" || !this.secret()) throw e;
      this.forget();
      return api(method, url, body);
    }
  },

  // The lobby's box: the name form on a first visit, "You are <name>" and its buttons after.
  async show() {
    const code = new URLSearchParams(location.search).get("transfer");
    if (code) {
      history.replaceState(null, "", "/");
      await this.claim(code);
    }
    const p = this.get();
    if (p) {
      try {
        const me = await api("GET", "/api/players/me", undefined, p.secret);
        this.keep({...p, name: me.name});
      } catch (e) {
        if (e.code === "bad_secret") {
          this.forget();
          $("player-error").textContent = t("player.lost");
        }
      }
    }
    $("player-new").onsubmit = (ev) => { ev.preventDefault(); this.create(); };
    $("player-rename-form").onsubmit = (ev) => { ev.preventDefault(); this.rename(); };
    $("player-claim-form").onsubmit = (ev) => { ev.preventDefault(); this.claim($("player-claim-code").value.trim()); };
    $("player-rename-btn").onclick = () => {
      $("player-rename-form").hidden = false;
      $("player-rename-name").value = this.get().name;
      $("player-rename-name").focus();
    };
    $("player-transfer-btn").onclick = () => this.transfer();
    $("player-delete-btn").onclick = () => this.remove();
    this.render();
  },

  render() {
    const p = this.get();
    $("player-new").hidden = !!p;
    $("player-claim-form").hidden = !!p;
    $("player-me").hidden = !p;
    if (p) {
      $("player-name").textContent = p.name;
    } else if (!$("player-new-name").value) {
      $("player-new-name").value = t("player.defaultName", {n: 1000 + Math.floor(Math.random() * 9000)});
    }
    if (typeof Lobby !== "undefined") Lobby.playerChanged();
  },

  // Runs a request of the player box: its error (if any) shown under the box, the last one cleared.
  async attempt(request) {
    $("player-error").textContent = "";
    try { await request(); } catch (e) { $("player-error").textContent = e.message; }
  },

  create() {
    return this.attempt(async () => {
      this.keep(await api("POST", "/api/players", {name: $("player-new-name").value}));
      $("announce").textContent = t("player.youAre", {name: this.get().name});
      this.render();
    });
  },

  rename() {
    const p = this.get();
    return this.attempt(async () => {
      const me = await api("PATCH", `/api/players/${encodeURIComponent(p.id)}`,
                           {name: $("player-rename-name").value}, p.secret);
      this.keep({...p, name: me.name});
      $("player-rename-form").hidden = true;
      $("announce").textContent = t("player.youAre", {name: me.name});
      this.render();
    });
  },

  transfer() {
    const p = this.get();
    return this.attempt(async () => {
      const made = await api("POST", `/api/players/${encodeURIComponent(p.id)}/transfer`, {}, p.secret);
      const link = `${location.origin}${made.link}`;
      $("player-transfer-link").href = link;
      $("player-transfer-link").textContent = link;
      $("player-transfer-code").textContent = made.code;
      $("player-transfer").hidden = false;
    });
  },

  async claim(code) {
    await this.attempt(async () => {
      this.keep(await api("POST", "/api/players/claim", {code}));
      $("announce").textContent = t("player.youAreHere", {name: this.get().name});
    });
    this.render();
  },

  remove() {
    const p = this.get();
    if (!confirm(t("player.confirmDelete", {name: p.name}))) return undefined;
    return this.attempt(async () => {
      await api("DELETE", `/api/players/${encodeURIComponent(p.id)}`, undefined, p.secret);
      this.forget();
      $("player-transfer").hidden = true;
      $("announce").textContent = t("player.deleted");
      this.render();
    });
  },
};
