"""A game's life beyond its rounds: abandon it (kept, marked, out of the lists and the
standings), restore it, and correct a player's name. Each goes into the history."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from engine.rules import RecordError
from scorekeeper.actions.game import do_rename_player, do_set_abandoned, do_set_note
from scorekeeper.http import (
    INVALID_FORM,
    HtmxHttpRequest,
    actor_of,
    client_redirect,
    get_game_to_change,
    rename_refusal,
)
from scorekeeper.models import MAX_NAME_LENGTH, NOTE_MAX_LENGTH
from scorekeeper.players.names import CONTROL_CHARACTER, name_as_kept
from scorekeeper.wording.problems import problem_line


@require_POST
def game_abandon(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_game_to_change(request, token)
    do_set_abandoned(game, True, actor=actor_of(request, game))
    messages.info(request, _("Partie abandonnée. Elle reste ici et dans l’historique ; "
                             "« Reprendre la partie » la remet en jeu."))
    return client_redirect(request, game.get_absolute_url())


@require_POST
def game_restore(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_game_to_change(request, token)
    do_set_abandoned(game, False, actor=actor_of(request, game))
    messages.success(request, _("Partie reprise."))
    return client_redirect(request, game.get_absolute_url())


@require_http_methods(["GET", "HEAD", "POST"])
def player_rename(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Correct a misspelt name at this game: its seat, its rounds and its totals."""
    game = get_game_to_change(request, token)
    names = game.player_names()
    old, new, errors = request.POST.get("player", ""), name_as_kept(request.POST.get("name", "")), []
    if request.method == "POST":
        if old not in names:
            errors.append(_("Choisissez le nom à corriger."))
        elif not new:
            errors.append(_("Écrivez le nouveau nom."))
        elif len(new) > MAX_NAME_LENGTH:
            errors.append(_("Un nom a au plus %(max)s caractères.") % {"max": MAX_NAME_LENGTH})
        elif new != old and (refusal := rename_refusal(game)) is not None:
            errors.append(refusal)
        elif new != old:
            try:
                do_rename_player(game, old, new, actor=actor_of(request, game))
            except RecordError as error:
                errors = [problem_line(p) for p in error.problems]
        if not errors:
            messages.success(request, _("« %(old)s » s’appelle maintenant « %(new)s ».") % {"old": old, "new": new})
            return client_redirect(request, game.get_absolute_url())
    template_name = "scorekeeper/player_rename.html" + ("#form" if request.htmx else "")
    return render(request, template_name, {"game": game, "names": names, "old": old, "new": new,
                                           "errors": errors, "max_length": MAX_NAME_LENGTH},
                  status=INVALID_FORM if errors else 200)


@require_POST
def game_note(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game's note, written by whoever may change the game; shown on the sheet (escaped)."""
    game = get_game_to_change(request, token)
    note = " ".join(CONTROL_CHARACTER.sub(" ", name_as_kept(request.POST.get("note", ""))).split())
    if len(note) > NOTE_MAX_LENGTH:
        messages.error(request, _("Note de la partie : %(max)s caractères au plus (ici %(n)s). Rien n’est "
                                  "enregistré.") % {"max": NOTE_MAX_LENGTH, "n": len(note)})
    else:
        do_set_note(game, note, actor=actor_of(request, game))
    return client_redirect(request, game.get_absolute_url())
