"""Ask the rules: a question in a player's words, answered first by a fact of the game
read from its declaration (facts.py), then by the paragraphs of the game's rules page
(rules and readings), best first, each with its anchor; the game is the page's, or the
one the question names (question/games.py), or every game.

`answers(question, variant_key)` is the one entry point; the index is built from the
same page context the rules pages render (scorekeeper/rules_page.py), once per language,
and kept for the life of the process.
"""

from .index import Answer, answers, warm, warm_meanwhile, warmed

__all__ = ["Answer", "answers", "warm", "warm_meanwhile", "warmed"]
