"""The admin: a fallback for organisers' accounts and for fixing a league by hand."""

from django.contrib import admin

from leagues.models import League, LeagueGame, Night, NightTable, Season


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    filter_horizontal = ["organisers"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "start", "end", "ratings_stale"]
    list_filter = ["league"]


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ["date", "label", "season"]
    list_filter = ["season__league"]


@admin.register(NightTable)
class NightTableAdmin(admin.ModelAdmin):
    list_display = ["label", "night"]
    readonly_fields = ["token"]


@admin.register(LeagueGame)
class LeagueGameAdmin(admin.ModelAdmin):
    list_display = ["game", "table"]
    raw_id_fields = ["game"]
