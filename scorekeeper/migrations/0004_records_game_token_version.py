"""Private game links, the game's version, abandoned games, and who made each change.

The token is added in three steps (nullable, filled one by one, then unique): a
default callable would give every existing game the same value.
"""

from django.db import migrations, models

import scorekeeper.models


def fill_tokens(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    for game in Game.objects.filter(token__isnull=True).only("pk").iterator():
        Game.objects.filter(pk=game.pk).update(token=scorekeeper.models.new_game_token())


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0003_truth_variant_choices")]

    operations = [
        migrations.AddField("game", "token", models.CharField(max_length=32, null=True, editable=False)),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField("game", "token", models.CharField(
            max_length=32, unique=True, default=scorekeeper.models.new_game_token, editable=False)),
        migrations.AddField("game", "version", models.PositiveIntegerField(default=0)),
        migrations.AddField("game", "abandoned_at", models.DateTimeField(null=True, blank=True)),
        migrations.AddField("roundchange", "by", models.CharField(max_length=80, blank=True)),
        migrations.AddField("roundchange", "version", models.PositiveIntegerField(default=0)),
        migrations.AddField("roundchange", "after_end", models.BooleanField(default=False)),
        migrations.AlterField("roundchange", "action", models.CharField(max_length=10, choices=[
            ("added", "added"), ("edited", "edited"), ("undone", "undone"), ("imported", "imported"),
            ("abandoned", "abandoned"), ("restored", "restored"), ("renamed", "renamed")])),
    ]
