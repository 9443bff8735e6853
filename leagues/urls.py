from django.urls import path

from leagues import views
from leagues.views import people

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.league_create, name="league_create"),
    path("<int:pk>/", views.league_detail, name="league"),
    path("<int:pk>/seasons/new/", views.season_create, name="season_create"),
    path("<int:pk>/organisers/new/", views.organiser_add, name="organiser_add"),
    path("<int:pk>/invites/new/", views.invite_create, name="invite_create"),
    path("invite/<str:secret>/", views.invite_accept, name="invite"),
    path("first-organiser/", views.first_organiser, name="first_organiser"),
    path("seasons/<int:pk>/", views.season_detail, name="season"),
    path("seasons/<int:pk>/nights/new/", views.night_create, name="night_create"),
    path("seasons/<int:pk>/import/", views.season_import, name="season_import"),
    path("seasons/<int:pk>/settings/", views.season_settings, name="season_settings"),
    path("seasons/<int:pk>/recompute/", views.season_recompute, name="season_recompute"),
    path("seasons/<int:pk>/merge/", people.season_merge, name="season_merge"),  # issue 30
    path("seasons/<int:pk>/players/<int:player_pk>/split/", people.player_split, name="player_split"),
    path("seasons/<int:pk>/players/<int:player_pk>/detach/", people.player_detach, name="player_detach"),
    path("seasons/<int:pk>/standings.csv", views.standings_csv, name="standings_csv"),
    path("seasons/<int:pk>/games.csv", views.games_csv, name="games_csv"),
    path("seasons/<int:pk>/players/<int:player_pk>/", views.player_detail, name="player"),
    path("seasons/<int:pk>/head-to-head/", views.head_to_head_view, name="head_to_head"),
    path("nights/<int:pk>/", views.night_detail, name="night"),
    path("nights/<int:pk>/tables/new/", views.table_create, name="table_create"),
    path("nights/<int:pk>/room/", views.night_room, name="room"),
    path("nights/<int:pk>/draw/", views.night_draw, name="night_draw"),
    path("nights/<int:pk>/draw/arrivals/", views.night_arrivals, name="night_arrivals"),
    path("nights/<int:pk>/draw/leave/", views.night_leave, name="night_leave"),
    path("nights/<int:pk>/draw/move/", views.night_move, name="night_move"),
    path("nights/<int:pk>/tables/", views.night_tables, name="night_tables"),
    path("t/<str:token>/", views.table_detail, name="table"),
    path("t/<str:token>/games/new/", views.table_game_create, name="table_game_create"),
]
