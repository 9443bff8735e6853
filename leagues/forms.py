"""Forms of the league pages: what organisers create, and a new game at a table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.rules import VARIANTS
from engine.seating import BALANCED, LEVEL, RANDOM
from leagues.models import League, Night, NightTable, Season
from scorekeeper.models import MAX_NAME_LENGTH, Player
from scorekeeper.players.names import name_as_kept, name_problems
from scorekeeper.wording.problems import problem_line


class LeagueForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ["name"]
        labels = {"name": _("Nom de la ligue")}


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        labels = {"name": _("Nom de la saison"), "start": _("Début"), "end": _("Fin (facultative)")}
        widgets = {"start": forms.DateInput(attrs={"type": "date"}),
                   "end": forms.DateInput(attrs={"type": "date"})}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            self.add_error("end", _("La fin doit venir après le début."))
        return data


class SeasonSettingsForm(forms.ModelForm):
    """Who the standings mark as provisional or inactive, and whether they leave the ranking."""

    class Meta:
        model = Season
        fields = ["provisional_games", "provisional_sigma", "inactive_nights", "hide_unsettled"]
        labels = {
            "provisional_games": _("Provisoire sous ce nombre de parties"),
            "provisional_sigma": _("Provisoire tant que l'incertitude σ de la note dépasse"),
            "inactive_nights": _("Inactif sans partie lors des dernières soirées (0 : jamais)"),
            "hide_unsettled": _("Retirer du classement les joueurs provisoires et inactifs "
                                "(leur page les montre toujours)"),
        }
        help_texts = {"provisional_sigma": _("Une note commence à 8,3 ; environ 7,5 après cinq "
                                             "parties à quatre, 6,5 après douze.")}

    def clean_provisional_sigma(self) -> float:
        sigma = self.cleaned_data["provisional_sigma"]
        if not 0 < sigma <= 100:
            raise forms.ValidationError(_("Entre 0 et 100."))
        return sigma


class NightForm(forms.ModelForm):
    class Meta:
        model = Night
        fields = ["date", "label"]
        labels = {"date": _("Date"), "label": _("Nom (facultatif)")}
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.season = season

    def clean_date(self) -> Any:
        night = self.cleaned_data["date"]
        if not self.season.covers(night):
            raise forms.ValidationError(_("Cette date est hors de la saison."))
        return night


class OrganiserForm(forms.Form):
    username = forms.CharField(label=_("Nom d'utilisateur de l'organisateur à ajouter"), max_length=150)

    def clean_username(self) -> Any:
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username=self.cleaned_data["username"].strip()).first()
        if user is None:
            raise forms.ValidationError(_("Aucun compte ne porte ce nom."))
        return user


class TableForm(forms.ModelForm):
    class Meta:
        model = NightTable
        fields = ["label"]
        labels = {"label": _("Nom de la table")}

    def __init__(self, *args: Any, night: Night, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.night = night

    def clean_label(self) -> str:
        label = self.cleaned_data["label"].strip()
        if NightTable.objects.filter(night=self.night, label__iexact=label).exists():
            raise forms.ValidationError(_("Cette soirée a déjà une table « %(label)s ».") % {"label": label})
        return label


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    widget = MultipleFileInput

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        files = [f for f in (data if isinstance(data, list | tuple) else [data]) if f]
        if not files and self.required:
            raise forms.ValidationError(self.error_messages["required"], code="required")
        return [super(MultipleFileField, self).clean(f, initial) for f in files]


class ImportForm(forms.Form):
    files = MultipleFileField(label=_("Fichiers de parties (JSON)"))
    night_date = forms.DateField(
        label=_("Date de la soirée (sinon lue au début du nom du fichier)"), required=False,
        widget=forms.DateInput(attrs={"type": "date"}))
    table = forms.CharField(label=_("Table (sinon lue dans le nom du fichier)"), required=False,
                            max_length=80)

    MAX_FILES = 200
    MAX_BYTES = 1_000_000

    def clean_files(self) -> list[Any]:
        files = self.cleaned_data["files"]
        if len(files) > self.MAX_FILES:
            raise forms.ValidationError(_("Au plus %(n)s fichiers à la fois.") % {"n": self.MAX_FILES})
        for f in files:
            if f.size > self.MAX_BYTES:
                raise forms.ValidationError(
                    _("%(name)s dépasse 1 Mo : ce n'est pas une partie.") % {"name": f.name})
        return files


class PresentForm(forms.Form):
    """Who is here: the season's players ticked, and new names, one a line."""

    players = forms.ModelMultipleChoiceField(queryset=None, required=False,  # type: ignore[arg-type]
                                             widget=forms.CheckboxSelectMultiple,
                                             label=_("Joueurs présents"))
    new_names = forms.CharField(label=_("Autres joueurs (un nom par ligne)"), required=False,
                                widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, known: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = known

    def clean_new_names(self) -> list[str]:
        names = [name_as_kept(line) for line in self.cleaned_data["new_names"].splitlines()]
        names = list(dict.fromkeys(name for name in names if name))
        errors = []
        for name in names:
            if len(name) > MAX_NAME_LENGTH:
                errors.append(_("« %(name)s » : %(n)s caractères au plus.") % {"name": name[:50], "n": MAX_NAME_LENGTH})
            errors += [problem_line(p) for p in name_problems(name)]
        if errors:
            raise forms.ValidationError(errors)
        return names

    def present(self) -> list[Any]:
        """The players ticked and those named (made when new), in one list."""
        named = Player.get_or_create_many(self.cleaned_data["new_names"]).values()
        return list(dict.fromkeys([*self.cleaned_data["players"], *named]))


class DrawForm(PresentForm):
    game = forms.ChoiceField(label=_("Jeu (la taille des tables en dépend)"), choices=())
    mode = forms.ChoiceField(label=_("Tirage"), widget=forms.RadioSelect, choices=(
        (RANDOM, _("Au hasard, en évitant de se retrouver (saison)")),
        (LEVEL, _("Par niveau : les mieux classés ensemble")),
        (BALANCED, _("Équilibré : chaque table de même force (note)")),
    ), initial=RANDOM)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(key, v.name) for key, v in VARIANTS.items()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and len(data.get("players") or []) + len(data.get("new_names") or []) < 2:
            raise forms.ValidationError(_("Cochez ou nommez au moins deux joueurs présents."))
        return data
