"""Becoming an organiser without a shell: the first account, then invitations.

- The first organiser: while the site has no account at all, anyone reaching it may
  create one (the person installing it). Once one exists the page is closed for good:
  a stranger cannot become an organiser of an existing install. The account made is
  a plain one (no admin rights): it organises only the leagues it creates.
- Everyone else: an organiser creates a one-time invitation link on the league's
  page (valid VALID_FOR, its secret stored only as a hash) and sends it; whoever
  opens it becomes a co-organiser of that league, making an account on the way.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.db import connection, transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from leagues.models import Invite, League, invite_hash
from leagues.views.access import HtmxHttpRequest, _get_league_for_organiser
from leagues.views.organise import _league_context
from scorekeeper.http import INVALID_FORM

AUTH_BACKEND = "django.contrib.auth.backends.ModelBackend"


def no_account_yet() -> bool:
    return not get_user_model().objects.exists()


class OrganiserLoginView(LoginView):
    """The login page, which says how to get an account: the first one while there is
    none, an organiser's invitation otherwise."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "first_account_open": no_account_yet()}


@require_http_methods(["GET", "HEAD", "POST"])
def first_organiser(request: HtmxHttpRequest) -> HttpResponse:
    if not no_account_yet():
        return render(request, "leagues/first_organiser.html", {"closed": True}, status=403)
    form = UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            _lock_accounts()
            if not no_account_yet():  # another first account was made meanwhile
                return render(request, "leagues/first_organiser.html", {"closed": True}, status=403)
            user = form.save()
        login(request, user, backend=AUTH_BACKEND)
        return redirect("leagues:index")
    return render(request, "leagues/first_organiser.html", {"form": form},
                  status=INVALID_FORM if form.is_bound else 200)


def _lock_accounts() -> None:
    """Two first accounts sent at the same moment: on PostgreSQL the second waits for the
    first and then finds the page closed (SQLite runs one writer at a time already)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            table = connection.ops.quote_name(get_user_model()._meta.db_table)
            cursor.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")


@require_POST
def invite_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    league = _get_league_for_organiser(request, pk)
    secret = Invite.issue(league, request.user)
    link = request.build_absolute_uri(reverse("leagues:invite", args=[secret]))
    return render(request, "leagues/league.html", {**_league_context(request, league), "invite_link": link,
                                                   "invite_days": Invite.VALID_FOR.days})


@require_http_methods(["GET", "HEAD", "POST"])
def invite_accept(request: HtmxHttpRequest, secret: str) -> HttpResponse:
    invite = Invite.objects.usable().select_related("league").filter(secret_hash=invite_hash(secret)).first()
    if invite is None:
        return render(request, "leagues/invite.html", {"gone": True}, status=404)
    joining = request.user.is_authenticated
    form = None if joining else UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and (form is None or form.is_valid()):
        with transaction.atomic():
            # One use only: the row is locked and checked again before it is spent.
            invite = Invite.objects.usable().select_for_update().filter(pk=invite.pk).first()
            if invite is None:
                return render(request, "leagues/invite.html", {"gone": True}, status=404)
            user = request.user if form is None else form.save()
            _spend(invite, invite.league, user)
        if form is not None:
            login(request, user, backend=AUTH_BACKEND)
        return redirect(invite.league)
    return render(request, "leagues/invite.html", {"invite": invite, "form": form},
                  status=INVALID_FORM if form is not None and form.is_bound else 200)


def _spend(invite: Invite, league: League, user: Any) -> None:
    league.organisers.add(user)
    invite.used_by, invite.used_at = user, timezone.now()
    invite.save(update_fields=["used_by", "used_at"])
