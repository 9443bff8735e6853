"""Pages of the live tables, included by config/urls.py."""

from django.urls import path
from django.views.generic import RedirectView

from . import views

urlpatterns = [
    path("games/<str:token>/table/open/", views.table_open, name="table_open"),
    path("tables/join/", views.table_find, name="table_find"),
    path("tables/", RedirectView.as_view(pattern_name="table_find"), name="tables"),  # no 404 (issue 27)
    path("tables/<str:code>/", views.table_page, name="table_page"),
    path("tables/<str:code>/join/", views.table_join, name="table_join"),
    path("tables/<str:code>/join/wait/", views.table_wait, name="table_wait"),
    path("tables/<str:code>/close/", views.table_close, name="table_close"),
    path("tables/<str:code>/detach/", views.table_detach, name="table_detach"),  # issue 30
    path("players/", views.player_page, name="player_page"),  # a player's records (issue 22)
    path("tables/<str:code>/ask/", views.table_ask, name="table_ask"),  # ask the rules (issue 22)
    path("tables/<str:code>/log/", views.table_log, name="table_log"),
    path("tables/<str:code>/reveal/", views.table_reveal, name="table_reveal"),
    path("tables/<str:code>/rounds/<int:number>/", views.table_round, name="table_round"),
]
