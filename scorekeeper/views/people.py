"""A person's own pages (issue 30 items 2 and 4): « C'est moi », their page across phones,
their personal link and its QR code, their phones. The rules of who sees what are in
scorekeeper/players/me.py."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.http import author_of, device_of, remembered_games, seat_of_phone
from scorekeeper.models import MAX_NAME_LENGTH, SEAT, Game, PersonKey, Seat
from scorekeeper.players import me, regroup
from scorekeeper.players.names import name_as_kept, name_problems
from scorekeeper.players.records import player_records
from scorekeeper.qr import qr_svg
from scorekeeper.wording.round_text import device_label

TEMPLATE = "scorekeeper/people/me.html"


@require_safe
def my_page(request: HttpRequest) -> HttpResponse:
    """This phone's person: their games on every phone, records and standings. A phone that
    is nobody's is told how to become someone's, and shown nothing of anyone."""
    key = me.key_of(request)
    if key is None:
        return render(request, TEMPLATE, {"person": None})
    return render(request, TEMPLATE, _person_context(request, key))


def _person_context(request: HttpRequest, key: PersonKey, **extra: Any) -> dict[str, Any]:
    person = key.person
    played = me.PersonGames.of(person)
    records = player_records(played.shown, played.games, played.names)
    standings = [s for player in person.players.all()
                 for s in player.league_standings.filter(scope="overall").select_related("season__league")]
    nickname = next((p.nickname for p in person.players.all() if p.nickname), "")
    return {"person": person, "this_key": key, "records": records, "names": played.names, "nickname": nickname,
            "standings": standings,
            "phones": [(phone, device_label(phone.label)) for phone in
                       person.keys.filter(kind=PersonKey.PHONE, revoked_at__isnull=True)],
            "has_link": person.keys.filter(kind=PersonKey.LINK, revoked_at__isnull=True).exists(), **extra}


@require_POST
def claim(request: HttpRequest) -> HttpResponse:
    """« C'est moi »: this phone becomes the person behind a seat of a game it holds (the
    sheet's player page: `game` and `name`; a league's player page: `player`, one of whose
    games this phone holds)."""
    seat = _claimed_seat(request)
    if seat is None:
        raise Http404("no player of a game this phone holds")
    try:
        secret = me.claim(seat, device_of(request))
    except me.AlreadyClaimed:
        return render(request, TEMPLATE, {"person": None, "claimed": seat.player.nickname or seat.player.name},
                      status=409)
    response = redirect("my_page")
    me.keep_on_phone(response, secret)
    return response


def _claimed_seat(request: HttpRequest) -> Seat | None:
    held = remembered_games(request)
    pk = request.POST.get("player", "")
    if pk.isdigit():  # a league's page: the player's seat at their newest game this phone holds
        return (Seat.objects.select_related("player").filter(player_id=pk, game__token__in=held)
                .order_by("-game__created_at", "-game_id").first())
    token, name = request.POST.get("game", ""), request.POST.get("name", "")
    number = request.POST.get("game_id", "")
    if number.isdigit():  # from its seat at the live table, which never shows the game's link
        game = Game.objects.with_players().filter(pk=number).first()
        if game is None or seat_of_phone(request, game) != name:
            return None
    else:
        game = Game.objects.with_players().filter(token=token).first() if token in held else None
        if game is None:
            return None
    return next((s for s in game.seats.all() if (s.name or s.player.name) == name), None) if game else None


@require_POST
def undo_claim(request: HttpRequest) -> HttpResponse:
    """« Ce n'est pas moi »: the phone that said « C'est moi » takes it back (players/me.py
    `undo_claim`); only that phone: any other is refused, however many games it holds."""
    key = _own_key(request)
    seat = key.claimed_seat
    if seat is None:
        raise Http404("this phone came by the personal link: it claimed nobody")
    name = seat.name or seat.player.name
    at_the_table = seat_of_phone(request, seat.game)
    if me.undo_claim(key, by=SEAT + at_the_table if at_the_table else "", device=device_of(request)) is None:
        raise Http404("nothing to undo")
    messages.success(request, _("Ce téléphone n'est plus à %(name)s : « C'est moi » est annulé.") % {"name": name})
    response = redirect("my_page")
    response.delete_cookie(me.ME_COOKIE)
    return response


@require_POST
def nickname(request: HttpRequest) -> HttpResponse:
    """The name that tells them apart where they meet someone of their name (« Marie D. »)."""
    key = _own_key(request)
    chosen = name_as_kept(request.POST.get("nickname", ""))[:MAX_NAME_LENGTH]
    if not name_problems(chosen):
        key.person.players.update(nickname=chosen)
    return redirect("my_page")


def _held_seats(request: HttpRequest) -> list[Seat]:
    """The seats of the games this phone holds outside any league (a league's players are
    its organisers' to merge or split), newest game first."""
    held = Game.objects.filter(token__in=remembered_games(request), league_game__isnull=True)
    return list(Seat.objects.filter(game__in=held).select_related("player", "game").order_by("-game__created_at"))


def _named(seats: list[Seat], name: str) -> list[Seat]:
    return [s for s in seats if (s.name or s.player.name) == name]


@require_POST
def merge_held(request: HttpRequest) -> HttpResponse:
    """« C'est aussi Julien »: over the games this phone holds outside any league (a league's
    are its organisers'), the seats written `absorb` count for the player of `keep`."""
    keep_name, absorb_name = request.POST.get("keep", ""), name_as_kept(request.POST.get("absorb", ""))
    seats = _held_seats(request)
    keep = next((s.player for s in _named(seats, keep_name)), None)
    absorbed = _named(seats, absorb_name)
    url = reverse("player_page") + "?" + urlencode({"name": keep_name})
    if keep is None or not absorbed or absorb_name == keep_name:
        messages.error(request, _("Aucune partie de ce téléphone n'a de joueur « %(name)s ».") % {"name": absorb_name})
        return redirect(url)
    try:
        regroup.merge(Seat.objects.filter(pk__in=[s.pk for s in absorbed]), keep,
                      by=author_of(request, absorbed[0].game), device=device_of(request))
    except regroup.PlayedTogether as exc:
        messages.error(request, _("%(absorb)s et %(keep)s ont joué ensemble la partie n° %(game)s : ce sont "
                                  "deux personnes.") % {"absorb": absorb_name, "keep": keep_name, "game": exc.game_id})
        return redirect(url)
    messages.success(request, _("Les parties de %(absorb)s comptent désormais pour %(keep)s.")
                     % {"absorb": absorb_name, "keep": keep_name})
    return redirect(url)


@require_POST
def split_held(request: HttpRequest) -> HttpResponse:
    """« Ces parties sont à quelqu'un d'autre »: the ticked games of `name`, among those this
    phone holds outside any league, go to a new person of that name told apart by `nickname`
    (the same split as a league organiser's: players/regroup.py)."""
    name = request.POST.get("name", "")
    ticked = {int(g) for g in request.POST.getlist("game") if g.isdigit()}
    nickname = name_as_kept(request.POST.get("nickname", ""))[:MAX_NAME_LENGTH]
    chosen = [s for s in _named(_held_seats(request), name) if s.game_id in ticked]
    url = reverse("player_page") + "?" + urlencode({"name": name})
    if not chosen:
        messages.error(request, _("Aucune partie cochée n'est sur ce téléphone avec « %(name)s ».") % {"name": name})
        return redirect(url)
    if not nickname or name_problems(nickname):
        messages.error(request, _("Cochez ses parties et donnez-lui un nom qui le distingue (« %(name)s D. »).")
                       % {"name": name})
        return redirect(url)
    regroup.split(Seat.objects.filter(pk__in=[s.pk for s in chosen]), name, nickname,
                  by=author_of(request, chosen[0].game), device=device_of(request))
    messages.success(request, _("Ces parties comptent désormais pour %(name)s.") % {"name": nickname})
    return redirect(url)


@require_POST
def new_link(request: HttpRequest) -> HttpResponse:
    """A new personal link (the last one stops working), shown once with its QR code."""
    key = _own_key(request)
    url = request.build_absolute_uri(reverse("join_person", args=[me.new_link(key.person)]))
    return render(request, TEMPLATE, _person_context(request, key, link=url, link_qr=qr_svg(url, svgclass="share-qr")))


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest, secret: str) -> HttpResponse:
    """A personal link opened: asked first (a link preview must not take a phone), then this
    phone is theirs too."""
    link = PersonKey.find(secret, PersonKey.LINK)
    if link is None:
        return render(request, "scorekeeper/people/join.html", {"dead": True}, status=404)
    if request.method != "POST":
        shown = me.PersonGames.of(link.person).shown
        return render(request, "scorekeeper/people/join.html", {"name": shown})
    phone = me.join(secret, device_of(request))
    if phone is None:  # revoked meanwhile
        return render(request, "scorekeeper/people/join.html", {"dead": True}, status=404)
    response = redirect("my_page")
    me.keep_on_phone(response, phone)
    return response


@require_POST
def revoke(request: HttpRequest, key_id: int) -> HttpResponse:
    """Take a phone (or the link) away from the person: from any phone of theirs."""
    key = _own_key(request)
    me.revoke(key.person, key_id)
    return redirect("my_page")


@require_safe
def export(request: HttpRequest) -> HttpResponse:
    """Everything that is theirs, as a JSON download: their phones only."""
    key = _own_key(request)
    body = json.dumps(me.export(key.person), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="mes-parties.json"'
    return response


@require_POST
def forget(request: HttpRequest) -> HttpResponse:
    """Delete the person: their games stay for the others, their name replaced if they ask."""
    key = _own_key(request)
    me.forget(key.person, replace_name=request.POST.get("replace_name") == "on", device=device_of(request))
    response = redirect("my_page")
    response.delete_cookie(me.ME_COOKIE)
    return response


def _own_key(request: HttpRequest) -> PersonKey:
    key = me.key_of(request)
    if key is None:
        raise Http404("this phone is nobody's")
    return key

