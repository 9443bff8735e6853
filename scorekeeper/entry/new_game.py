"""The new-game form, the same wherever a game starts (/games/new/ and a league
table's link): seats, options and teams being filled in, as plain Python, and the
context its template partials (scorekeeper/new_game_form.html) draw.

The posted data is read by `NewGameForm`, a Django form whose option fields are made
from the variant's declaration (a "count" option is a whole number from 1, a "flag"
a checkbox): a new option needs no code here, only its label.

The page works without JavaScript: moving a player up or down, or adding a
known player, posts the form and gets it back changed (or just the form, over
HTMX). Nothing is saved until "start"; the engine then checks the game again
(Game.start), so the rules of a valid game live in one place. Who may play, and
in which teams, is read from the variant's declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.db import transaction
from django.db.models import F, Max
from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.rules import VARIANTS, Problem, RecordError
from engine.rules.variants.base import Option, Variant
from scorekeeper.models import MAX_NAME_LENGTH, Game, Player
from scorekeeper.players.circle import NEW, Circle
from scorekeeper.players.names import (
    name_as_kept,
    name_problems,
    same_name_key,
    team_named_like_a_player,
)
from scorekeeper.wording.problems import problem_text
from scorekeeper.wording.text import number
from scorekeeper.wording.variants import blurb

TEMPLATE = "scorekeeper/new_game_form.html"
MAX_ROUNDS = 999  # the agreed number of rounds: one cap for every form
# The teams' names offered, in the page's language (an English table read « Nord-Sud »).
DEFAULT_TEAMS = (gettext_lazy("Nord-Sud"), gettext_lazy("Est-Ouest"))
KNOWN_PLAYERS_SHOWN = 16
OPTION_LABELS = {"rounds": gettext_lazy("Nombre de manches"), "half_game": gettext_lazy("Demi-partie")}
OPTION_HELP = {
    "rounds": gettext_lazy("Laissez vide pour jouer sans limite de manches."),
    "half_game": gettext_lazy("Perdant à %(half_losing_limit)s au lieu de %(losing_limit)s, grand gagnant à "
                              "%(half_grand_winner_limit)s au lieu de %(grand_winner_limit)s."),
}


class RepeatedInput(forms.Widget):
    """Several inputs of one name (the seats in seat order, the two team names): the
    template draws them, this reads them back as a list."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return data.getlist(name) if hasattr(data, "getlist") else list(data.get(name, []))


class TextListField(forms.Field):
    """Names, each as the app keeps it (trimmed and composed, scorekeeper.players.names.name_as_kept)."""

    widget = RepeatedInput

    def to_python(self, value: Any) -> list[str]:
        return [name_as_kept(str(text)) for text in value or []]


def option_field(option: Option) -> forms.Field:
    """The form field of one declared option: a checkbox for a flag, a whole number
    from 1 to MAX_ROUNDS for a count (empty: the option's default, or no limit)."""
    label = OPTION_LABELS.get(option.key, option.key)
    if option.kind == "flag":
        return forms.BooleanField(required=False, label=label)
    message = gettext_lazy("Un nombre entier de 1 à %(max)s.") % {"max": MAX_ROUNDS}
    return forms.IntegerField(required=False, label=label, min_value=1, max_value=MAX_ROUNDS,
                              error_messages={"invalid": message, "min_value": message, "max_value": message})


class NewGameForm(forms.Form):
    """What the new-game page posts: seats in order, team names, the variant's options
    (one field each, made from its declaration) and the button tapped (`action`)."""

    seat = TextListField(required=False)
    # Per seat, whom of the group the name means: a Player's pk, circle.NEW, or "" (the name says).
    who = TextListField(required=False)
    team = TextListField(required=False)
    action = forms.CharField(required=False, strip=True)

    def __init__(self, variant: Variant, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        for option in variant.options:
            self.fields[option_name(option)] = option_field(option)

    def options(self) -> dict[str, Any]:
        """The options as checked: flags always, counts only when given and valid."""
        data = getattr(self, "cleaned_data", {})
        out: dict[str, Any] = {}
        for option in self.variant.options:
            value = data.get(option_name(option))
            if option.kind == "flag":
                out[option.key] = bool(value)
            elif value is not None:
                out[option.key] = value
        return out

    def option_errors(self) -> dict[str, list[str]]:
        return {name: [str(e) for e in errors] for name, errors in self.errors.items() if name.startswith("option-")}


def option_name(option: Option) -> str:
    return f"option-{option.key}"


@dataclass
class NewGameDraft:
    variant: Variant
    seats: list[str]  # one per possible seat, "" when empty, in seat order
    options: dict[str, Any]  # option key -> raw text (count) or bool (flag)
    teams: list[str] = field(default_factory=lambda: [str(t) for t in DEFAULT_TEAMS])
    errors: dict[str, list[str]] = field(default_factory=dict)  # field name -> messages
    form: NewGameForm | None = None  # the posted form this draft was read from
    who: list[str] = field(default_factory=list)  # per seat: a Player's pk, circle.NEW or ""
    circle: Circle = field(default_factory=lambda: Circle([]))  # the group the names are read in

    @classmethod
    def blank(cls, variant: Variant) -> NewGameDraft:
        options = {o.key: (bool(o.default) if o.kind == "flag" else
                           ("" if o.default is None else str(o.default)))
                   for o in variant.options}
        return cls(variant, [""] * variant.max_players, options, who=[""] * variant.max_players)

    @classmethod
    def from_post(cls, variant: Variant, post: QueryDict) -> NewGameDraft:
        form = NewGameForm(variant, post)
        form.is_valid()  # fills cleaned_data and errors; the draft shows both
        data = form.cleaned_data
        seats = data["seat"]
        who = data["who"] if len(data["who"]) == len(seats) else [""] * len(seats)
        if len(seats) > variant.max_players:  # more seats than the game has: empty ones go, never a name
            who = [w for name, w in zip(seats, who, strict=True) if name]
            seats = [name for name in seats if name]  # past the maximum, check() says how many were typed
        who += [""] * (variant.max_players - len(seats))
        seats += [""] * (variant.max_players - len(seats))
        # What was typed stays in the form (a wrong number included), the checked value goes to the game.
        options: dict[str, Any] = {}
        for option in variant.options:
            name = option_name(option)
            options[option.key] = data.get(name, False) if option.kind == "flag" else post.get(name, "").strip()
        teams = data["team"][:2]
        teams += [str(t) for t in DEFAULT_TEAMS[len(teams):]]
        draft = cls(variant, seats, options, teams, who=[w if name else "" for name, w in zip(seats, who, strict=True)])
        draft.form = form
        return draft

    @property
    def action(self) -> str:
        return self.form.cleaned_data.get("action", "") if self.form is not None else ""

    # -- changes that do not start the game --------------------------------

    def apply(self, action: str) -> None:
        """"up:3" / "down:3" move seat 3 (from 0); "add:Ana" seats a known player."""
        verb, _sep, arg = action.partition(":")
        if verb in ("up", "down") and arg.isdigit():
            i = int(arg)
            j = i - 1 if verb == "up" else i + 1
            if 0 <= i < len(self.seats) and 0 <= j < len(self.seats):
                self.seats[i], self.seats[j] = self.seats[j], self.seats[i]
                self.who[i], self.who[j] = self.who[j], self.who[i]
        elif verb == "add" and arg.strip():
            self._add(name_as_kept(arg))

    def _add(self, name: str) -> None:
        """Seat a known player, by the label the chip shows (« Marie (2) » is that Marie)."""
        shown = self.circle.labels()
        player = next((p for p in self.circle.players if shown[p.pk] == name), None)
        if player is not None and str(player.pk) in self.who:
            return  # already seated: a second tap changes nothing
        seated = {same_name_key(s) for s in self.seats if s}
        if same_name_key(name) in seated:
            return
        for i, seat in enumerate(self.seats):
            if not seat:
                # Their name, unless another of that name sits already: the label tells them apart.
                alone = player is not None and same_name_key(player.name) not in seated
                self.seats[i] = player.name if alone else name
                self.who[i] = str(player.pk) if player is not None else ""
                return
        self._error("players", _("Toutes les places sont prises."))

    # -- checking before the engine does -------------------------------------

    @property
    def players(self) -> list[str]:
        return [name for name in self.seats if name]

    def seat_errors(self) -> list[list[str]]:
        return [self.errors.get(f"seat-{i}", []) for i in range(len(self.seats))]

    def chosen(self) -> dict[str, str]:
        """Each seated name -> whom of the group it means, where the seat said."""
        return {name: who for name, who in zip(self.seats, self.who, strict=True) if name and who}

    def seat_people(self) -> dict[str, Player] | None:
        """Each seated name's Player in the group (new ones saved), or None with the seats
        that must say which of two people of one name they mean."""
        seated = self.circle.seat(self.players, self.chosen())
        if isinstance(seated, list):
            for i, name in enumerate(self.seats):
                if name in seated:
                    self._error(f"seat-{i}", _("Plusieurs personnes s'appellent %(name)s ici : dites laquelle.")
                                % {"name": name})
            return None
        return seated

    def check(self) -> tuple[list[str], dict[str, Any], dict[str, list[str]] | None] | None:
        """(players, options, teams) for Game.start, or None with `errors` filled in."""
        self.errors = {}
        options = self._checked_options()
        self._check_names()
        players = self.players
        counts = list(self.variant.allowed_player_counts())
        if len(players) not in counts:
            self._error("players", _("%(game)s se joue %(counts)s joueurs (ici %(n)s).") % {
                "game": self.variant.name, "counts": counts_text(counts), "n": len(players)})
        teams = self._checked_teams(players)
        if self.errors:
            return None
        return players, options, teams

    def _checked_options(self) -> dict[str, Any]:
        form = self.form
        if form is None:  # a blank draft: the defaults, as the form would post them
            form = NewGameForm(self.variant, {option_name(o): self.options[o.key] for o in self.variant.options
                                              if self.options.get(o.key) not in (None, "", False)})
            form.is_valid()
        for name, messages in form.option_errors().items():
            self.errors.setdefault(name, []).extend(messages)
        return form.options()

    def _check_names(self) -> None:
        seen: set[str] = set()
        for i, name in enumerate(self.seats):
            if not name:
                continue
            if len(name) > MAX_NAME_LENGTH:
                self._error(f"seat-{i}", _("Au plus %(max)s caractères.") % {"max": MAX_NAME_LENGTH})
            for problem in name_problems(name):  # an invisible character: the same words as an import's
                self._error(f"seat-{i}", problem_text(problem))
            if same_name_key(name) in seen:
                self._error(f"seat-{i}", _("Ce nom est déjà à la table : pour deux personnes du même nom, "
                                           "écrivez-les autrement (« %(name)s D. »).") % {"name": name})
            seen.add(same_name_key(name))

    def _checked_teams(self, players: list[str]) -> dict[str, list[str]] | None:
        declared = self.variant.teams
        if declared is None or not self.variant.plays_in_teams(len(players)):
            return None
        first, second = self.teams
        if not first or not second:
            self._error("teams", _("Donnez un nom à chaque équipe."))
        elif same_name_key(first) == same_name_key(second):
            self._error("teams", _("Les deux équipes ont le même nom."))
        elif max(len(first), len(second)) > MAX_NAME_LENGTH:
            self._error("teams", _("Au plus %(max)s caractères.") % {"max": MAX_NAME_LENGTH})
        names = {same_name_key(name) for name in players}
        for team in (first, second):
            problems = name_problems(team, "teams")
            if same_name_key(team) in names:
                problems.append(team_named_like_a_player(team))
            for problem in problems:
                self._error("teams", problem_text(problem))
        return declared.seat(players, self.teams)

    def _error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)


def counts_text(counts: list[int]) -> str:
    """"de 2 à 8", "à 2 ou à 4": how many may play, as the end of "se joue … joueurs"."""
    if len(counts) == 2 and counts[1] - counts[0] > 1:
        return _("à %(a)s ou à %(b)s") % {"a": counts[0], "b": counts[1]}
    return _("de %(a)s à %(b)s") % {"a": counts[0], "b": counts[-1]}


# -- what the template partials draw ----------------------------------------------------


def variant_choices() -> list[dict[str, Any]]:
    """Every game, to choose one: its key, name, line and rules page."""
    return [{"key": key, "name": v.name, "description": blurb(v),
             "rules_url": reverse("rules_page", args=[key])}
            for key, v in VARIANTS.items()]


def known_players(games: Sequence[str] = ()) -> list[str]:
    """The players of this device's games (their tokens, from its session), most recent first,
    to seat with one tap. Nobody else's: a fresh visitor is shown no names (issue 21)."""
    if not games:
        return []
    return [p.name for p in Player.objects.filter(seats__game__token__in=list(games)).distinct()
            .annotate(last=Max("seats__game__created_at"))
            .order_by(F("last").desc(nulls_last=True), "name")[:KNOWN_PLAYERS_SHOWN]]


def known_labels(circle: Circle) -> list[str]:
    """The group's people as their chips show them, most recently seated first."""
    shown = circle.labels()
    recent = (Player.objects.filter(pk__in=[p.pk for p in circle.players])
              .annotate(last=Max("seats__game__created_at"))
              .order_by(F("last").desc(nulls_last=True), "name", "pk")[:KNOWN_PLAYERS_SHOWN])
    return [shown[p.pk] for p in recent]


def _whom(circle: Circle, shown: dict[int, str], name: str, who: str) -> list[dict[str, Any]]:
    """The people of the group a seat's name may mean (and the one it says), to pick
    from beside it: empty when the group knows nobody of that name."""
    if not name:
        return []
    people = circle.named(name)
    chosen = circle.by_pk(who) if who and who != NEW else None
    if chosen is not None and chosen not in people:
        people.append(chosen)
    if not people:
        return []
    selected = who or (str(people[0].pk) if len(people) == 1 else "")
    return [{"value": str(p.pk), "label": shown[p.pk], "selected": str(p.pk) == selected} for p in people]


def form_context(draft: NewGameDraft, games: Sequence[str] = ()) -> dict[str, Any]:
    """What the form partial needs for `draft`; the page adds where the form posts
    (`form_url`) and where "change game" leads (`choose_url`). The players offered are the
    draft's group's (`draft.circle`: a league's people, or this device's), else those of
    `games` (this device's)."""
    variant = draft.variant
    seated = {name.casefold() for name in draft.players}
    known = known_labels(draft.circle) if draft.circle.players else known_players(games)
    numbers = {key: number(value) for key, value in variant.numbers.items()}
    options = [{"key": o.key, "kind": o.kind, "default": o.default, "value": draft.options.get(o.key),
                "label": OPTION_LABELS.get(o.key, o.key),
                "help": str(OPTION_HELP.get(o.key, "")) % numbers,
                "errors": draft.errors.get(f"option-{o.key}", [])}
               for o in variant.options]
    shown = draft.circle.labels()
    taken = {who for who in draft.who if who}
    seats = [{"index": i, "number": i + 1, "name": name, "errors": errors,
              "first": i == 0, "last": i == len(draft.seats) - 1, "who": who,
              "whom": _whom(draft.circle, shown, name, who)}
             for i, (name, errors, who) in enumerate(zip(draft.seats, draft.seat_errors(), draft.who, strict=True))]
    return {
        "draft": draft,
        "variant": variant,
        "description": blurb(variant),
        "rules_url": reverse("rules_page", args=[variant.key]),
        "counts": counts_text(list(variant.allowed_player_counts())),
        "options": options,
        "max_rounds": MAX_ROUNDS,
        "seats": seats,
        "known": known,
        "unseated": [name for name in known if name.casefold() not in seated
                     and not any(shown.get(p.pk) == name and str(p.pk) in taken for p in draft.circle.players)],
        "new_person": NEW,
        "teams": variant.teams,
    }


def start(draft: NewGameDraft, describe: Callable[[list[Problem]], list[str]],
          then: Callable[[Game], Any] | None = None) -> Game | None:
    """The game `draft` describes, checked and saved, or None with `draft.errors` filled
    in (`describe` words the engine's problems). `then` runs in the same transaction
    (a league table records its game there)."""
    checked = draft.check()
    if checked is None:
        return None
    players, options, teams = checked
    try:
        with transaction.atomic():
            seated = draft.seat_people()
            if seated is None:
                return None
            game = Game.start(draft.variant.key, players, options, teams, seated=seated)
            if then is not None:
                then(game)
            return game
    except RecordError as exc:
        draft.errors["game"] = describe(exc.problems)
        return None
