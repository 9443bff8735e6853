/* What a live table's phone shows it may do: drawn from the moves the server sends with
 * every state (`state.legal`, engine/table/machine.py `legal_moves`), never decided here.
 *
 * No DOM: referee.js asks it which controls to show and what a power's panel offers;
 * node runs it in the tests (tests/referee/test_table_moves_js.py) on states the engine made.
 *
 * - `movesOf(legal, role, seat, forPlayer)`: a seat's phone has its own player's moves; the
 *   referee's phone those of the player it acts for (« Pour »), with its own on top.
 * - `controls(state, role, seat, forPlayer, serverNow)`: each control's look, "shown",
 *   "hidden" or "disabled". A snap goes at its `until` (server time): the page only compares
 *   the clock with the deadline the server gave.
 * - `slotChoices(move, i)`, `aimOffered(move, aimed)`: a power's panel, from its `aims`.
 */
(function (root) {
  "use strict";

  function movesOf(legal, role, seat, forPlayer) {
    if (!legal) return {};
    const seats = legal.seats || {};
    if (role === "seat") return seats[seat] || {};
    if (role === "referee") return Object.assign({}, seats[forPlayer] || {}, legal.referee || {});
    return {};
  }

  function snapOpen(moves, serverNow) {
    const snap = moves["snap.claim"];
    return Boolean(snap) && (snap.until === null || snap.until === undefined || serverNow < snap.until);
  }

  const shown = (offered) => (offered ? "shown" : "hidden");

  function controls(state, role, seat, forPlayer, serverNow) {
    const moves = movesOf(state.legal, role, seat, forPlayer);
    // A discard waits for the player's turn: its button stays in sight, unusable, while the
    // round goes on (and goes once the round is over, or from a player who is out).
    const inRound = !state.over && (role === "referee" || (state.players || []).includes(seat));
    return {
      "discard-button": moves.discard ? "shown" : inRound ? "disabled" : "hidden",
      "snap-button": shown(snapOpen(moves, serverNow)),
      "call-button": shown(moves["call.made"]),
      "counter-button": shown(moves["call.counter"]),
      "last-card-button": shown(moves["round.last_card"]),
      "stock-empty": shown(moves["stock.empty"]),
      "reveal-link": shown(moves.reveal),
      "power-panel": shown(moves["power.used"]),
      "power-decline": shown(moves["power.declined"]),
    };
  }

  // The players slot `i` of a power may aim at: those of the aims offered, in their order.
  function slotChoices(move, i) {
    const seen = [];
    (move.aims || []).forEach((aimed) => {
      if (aimed.length > i && !seen.includes(aimed[i])) seen.push(aimed[i]);
    });
    return seen;
  }

  function aimOffered(move, aimed) {
    return (move.aims || []).some((a) => a.length === aimed.length && a.every((p, i) => p === aimed[i]));
  }

  const api = { movesOf: movesOf, snapOpen: snapOpen, controls: controls, slotChoices: slotChoices, aimOffered: aimOffered };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.tableMoves = api;
})(typeof window === "undefined" ? globalThis : window);
