from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.health import healthz, healthz_live
from leagues.views.accounts import OrganiserLoginView
from scorekeeper.views import people
from scorekeeper.views.game import history, life, records, share, sheet
from scorekeeper.views.game import start as games
from scorekeeper.views.game.rounds import round_edit, round_new, round_preview
from scorekeeper.views.game.why import round_why
from scorekeeper.views.home import favicon, home
from scorekeeper.views.offline import offline_page, service_worker
from scorekeeper.views.rules_pages import rules_index, rules_page
from scorekeeper.views.rules_search import rules_search

urlpatterns = [
    path("", home, name="home"),
    # Browsers ask for /favicon.ico on pages that name no icon (a JSON answer, an error).
    path("favicon.ico", favicon),
    path("sw.js", service_worker, name="service_worker"),  # at the root: its scope is the site
    path("offline/", offline_page, name="offline"),  # shown by the worker for a page not kept
    path("healthz", healthz, name="healthz"),  # pages: the database (docs/deploy.md)
    path("healthz/live", healthz_live, name="healthz_live"),  # live updates: and the channel layer
    # The score sheet, a game's life cycle, import and export (issue 3, part A).
    # A person's own pages (issue 30): « C'est moi », their link, their phones.
    path("me/", people.my_page, name="my_page"),
    path("me/claim/", people.claim, name="claim_person"),
    path("me/claim/undo/", people.undo_claim, name="undo_claim"),
    path("me/link/", people.new_link, name="new_person_link"),
    path("me/nickname/", people.nickname, name="person_nickname"),
    path("players/merge/", people.merge_held, name="merge_held_players"),
    path("players/split/", people.split_held, name="split_held_players"),
    path("me/join/<str:secret>/", people.join, name="join_person"),
    path("me/keys/<int:key_id>/revoke/", people.revoke, name="revoke_person_key"),
    path("me/export.json", people.export, name="export_person"),
    path("me/forget/", people.forget, name="forget_person"),
    path("games/new/", games.game_new, name="game_new"),
    path("games/import/", records.game_import, name="game_import"),
    path("games/<str:token>/", sheet.game_sheet, name="game_sheet"),
    path("games/<str:token>/rounds/undo/", sheet.round_undo, name="round_undo"),
    path("games/<str:token>/rematch/", games.game_rematch, name="game_rematch"),
    path("games/<str:token>/history/", history.game_history, name="game_history"),
    path("games/<str:token>/abandon/", life.game_abandon, name="game_abandon"),
    path("games/<str:token>/restore/", life.game_restore, name="game_restore"),
    path("games/<str:token>/players/rename/", life.player_rename, name="player_rename"),
    path("games/<str:token>/note/", life.game_note, name="game_note"),  # issue 27
    path("games/<str:token>/export.json", records.game_export_json, name="game_export_json"),
    path("games/<str:token>/export.csv", records.game_export_csv, name="game_export_csv"),
    path("games/<str:token>/share.png", share.game_share_png, name="game_share_png"),  # issue 22
    path("games/<str:token>/rounds/new/", round_new, name="round_new"),
    path("games/<str:token>/rounds/<int:number>/edit/", round_edit, name="round_edit"),
    path("games/<str:token>/rounds/preview/", round_preview, name="round_preview"),
    path("games/<str:token>/rounds/<int:number>/why/", round_why, name="round_why"),
    path("rules/", rules_index, name="rules_index"),
    path("rules/search/", rules_search, name="rules_search"),  # ask the rules (issue 22)
    path("rules/<slug:variant>/", rules_page, name="rules_page"),
    path("", include("referee.urls")),  # live tables (issue 4)
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # The login page says how to get an account (leagues/views/accounts.py).
    path("accounts/login/", OrganiserLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("leagues/", include("leagues.urls")),
]

# A pasted record too big to read gets the import form's message (views/errors.py).
handler400 = "scorekeeper.views.errors.bad_request"
