"""Persons (issue 30): the identity behind a Player. Every Player made before gets one
Person of their own (the same people as before: nobody merged, nobody split); the
field is added nullable, filled, then required. A person's keys make phones theirs. Names stop being unique site-wide (an
index keeps looking them up fast), and a nickname tells two of one name apart."""

from django.db import migrations, models
from django.db.models.functions import Lower

import scorekeeper.models


def one_person_each(apps, schema_editor):
    Person = apps.get_model("scorekeeper", "Person")
    Player = apps.get_model("scorekeeper", "Player")
    for player in Player.objects.filter(person__isnull=True).only("pk").iterator():
        person = Person.objects.create(id=scorekeeper.models.new_person_id())
        Player.objects.filter(pk=player.pk).update(person=person)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0005_game_note")]

    operations = [
        migrations.CreateModel(
            name="Person",
            fields=[
                ("id", models.CharField(default=scorekeeper.models.new_person_id, editable=False, max_length=64,
                                        primary_key=True, serialize=False)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.AddField("player", "person", models.ForeignKey(
            null=True, on_delete=models.deletion.PROTECT, related_name="players", to="scorekeeper.person")),
        migrations.RunPython(one_person_each, migrations.RunPython.noop),
        migrations.AlterField("player", "person", models.ForeignKey(
            on_delete=models.deletion.PROTECT, related_name="players", to="scorekeeper.person")),
        migrations.RemoveConstraint("player", "player_name_unique_ci"),
        migrations.AddIndex("player", models.Index(Lower("name"), name="player_name_ci")),
        migrations.AddField("player", "nickname", models.CharField(blank=True, default="", max_length=40)),
        migrations.AlterModelOptions("player", {"ordering": ["name", "pk"]}),
        migrations.CreateModel(
            name="PersonKey",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[("phone", "phone"), ("link", "link")], max_length=8)),
                ("secret_hash", models.CharField(max_length=64, unique=True)),
                ("label", models.CharField(blank=True, max_length=120)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                ("person", models.ForeignKey(on_delete=models.deletion.CASCADE, related_name="keys",
                                             to="scorekeeper.person")),
            ],
            options={"ordering": ["created_at", "pk"]},
        ),
        migrations.AlterField("roundchange", "action", models.CharField(max_length=10, choices=[
            ("added", "added"), ("edited", "edited"), ("undone", "undone"), ("imported", "imported"),
            ("abandoned", "abandoned"), ("restored", "restored"), ("renamed", "renamed"),
            ("regrouped", "regrouped")])),
    ]
