"""The one wording layer: every sentence the app says about the rules.

The engine (scorekeeper.rules) and the live table (referee.table) speak in codes
and rule identifiers with parameters; this package is the only place that turns
them into words, in the page's language. The msgids are French (the app's first
language); the English is in locale/en/LC_MESSAGES/django.po.

    problems.py   a problem's code -> its sentence (and why a meld or set is refused)
    steps.py      a scoring step's rule id -> what the engine did
    rules.py      a rule id -> what the rule says in general (the rules pages)
    rulings.py    a live-table ruling's rule id -> its sentence
    names.py      names of plays, characters, JSON types and field shapes
    text.py       how parameters are written (numbers, cards, lists)
"""
