// Each seat checks each deal itself (docs/fairness.md). At a hand's start this browser keeps the
// full commitment the server showed (localStorage, per table and hand; a later different value
// never replaces it: it is itself a failure). When the hand is over the server reveals the
// hand's key; the browser hashes it here and compares it with the commitment it kept.
"use strict";

// SHA-256 of our own: crypto.subtle exists only on secure origins (https, localhost), and a
// server on a LAN is reached over plain http. Synchronous, so one path everywhere; the hashes are
// of 32 or 36 bytes. Checked against Python's hashlib by tests/server/test_server_deal_check.py.
const SHA256_K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

function ror(x, n) { return (x >>> n) | (x << (32 - n)); }

// The SHA-256 of ``bytes`` (a Uint8Array) as 64 lowercase hex digits.
function sha256Hex(bytes) {
  const len = bytes.length, size = (len + 9 + 63) & ~63;  // message, 0x80, 64-bit length
  const msg = new Uint8Array(size);
  msg.set(bytes);
  msg[len] = 0x80;
  const dv = new DataView(msg.buffer);
  dv.setUint32(size - 8, Math.floor(len / 0x20000000));
  dv.setUint32(size - 4, (len * 8) >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);  // a Uint32Array wraps each sum to 32 bits
  for (let o = 0; o < size; o += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(o + 4 * i);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15], y = w[i - 2];
      w[i] = w[i - 16] + (ror(x, 7) ^ ror(x, 18) ^ (x >>> 3)) + w[i - 7] +
        (ror(y, 17) ^ ror(y, 19) ^ (y >>> 10));
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) +
                  SHA256_K[i] + w[i]) >>> 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
}

function hexBytes(hex) {
  return Uint8Array.from(hex.match(/../g) || [], (x) => parseInt(x, 16));
}

const DealCheck = {
  memo: {},  // table -> what this browser kept, read from localStorage once

  storeKey(table) { return `sixtysix.commitments.${table}`; },

  // What this browser kept for ``table``: {table, scheme, commitments: {hand: hex}, changed:
  // {hand: the other value shown later}}.
  load(table) {
    if (this.memo[table]) return this.memo[table];
    let kept = {table, scheme: null, commitments: {}, changed: {}};
    try {
      const v = JSON.parse(localStorage.getItem(this.storeKey(table)) || "null");
      if (v && typeof v.commitments === "object" && typeof v.changed === "object") kept = v;
    } catch (e) { /* unreadable or no storage: keep them for this page only */ }
    return (this.memo[table] = kept);
  },

  store(kept) {
    try {
      localStorage.setItem(this.storeKey(kept.table), JSON.stringify(kept));
    } catch (e) { /* storage full or refused: this page still checks what it kept */ }
  },

  // Keep the state's commitment, then check every hand whose key (or, in sha256-v1, the secret)
  // is out: the hands checked and the hands that failed, with why.
  observe(m) {
    const kept = this.load(m.table), keys = m.deal_keys || [];
    kept.scheme = kept.scheme || m.scheme;
    const n = String(m.hand_no);
    if (!(n in kept.commitments)) {
      // Kept only while the hand's key is still secret: seen together, they would prove nothing.
      if (keys.length < m.hand_no && !m.secret) kept.commitments[n] = m.commitment;
    } else if (kept.commitments[n] !== m.commitment && !(n in kept.changed)) {
      kept.changed[n] = m.commitment;
    }
    this.store(kept);
    const checked = [], bad = [];
    for (const h of Object.keys(kept.changed)) {
      bad.push({hand: Number(h), why: t("deal.whyChanged")});
    }
    const check = (h, digest) => {
      if (!(h in kept.commitments) || h in kept.changed) return;
      if (digest === kept.commitments[h]) checked.push(Number(h));
      else bad.push({hand: Number(h), why: t("deal.whyKey")});
    };
    keys.forEach((k, i) => check(String(i + 1), sha256Hex(hexBytes(k))));
    if (m.scheme === "sha256-v1" && m.secret) {
      // v1 has no keys: the commitment is SHA-256(secret || hand number as 4 bytes big-endian).
      for (const h of Object.keys(kept.commitments)) {
        const bytes = new Uint8Array(36);
        bytes.set(hexBytes(m.secret));
        new DataView(bytes.buffer).setUint32(32, Number(h));
        check(h, sha256Hex(bytes));
      }
    }
    bad.sort((x, y) => x.hand - y.hand);
    // The last hand whose key is out, if this browser never saw its commitment before that.
    const unseen = keys.length && !(String(keys.length) in kept.commitments) ? keys.length : null;
    return {checked: checked.sort((x, y) => x - y), bad, unseen,
            kept: Object.keys(kept.commitments).length};
  },

  // The table's line: the last hand checked, or loudly the first that failed; and the download.
  html(m) {
    if (!m.commitment) return "";
    const r = this.observe(m);
    let html = "";
    if (r.bad.length) {
      const b = r.bad[0];
      html += `<br><span id="deal-check" class="deal-check bad error" role="alert">` +
        `${esc(t("deal.bad", {hand: b.hand, why: b.why}))}</span>`;
    } else if (r.unseen) {
      html += `<br><span id="deal-check" class="deal-check unseen">` +
        `${esc(t("deal.unseen", {hand: r.unseen}))}</span>`;
    } else if (r.checked.length) {
      const last = r.checked[r.checked.length - 1];
      html += `<br><span id="deal-check" class="deal-check ok" ` +
        `title="${esc(t("deal.checkedTitle", {hands: r.checked.join(", ")}))}">` +
        `${esc(t("deal.checked", {hand: last}))}</span>`;
    }
    if (r.kept) html += `<br><button type="button" id="save-commitments" class="secondary">${esc(t("deal.save"))}</button>`;
    return html;
  },

  // "Save my commitments": the file `sixtysix verify --commitments` reads.
  download(table) {
    const kept = this.load(table);
    const text = JSON.stringify({table, scheme: kept.scheme, commitments: kept.commitments}, null, 1);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    a.download = `sixtysix-${table}-commitments.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  },
};

document.addEventListener("click", (ev) => {
  if (ev.target && ev.target.id === "save-commitments" && Table.state) DealCheck.download(Table.state.table);
});
