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
 *   An update carries the whole `state` or, when shorter, `delta`: the changes
 *   from the state at seq - 1 (engine/table/delta.py). A delta is applied only on top
 *   of the state at seq - 1, and the message then gets the whole `state`; if
 *   it does not fit (or the result is not at its seq), nothing is applied and
 *   the phone asks `sync` at once, holding later updates until the answer.
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
      this.state = null; // the state at this.seq
      this.syncing = false; // a delta did not fit: waiting for the whole state
      this.waiting = new Map(); // seq -> update that came early
      this.timer = null;
    }

    accept(m) {
      if (m.type === "table.state") {
        this.seq = m.seq;
        this.state = m.state;
        this.syncing = false;
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
      while (!this.syncing && this.seq !== null && this.waiting.has(this.seq + 1)) {
        const next = this.waiting.get(this.seq + 1);
        this.waiting.delete(this.seq + 1);
        if (next.delta !== undefined) {
          const state = this.stateAfter(next);
          if (state === null) {
            // In doubt: the whole state, and the rulings since the last seq applied (this one's too).
            this.syncing = true;
            this.askSince(this.seq);
            break;
          }
          next.state = state;
        }
        this.seq += 1;
        this.state = next.state;
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

    stateAfter(update) {
      // The state at update.seq, or null when its delta does not fit the state at seq - 1.
      if (!this.state || this.state.last_seq !== this.seq) return null;
      try {
        const state = applyChanges(this.state, update.delta);
        return state.last_seq === update.seq ? state : null;
      } catch (e) {
        return null;
      }
    }
  }

  const isIndex = (key) => Number.isInteger(key) && key >= 0;
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const holds = (target, key) => (Array.isArray(target) ? isIndex(key) && key < target.length
    : isObject(target) && typeof key === "string" && Object.prototype.hasOwnProperty.call(target, key));

  const at = (state, path) => path.reduce((target, key) => {
    if (!holds(target, key)) throw new Error("the change's path is not in the state");
    return target[key];
  }, state);

  /* `state` with the changes applied (engine/table/delta.py), as a new object; throws
   * when one does not fit. Each change is [path, value] (set; a list index equal
   * to its length appends), [path] (delete the key) or [path, "from", from]
   * (set to a copy of what is at `from`). Keys are set as own properties: a
   * player may be called "__proto__". */
  function applyChanges(state, changes) {
    if (!Array.isArray(changes)) throw new Error("changes: not a list");
    const out = JSON.parse(JSON.stringify(state));
    for (let change of changes) {
      if (!Array.isArray(change) || change.length < 1 || change.length > 3
          || !Array.isArray(change[0]) || !change[0].length
          || (change.length === 3 && (change[1] !== "from" || !Array.isArray(change[2])))) throw new Error("not a change");
      if (change.length === 3) change = [change[0], JSON.parse(JSON.stringify(at(out, change[2])))];
      const path = change[0];
      const target = at(out, path.slice(0, -1));
      const last = path[path.length - 1];
      if (change.length === 1) {
        if (!isObject(target) || !holds(target, last)) throw new Error("nothing to delete");
        delete target[last];
      } else if (isObject(target) && typeof last === "string") {
        Object.defineProperty(target, last, { value: change[1], writable: true, enumerable: true, configurable: true });
      } else if (Array.isArray(target) && isIndex(last) && last <= target.length) {
        target[last] = change[1]; // at the length: appended
      } else {
        throw new Error("the change does not fit the state");
      }
    }
    return out;
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

  const exported = { SeqOrder: SeqOrder, ClaimWatch: ClaimWatch, applyChanges: applyChanges };
  if (typeof module !== "undefined" && module.exports) module.exports = exported;
  else root.tableOrder = exported;
})(typeof window !== "undefined" ? window : globalThis);
