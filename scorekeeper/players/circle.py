"""A group's people: who a name means where it is written (issue 30 item 1).

Names are not unique site-wide: a name means someone only within a group, a league or
the circle of phones that played together (this phone's games). Within the group, a
name typed on a seat is the group's one person of that name (as it always was), a new
person when the group has nobody so named, and a question when it has two: the seat
then says which (the new-game form's « Laquelle ? »). Where two of a group share a
name, they are told apart by their nickname, else by a number in the order they came.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.models import Person, Player, new_person_id
from scorekeeper.players.names import same_name_key

NEW = "new"  # a seat's choice: someone the group does not know yet, whatever the name


@dataclass
class Circle:
    """The people of a group, as Players (oldest first)."""

    players: list[Player]

    @classmethod
    def of_games(cls, tokens: Sequence[str]) -> Circle:
        """The circle of a phone: the players of the games it knows (its session's)."""
        if not tokens:
            return cls([])
        return cls(list(Player.objects.filter(seats__game__token__in=list(tokens)).distinct().order_by("pk")))

    @classmethod
    def of_league(cls, league_id: int, tokens: Sequence[str] = ()) -> Circle:
        """A league's people (everyone seated at one of its games), then this phone's."""
        players = list(Player.objects.filter(seats__game__league_game__table__night__season__league_id=league_id)
                       .distinct().order_by("pk"))
        known = {p.pk for p in players}
        return cls(players + [p for p in cls.of_games(tokens).players if p.pk not in known])

    def named(self, name: str) -> list[Player]:
        """The group's people this name may mean: by name or by nickname, whatever the case
        (as the database compares names, `Player.same_name`)."""
        same = Player.same_name()
        key = same(name)
        return [p for p in self.players if same(p.name) == key or (p.nickname and same(p.nickname) == key)]

    def by_pk(self, pk: str) -> Player | None:
        return next((p for p in self.players if str(p.pk) == pk), None)

    def labels(self) -> dict[int, str]:
        return labels(self.players)

    def seat(self, names: Iterable[str], chosen: Mapping[str, str]) -> dict[str, Player] | list[str]:
        """Each name's Player (new ones saved), or the names that need a choice (two of
        the group share them and the seat did not say which). `chosen`: name -> a Player's
        pk from the group, or NEW."""
        seated: dict[str, Player] = {}
        unclear: list[str] = []
        for name in names:
            choice = chosen.get(name, "")
            player = self.by_pk(choice) if choice and choice != NEW else None
            if player is None and choice != NEW:
                matches = self.named(name)
                if len(matches) > 1:
                    unclear.append(name)
                    continue
                player = matches[0] if matches else None
            seated[name] = player if player is not None else Player(name=name)
        if unclear:
            return unclear
        for player in seated.values():
            if player.pk is None:
                player.save()
        return seated


def labels(players: Iterable[Player]) -> dict[int, str]:
    """How each player is shown among these: the name, told apart from anyone of the
    same name by the nickname, else « Marie (2) » in the order they came (one without a
    nickname beside others with one keeps the plain name)."""
    players = sorted(players, key=lambda p: p.pk)
    sharing: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        sharing[same_name_key(player.name)].append(player)
    shown: dict[int, str] = {}
    for same in sharing.values():
        unnamed = [p for p in same if not p.nickname]  # those a nickname does not tell apart
        for player in same:
            if len(same) == 1 or (not player.nickname and len(unnamed) == 1):
                shown[player.pk] = player.name
            else:
                shown[player.pk] = player.nickname or f"{player.name} ({unnamed.index(player) + 1})"
    return shown


class Seating:
    """The names of many records seated at once on a group's people (an import, game-record
    v1.2's `people`): a name given a person id sits on the group's Player of that person
    (a new one, of that id, when the group has none: later games with that id join them);
    a name without one is read by name as a seat is (one of that name: them; none: someone
    new). `seat` gives each record its mapping, or the names it cannot tell; `save` writes
    the new people in three statements, before the games are saved."""

    def __init__(self, circle: Circle) -> None:
        self.same = Player.same_name()
        self.by_person: dict[str, Player] = {}
        self.by_name: dict[str, list[Player]] = defaultdict(list)
        self.new: list[Player] = []
        self.new_named: dict[str, Player] = {}  # a name's someone new, made without an id
        self.labels = circle.labels()
        for player in circle.players:
            self._know(player)

    def _know(self, player: Player) -> None:
        self.by_person.setdefault(player.person_id, player)
        self.by_name[self.same(player.name)].append(player)
        if player.nickname:
            self.by_name[self.same(player.nickname)].append(player)

    def seat(self, names: Sequence[str], people: Mapping[str, str],
             chosen: Mapping[str, str] | None = None) -> dict[str, Player] | list[str]:
        """`chosen`: for a name the group knows more than once, which of them (a `choices`
        value: a Player's pk, "p:" and a file's person id, or NEW)."""
        seated: dict[str, Player] = {}
        unclear: list[str] = []
        for name in names:
            person = people.get(name)
            if person:
                player = self.by_person.get(person) or self._made(name, person)
            else:
                matches = self.candidates(name)
                picked = self._picked(name, (chosen or {}).get(name, "")) if len(matches) > 1 else None
                if len(matches) > 1 and picked is None:
                    unclear.append(name)
                    continue
                player = picked or (matches[0] if matches else self._made(name, None))
            if any(other is player for other in seated.values()):
                unclear.append(name)  # two names of one game on one person
                continue
            seated[name] = player
        return unclear or seated

    def candidates(self, name: str) -> list[Player]:
        """Whom a name without an id may mean: the group's people of that name and those
        this import has met so far (by id, or someone new)."""
        return list({id(p): p for p in self.by_name.get(self.same(name), [])}.values())

    def choices(self, name: str) -> list[tuple[str, str]]:
        """What to ask for a name that means more than one (« Laquelle ? »): each of its
        people, (value, label), the group's labelled as it shows them; someone new last."""
        known = [(str(p.pk), self.labels.get(p.pk, p.name)) for p in self.candidates(name) if p.pk is not None]
        from_files = [(f"p:{p.person_id}", f"{p.name} · {p.person_id}") for p in self.candidates(name)
                      if p.pk is None and self.new_named.get(self.same(name)) is not p]
        return known + from_files + [(NEW, "")]

    def _picked(self, name: str, choice: str) -> Player | None:
        if choice == NEW:
            key = self.same(name)
            return self.new_named.get(key) or self._made(name, None)
        if choice.startswith("p:"):
            player = self.by_person.get(choice[2:])
            return player if player is not None and player.pk is None else None  # one of this import's
        return next((p for p in self.candidates(name) if p.pk is not None and str(p.pk) == choice), None)

    def _made(self, name: str, person: str | None) -> Player:
        player = Player(name=name, person_id=person or new_person_id())
        self.new.append(player)
        self._know(player)
        if person is None:
            self.new_named.setdefault(self.same(name), player)
        return player

    def save(self) -> None:
        if not self.new:
            return
        wanted = {p.person_id for p in self.new}
        # A person id is an identifier, not a secret (game-record.md, section 2): it grants
        # nothing. An id the group does not know but the server does (someone of another
        # league or circle) must not put this file's games on that person's pages: the name
        # becomes someone new here, whom the person can claim later.
        elsewhere = set(Person.objects.filter(pk__in=wanted).values_list("pk", flat=True))
        for player in self.new:
            if player.person_id in elsewhere:
                player.person_id = new_person_id()
        Person.objects.bulk_create([Person(pk=p.person_id) for p in self.new], ignore_conflicts=True)
        Player.objects.bulk_create(self.new, batch_size=1000)
