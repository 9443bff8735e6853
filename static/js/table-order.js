/* Updates applied in seq order, gaps asked for, claims the server never recorded reported.
 *
 * No DOM: referee.js feeds it what the socket brings; node runs it in the tests
 * (tests/referee/test_two_servers.py delivers real updates out of order).
 *
 * - `SeqOrder`: a `table.state` sets the seq reached; a `table.update` is
 *   applied only when it is the next one. A later one waits in a buffer; if
 *   the gap is still there after `patience` ms, the phone asks the server for
 *   everything after the last seq it applied (`sync`); the answer, a
 *   `table.state`, settles it. Older or repeated updates are dropped.
 * - `ClaimWatch`: every claim carries an id; the server answers `received`
 *   with the seq it got. A claim with no answer when the socket closes, or
 *   after `patience` ms, is reported as lost: "not received, tap again".
 */
(function (root) {
  "use strict";

  // Wrapped: setTimeout called as a method of another object throws "Illegal invocation".
  const WINDOW_TIMERS = { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) };

  class SeqOrder {
    constructor(apply, askSince, options) {
      this.apply = apply; // (message) => void
      this.askSince = askSince; // (seq) => void
      this.patience = (options && options.patience) || 400;
      this.timers = (options && options.timers) || WINDOW_TIMERS;
      this.seq = null; // the last seq applied; null before the first table.state
      this.waiting = new Map(); // seq -> update that came early
      this.timer = null;
    }

    accept(m) {
      if (m.type === "table.state") {
        this.seq = m.seq;
        for (const seq of [...this.waiting.keys()]) if (seq <= m.seq) this.waiting.delete(seq);
        this.apply(m);
        this.flush();
        return;
      }
      if (this.seq === null || m.seq <= this.seq) {
        if (this.seq === null) this.waiting.set(m.seq, m); // before the state: kept for after it
        return;
      }
      this.waiting.set(m.seq, m);
      this.flush();
    }

    flush() {
      while (this.seq !== null && this.waiting.has(this.seq + 1)) {
        const next = this.waiting.get(this.seq + 1);
        this.waiting.delete(this.seq + 1);
        this.seq += 1;
        this.apply(next);
      }
      if (this.waiting.size && this.timer === null) {
        this.timer = this.timers.set(() => {
          this.timer = null;
          if (this.waiting.size) this.askSince(this.seq);
        }, this.patience);
      } else if (!this.waiting.size && this.timer !== null) {
        this.timers.clear(this.timer);
        this.timer = null;
      }
    }
  }

  class ClaimWatch {
    constructor(onLost, options) {
      this.onLost = onLost; // (claim) => void
      this.patience = (options && options.patience) || 4000;
      this.timers = (options && options.timers) || WINDOW_TIMERS;
      this.pending = new Map(); // id -> {claim, timer}
      this.count = 0;
    }

    track(claim) {
      this.count += 1;
      claim.id = `c${Date.now().toString(36)}-${this.count}`;
      const timer = this.timers.set(() => this.lose(claim.id), this.patience);
      this.pending.set(claim.id, { claim: claim, timer: timer });
      return claim;
    }

    received(m) {
      const entry = this.pending.get(m.id);
      if (!entry) return;
      this.timers.clear(entry.timer);
      this.pending.delete(m.id);
    }

    lose(id) {
      const entry = this.pending.get(id);
      if (!entry) return;
      this.timers.clear(entry.timer);
      this.pending.delete(id);
      this.onLost(entry.claim);
    }

    socketClosed() {
      for (const id of [...this.pending.keys()]) this.lose(id);
    }
  }

  const exported = { SeqOrder: SeqOrder, ClaimWatch: ClaimWatch };
  if (typeof module !== "undefined" && module.exports) module.exports = exported;
  else root.tableOrder = exported;
})(typeof window !== "undefined" ? window : globalThis);
