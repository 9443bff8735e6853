"""The one wording layer: every sentence the app says about the rules.

The engine (engine.rules) and the live table (engine.table.machine) speak in codes
and rule identifiers with parameters; this package is the only place that turns
them into words, in the page's language. The msgids are French (the app's first
language); the English is in locale/en/LC_MESSAGES/django.po.

    problems.py   a problem's code -> its sentence (and why a meld or a set is refused)
    steps.py      a scoring step's rule id -> what the engine did in one round
    rules.py      a rule id -> what the rule says in general (the rules pages), and the
                  phrases for a variant's call, snap, powers and options
    rulings.py    a live-table ruling's rule id -> its sentence
    variants.py   each variant's and family's own words (blurb, how a round goes, readings)
    names.py      names of plays, characters, JSON types and field shapes
    text.py       how parameters are written (numbers, cards, lists)

Numbers are never typed into a sentence: they come from the params or from the
variant's declaration (`numbers`).
"""
