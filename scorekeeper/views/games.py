"""Starting a game: the variant, its options, the players in seat order, the teams."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Max
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.form_errors import INVALID_FORM
from scorekeeper.models import Game, Player
from scorekeeper.new_game import NewGameDraft, allowed_player_counts, counts_text
from scorekeeper.rules import VARIANTS, RecordError
from scorekeeper.views.common import HtmxHttpRequest, get_game_for_user
from scorekeeper.views.records import problem_lines

TEMPLATE = "scorekeeper/game_new.html"
KNOWN_PLAYERS_SHOWN = 16

# One line each, to choose at a glance; the rules pages say the rest.
DESCRIPTIONS = {
    "cactus": _("Mémoire : la plus petite main, à 5 ou moins, gagne la manche."),
    "cactus-tas": _("Cactus où chaque main sans cactus pioche des kilos ; le 7 remet à zéro."),
    "tamalou": _("Mémoire : annoncez « Tamalou » avec la plus petite main ; le plus petit total gagne."),
    "koubo": _("Jeu de 32 cartes : −3 pour une annonce réussie, 20 pour une ratée."),
    "dutch": _("Chacun marque sa main ; à 100 points on est éliminé, le dernier en jeu gagne."),
    "tamoul": _("Tamalou avec contre-Tamoul ; un total de 100 tout rond redescend à 50."),
    "fontenaysien": _("Les mains comptent par paliers ; se défausser de tout vaut −10."),
    "cabo-bruxellois": _("Cabo : une annonce ratée coûte cher, chaque mauvaise défausse 2 points."),
    "dutch-toulousain": _("Dutch où l'annonceur pioche une pénalité par main plus petite que la sienne."),
    "canasta": _("À deux, ou à quatre en équipes : le premier camp à 5000 points gagne."),
    "cactus-game": _("Le jeu de Blue Orange : réunissez des personnages, volez des points, jouez Stop."),
}
OPTION_LABELS = {"rounds": _("Nombre de manches"), "half_game": _("Demi-partie")}
OPTION_HELP = {
    "rounds": _("Laissez vide pour jouer sans limite de manches."),
    "half_game": _("Perdant à 50 au lieu de 100, grand gagnant à −25 au lieu de −50."),
}


@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    """Without a variant: the list of games. With one: its form, until "start"."""
    key = request.POST.get("variant") or request.GET.get("variant")
    variant = VARIANTS.get(key or "")
    if variant is None:
        template_name = TEMPLATE + ("#variants" if request.htmx else "")
        return render(request, template_name, {"variants": _variant_choices(), "unknown": key})
    if request.method == "POST":
        draft = NewGameDraft.from_post(variant, request.POST)
        action = request.POST.get("action", "")
        if action == "start":
            started = _start(draft)
            if started is not None:
                if request.htmx:
                    return HttpResponseClientRedirect(started.get_absolute_url())
                return redirect(started)
        else:
            draft.apply(action)
    else:
        draft = NewGameDraft.blank(variant)
    template_name = TEMPLATE + ("#form" if request.htmx else "")
    status = INVALID_FORM if draft.errors else 200
    return render(request, template_name, _form_context(draft), status=status)


@require_POST
def game_rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new game of the same variant, the same players in the same seats, the same
    options and teams: one tap at the end of a game instead of the whole new-game form."""
    game = get_game_for_user(request, pk)
    rematch = Game.start(game.variant, game.player_names(), dict(game.options), game.teams)
    if request.htmx:
        return HttpResponseClientRedirect(rematch.get_absolute_url())
    return redirect(rematch)


def _start(draft: NewGameDraft) -> Game | None:
    checked = draft.check()
    if checked is None:
        return None
    players, options, teams = checked
    try:
        return Game.start(draft.variant.key, players, options, teams)
    except RecordError as exc:
        draft.errors["game"] = problem_lines(exc.problems)
        return None


def _variant_choices() -> list[dict[str, Any]]:
    return [{"key": key, "name": v.name, "description": DESCRIPTIONS.get(key, ""),
             "rules_url": reverse("rules_page", args=[key])}
            for key, v in VARIANTS.items()]


def _form_context(draft: NewGameDraft) -> dict[str, Any]:
    variant = draft.variant
    seated = {name.casefold() for name in draft.players}
    known = [p.name for p in Player.objects.annotate(last=Max("seats__game__created_at"))
             .order_by(F("last").desc(nulls_last=True), "name")[:KNOWN_PLAYERS_SHOWN]]
    options = [{"key": o.key, "kind": o.kind, "default": o.default, "value": draft.options.get(o.key),
                "label": OPTION_LABELS.get(o.key, o.key), "help": OPTION_HELP.get(o.key, ""),
                "errors": draft.errors.get(f"option-{o.key}", [])}
               for o in variant.options]
    seats = [{"index": i, "number": i + 1, "name": name, "errors": errors,
              "first": i == 0, "last": i == len(draft.seats) - 1}
             for i, (name, errors) in enumerate(zip(draft.seats, draft.seat_errors(), strict=True))]
    return {
        "draft": draft,
        "variant": variant,
        "description": DESCRIPTIONS.get(variant.key, ""),
        "rules_url": reverse("rules_page", args=[variant.key]),
        "counts": counts_text(allowed_player_counts(variant)),
        "options": options,
        "seats": seats,
        "known": known,
        "unseated": [name for name in known if name.casefold() not in seated],
        "canasta": variant.family == "canasta",
    }
