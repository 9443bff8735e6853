"""The new-game form as plain Python: seats, options and teams being filled in.

The page works without JavaScript: moving a player up or down, or adding a
known player, posts the form and gets it back changed (or just the form, over
HTMX). Nothing is saved until "start"; the engine then checks the game again
(Game.start), so the rules of a valid game live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from scorekeeper.models import MAX_NAME_LENGTH
from scorekeeper.rules.variants.base import Variant

MAX_ROUNDS = 999
DEFAULT_TEAMS = ("Nord-Sud", "Est-Ouest")


def allowed_player_counts(variant: Variant) -> list[int]:
    """How many may play: canasta is played by two, or by four in two teams."""
    if variant.family == "canasta":
        return [2, 4]
    return list(range(variant.min_players, variant.max_players + 1))


@dataclass
class NewGameDraft:
    variant: Variant
    seats: list[str]  # one per possible seat, "" when empty, in seat order
    options: dict[str, Any]  # option key -> raw text (count) or bool (flag)
    teams: list[str] = field(default_factory=lambda: list(DEFAULT_TEAMS))
    errors: dict[str, list[str]] = field(default_factory=dict)  # field name -> messages

    @classmethod
    def blank(cls, variant: Variant) -> NewGameDraft:
        options = {o.key: (bool(o.default) if o.kind == "flag" else
                           ("" if o.default is None else str(o.default)))
                   for o in variant.options}
        return cls(variant, [""] * variant.max_players, options)

    @classmethod
    def from_post(cls, variant: Variant, post: QueryDict) -> NewGameDraft:
        seats = [name.strip() for name in post.getlist("seat")][: variant.max_players]
        seats += [""] * (variant.max_players - len(seats))
        options: dict[str, Any] = {}
        for option in variant.options:
            name = f"option-{option.key}"
            options[option.key] = name in post if option.kind == "flag" else post.get(name, "").strip()
        teams = [t.strip() for t in post.getlist("team")][:2]
        teams += list(DEFAULT_TEAMS[len(teams):])
        return cls(variant, seats, options, teams)

    # -- changes that do not start the game --------------------------------

    def apply(self, action: str) -> None:
        """"up:3" / "down:3" move seat 3 (from 0); "add:Ana" seats a known player."""
        verb, _sep, arg = action.partition(":")
        if verb in ("up", "down") and arg.isdigit():
            i = int(arg)
            j = i - 1 if verb == "up" else i + 1
            if 0 <= i < len(self.seats) and 0 <= j < len(self.seats):
                self.seats[i], self.seats[j] = self.seats[j], self.seats[i]
        elif verb == "add" and arg.strip():
            self._add(arg.strip())

    def _add(self, name: str) -> None:
        if name.casefold() in {s.casefold() for s in self.seats if s}:
            return  # already seated: a second tap changes nothing
        for i, seat in enumerate(self.seats):
            if not seat:
                self.seats[i] = name
                return
        self._error("players", _("Toutes les places sont prises."))

    # -- checking before the engine does -------------------------------------

    @property
    def players(self) -> list[str]:
        return [name for name in self.seats if name]

    def seat_errors(self) -> list[list[str]]:
        return [self.errors.get(f"seat-{i}", []) for i in range(len(self.seats))]

    def check(self) -> tuple[list[str], dict[str, Any], dict[str, list[str]] | None] | None:
        """(players, options, teams) for Game.start, or None with `errors` filled in."""
        self.errors = {}
        options = self._checked_options()
        self._check_names()
        players = self.players
        counts = allowed_player_counts(self.variant)
        if len(players) not in counts:
            self._error("players", _("%(game)s se joue %(counts)s joueurs (ici %(n)s).") % {
                "game": self.variant.name, "counts": counts_text(counts), "n": len(players)})
        teams = self._checked_teams(players)
        if self.errors:
            return None
        return players, options, teams

    def _checked_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in self.variant.options:
            raw = self.options.get(option.key)
            if option.kind == "flag":
                options[option.key] = bool(raw)
            elif raw:
                if not raw.isdigit() or not 1 <= int(raw) <= MAX_ROUNDS:
                    self._error(f"option-{option.key}", _("Un nombre entier de 1 à %(max)s.")
                                % {"max": MAX_ROUNDS})
                else:
                    options[option.key] = int(raw)
        return options

    def _check_names(self) -> None:
        seen: set[str] = set()
        for i, name in enumerate(self.seats):
            if not name:
                continue
            if len(name) > MAX_NAME_LENGTH:
                self._error(f"seat-{i}", _("Au plus %(max)s caractères.") % {"max": MAX_NAME_LENGTH})
            if name.casefold() in seen:
                self._error(f"seat-{i}", _("Ce nom est déjà à la table."))
            seen.add(name.casefold())

    def _checked_teams(self, players: list[str]) -> dict[str, list[str]] | None:
        if self.variant.family != "canasta" or len(players) != 4:
            return None
        first, second = self.teams
        if not first or not second:
            self._error("teams", _("Donnez un nom à chaque équipe."))
        elif first.casefold() == second.casefold():
            self._error("teams", _("Les deux équipes ont le même nom."))
        elif max(len(first), len(second)) > MAX_NAME_LENGTH:
            self._error("teams", _("Au plus %(max)s caractères.") % {"max": MAX_NAME_LENGTH})
        # Partners sit opposite: seats 1 and 3 against seats 2 and 4.
        return {first: [players[0], players[2]], second: [players[1], players[3]]}

    def _error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)


def counts_text(counts: list[int]) -> str:
    """"de 2 à 8", "à 2 ou à 4": how many may play, as the end of "se joue … joueurs"."""
    if len(counts) == 2 and counts[1] - counts[0] > 1:
        return _("à %(a)s ou à %(b)s") % {"a": counts[0], "b": counts[1]}
    return _("de %(a)s à %(b)s") % {"a": counts[0], "b": counts[-1]}
