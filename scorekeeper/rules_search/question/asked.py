"""What a question asks, read from players' words: the cards it names, the numbers in
it, and the kind of fact it wants (a card's value, a card's power, the call's limit, a
wrong snap's cost, canasta's opening minimum at a score, the end of the game, a power
used on the caller).

Cards go by every name players give them: « valet », "jack", V, J, « R♥ », "KH",
« le 7 »; a single letter counts only as a capital on its own (« j'ai » is no jack).
Everything is read without accents, in lower case, on whole words (`plain`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards import JOKER, RANKS, rank_of, read_card, suit_of

from .synonyms import plain

RANK_WORDS: dict[str, str] = {
    **{w: "A" for w in ("as", "ace", "aces", "un as")},
    **{w: "J" for w in ("valet", "valets", "jack", "jacks", "knave")},
    **{w: "Q" for w in ("dame", "dames", "reine", "reines", "queen", "queens")},
    **{w: "K" for w in ("roi", "rois", "king", "kings")},
    **{w: JOKER for w in ("joker", "jokers", "jocker", "jokeur", "jokker")},
    **{w: str(n) for n, words in {
        2: "deux two twos", 3: "trois three threes", 4: "quatre four fours", 5: "cinq five fives",
        6: "six sixes", 7: "sept seven sevens", 8: "huit eight eights", 9: "neuf nine nines",
        10: "dix ten tens"}.items() for w in words.split()},
}
LETTERS = {"V": "J", "J": "J", "D": "Q", "Q": "Q", "R": "K", "K": "K", "A": "A"}
COLOURS = {"rouge": "red", "rouges": "red", "red": "red", "noir": "black", "noire": "black",
           "noirs": "black", "noires": "black", "black": "black",
           "coeur": "H", "coeurs": "H", "heart": "H", "hearts": "H", "carreau": "D", "carreaux": "D",
           "diamond": "D", "diamonds": "D", "pique": "S", "piques": "S", "spade": "S", "spades": "S",
           "trefle": "C", "trefles": "C", "club": "C", "clubs": "C"}
SUIT_COLOUR = {"H": "red", "D": "red", "S": "black", "C": "black"}

# A number followed by one of these is a count, not a card (« avec 7 points », "at 4 players").
NOT_A_CARD = re.compile(r"^\s*(points?|pts?|pt|joueurs?|players?|cartes?|cards?|manches?|rounds?|"
                        r"kilos?|fois|times|%|k\b|000|of us|of them|d'entre nous|d'entre eux|de nous)")

_TOKEN = re.compile(r"[\w♠♥♦♣]+")
_NUMBER = re.compile(r"(?<![\w.,])(-?\d{1,3}(?:[ .,\u202f\u00a0]\d{3})+|-?\d+)(?![\w])")


@dataclass(frozen=True)
class Card:
    rank: str
    colour: str | None = None  # "red", "black", or None


def cards_in(question: str) -> list[Card]:
    """The playing cards a question names, in its order, each once."""
    found: list[Card] = []
    original = question.replace("’", "'")
    folded = plain(original)
    # Codes and notations first: « R♥ », "KH", "10D".
    for match in re.finditer(r"(?<![\w])(10|[2-9AVDRJQK])\s?([♠♥♦♣]|[SHDCshdc](?![\w]))", original):
        code = read_card(match.group(0).replace(" ", ""))
        if code:
            found.append(Card(rank_of(code), SUIT_COLOUR.get(suit_of(code) or "")))
    words = list(_TOKEN.finditer(folded))
    for i, match in enumerate(words):
        word = match.group()
        rank = RANK_WORDS.get(word)
        signed = match.start() > 0 and folded[match.start() - 1] in "-−+"  # « à -5 », "+4": a score
        if rank is None and word.isdigit() and 1 <= int(word) <= 10 and not signed:
            rank = "A" if word == "1" else word
        if rank in RANKS[1:10] and NOT_A_CARD.match(folded[match.end():]):
            continue  # « avec 7 points », « deux cartes »: a count
        if rank is None and len(word) == 1:
            raw = original[match.start():match.end()]
            follows = original[match.end():match.end() + 1]
            if raw.isupper() and raw in LETTERS and follows not in ("'", "♠", "♥", "♦", "♣"):
                rank = LETTERS[raw]
        if rank is None:
            continue
        colour = None
        # « roi rouge », « roi de cœur », "red king", "king of hearts"
        for near in [*words[i + 1:i + 3], *words[max(i - 1, 0):i]]:
            colour = COLOURS.get(near.group())
            if colour:
                break
        if colour in SUIT_COLOUR:
            colour = SUIT_COLOUR[colour]
        card = Card(rank, colour)
        if card not in found and Card(rank) not in found:
            found.append(card)
    return [c for c in found if c.rank in (*RANKS, JOKER)]


_CARD_WORD = "|".join(sorted(map(re.escape, RANK_WORDS), key=len, reverse=True)) + r"|10|[1-9]"
# A card thrown on another: « un 4 sur un 5 », "a 6 on a 7", « mes 2 valets d'un coup sur
# un valet », "two jacks got snapped on a jack": the card said nearest before « sur », "on".
THROWN_ON = re.compile(rf"(?<![\w])(sur|on|onto|over|par-dessus)\s+(?:un |une |a |an |the |le |la |l'|ce |cette |"
                       rf"son |sa |his |her )?(?:same |meme )?({_CARD_WORD})(?![\w])")  # "on the same jack"
_CARD_BEFORE = re.compile(rf"(?<![\w])({_CARD_WORD})(?:s|'s)?(?![\w])")  # "three 4s"
WORDS_BEFORE = 4  # how far before « sur » the card thrown may be said


def thrown_on(question: str) -> str | None:
    """A card thrown on another: "same" rank (a snap) or "other" (a wrong snap), or None."""
    found = _thrown(question)
    return found[0] if found else None


def _thrown(question: str) -> tuple[str, int, int] | None:
    """The kind of throw, and where it is said (from the card thrown to the one under it)."""
    folded = plain(question).replace("’", "'")
    for match in THROWN_ON.finditer(folded):
        start = max(match.start() - 40, 0)
        thrown = list(_CARD_BEFORE.finditer(folded, start, match.start()))
        words_between = len(folded[thrown[-1].end():match.start()].split()) if thrown else 0
        if thrown and words_between <= WORDS_BEFORE - 1:
            ranks = [RANK_WORDS.get(word, "A" if word == "1" else word) for word in (thrown[-1].group(1), match.group(2))]
            return ("same" if ranks[0] == ranks[1] else "other"), thrown[-1].start(), match.end()
    return None


def same_rank_said(question: str) -> str:
    """« deux valets d'un coup sur un valet » said also as the pages say it (« cartes de même
    rang »): the card names alone are no word a snap rule holds (the jacks' rule keeps them)."""
    found = _thrown(question)
    if not found or found[0] != "same":
        return question
    return f"{question} cartes de même rang"


def only_cards(question: str, stop_words: set[str]) -> bool:
    """The question names cards and says nothing else (« roi rouge ? », "red king?"): what
    the card is worth is asked, the commonest question of a card at the table."""
    if not cards_in(question):
        return False
    for word in _TOKEN.findall(plain(question.replace("’", "'")).replace("'", " ")):
        if word in stop_words or word in RANK_WORDS or word in COLOURS or word in ("de", "of", "du"):
            continue
        if word.isdigit() or (len(word) <= 2 and word.upper()[:1] in LETTERS):
            continue  # « 7 », « R », "KH", a worth said (« le roi noir c'est 15 ? »)
        return False
    return True


def numbers_in(question: str) -> list[int]:
    """Whole numbers as players write them: 1600, « 1 600 », 1.600, -50."""
    return [int(re.sub(r"[ .,\u202f\u00a0]", "", m.group(1))) for m in _NUMBER.finditer(question)]


def any_of(*groups: str) -> re.Pattern[str]:
    phrases = [w.strip() for group in groups for w in group.split("|") if w.strip()]
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(plain(p)) for p in phrases) + r")(?![\w])")


VALUE = any_of("vaut|valent|valeur|vaux|compte|comptent|combien de points|combien ca fait|rapporte|rapportent|pese|pesent|"
               "kilos|poids|weigh|weighs|worth|value|values|count|counts|how many points|how much is|how much are|points is|score|"
               # « le joker c'est moins 1 ou zéro ? »
               "c'est moins|c'est zero|minus one|minus 1")
POWER = any_of("pouvoir|pouvoirs|fait quoi|sert a quoi|servent a quoi|permet|action|effet|"
               "power|powers|does|do with|ability|effect|special|use|utiliser|jouer le|play the|"
               "regarder|look at|peek|echanger|swap|"
               # looking, in every word players use: « le 10 ça regarde chez soi ? », « mater »
               "regarde|regardes|regardent|mater|mate|matte|zieuter|zieute|reluquer|reluque|checker|"
               "jeter un oeil|jeter un coup d'oeil|peeks|peeking|look|looks|check)")
# "whats the black king do", "what does a 7 do in cabo": the power asked, "do" at the end.
WHAT_DO = re.compile(r"(?<![\w])(what|whats|what's|wat)(?![\w]).*(?<![\w])do(?![\w])")
# More than what a card does: whether one may, must, or how (« on a le droit de regarder
# pendant l'échange ? », "can I give it to myself?", « je suis obligé ? »).
DETAIL = any_of("le droit|on a le droit|a le droit|j'ai le droit|ai-je le droit|peut-on|on peut|je peux|est-ce qu'on|"
                "can i|can you|can we|may i|am i allowed|allowed|do i have to|must i|have to|a l'aveugle|blind|"
                "myself|moi-meme|soi-meme|lui-meme|himself|herself|yourself|my own|mes propres|ma propre|"
                "obligatoire|oblige|obligee|compulsory|mandatory|pendant|while|during|sans regarder|without looking|"
                "do i get to|get to see|see|voir|voit|vois|look|looks|regarder|regarde|chez soi|chez l'autre|"
                "chez un autre|own card|mater|zieuter|si on veut|if i want|if you want")
HAND_SCORE = any_of("main de|main a|main vaut|hand of|hand is|hand worth|je marque|on marque|il marque|marque combien|"
                    "elle marque|ils marquent|elles marquent|marque quoi|his score|her score|he score|she score|"
                    "score|scores|do i get|au bareme|on the scale|en main|dans ma main|in hand|in my hand|"
                    "me fait combien|ca fait combien|ca me fait|je fais combien|je prends combien|"
                    "what do i score|what do you score|what do i get")
# A hand's score on a scale asked without « je marque »: "Lea ended on 16, is that really 30
# points?", « j'ai 0 pile, ça donne quoi ? » (facts.scale_fact).
SCALE_ASKED = any_of("ended on|ended with|finis a|fini a|finit a|ca donne quoi|is that really|sur le bareme|"
                     "what does that give")
PLAYERS = any_of("combien de joueurs|nombre de joueurs|a combien on joue|a combien on peut jouer|a combien de joueurs|"
                 "on joue a combien|on peut jouer a combien|jouer a combien|se joue a combien|"
                 "how many players|how many people|number of players|how many can play|players can play")
DECK_WORD = any_of("paquet|paquets|deck|decks|pack|jeu de cartes|jeu de 32|jeu de 52|jeu de 54|dans le jeu|"
                   "in the deck|in the pack")
DECK_ASK = any_of("combien|how many|size|taille|sans|without|no|pas de|il y a des|y a des|are there|any")
# The stock rather than the deck's make-up: « le paquet est vide », "shuffle the deck".
DECK_STOCK = any_of("vide|empty|runs out|run out|epuise|melange|melanger|shuffle|shuffled|pioche|draw")
# A canasta said as the meld, not the game: « une canasta que de jokers », "a canasta of 2s".
MELD_NAMED = any_of("une canasta|la canasta|a canasta|the canasta|canasta de|canasta que|canasta of|"
                    "canasta with|canasta avec|canasta en|canasta made|canasta sauvage|wild canasta")
# « combien de jokers dans une pose »: a meld's make-up, not the deck's.
MELD = any_of("meld|melds|une pose|dans une pose|combinaison|combinaisons|in one meld|in a meld")
DECK = any_of("met les jokers|mettre les jokers|on met les jokers|jokers dans le paquet|jokers in the pack|"
              "jokers in the deck|retire les jokers|enleve les jokers|on enleve les jokers|take out the jokers|"
              "remove the jokers|sans les jokers|jokers out|play with jokers|play with the jokers|on joue avec les jokers|on joue avec des jokers|"
              "avec ou sans joker|with or without jokers|combien de cartes dans le paquet|combien de cartes dans le jeu|combien de cartes en tout|quel paquet|"
              "avec quel paquet|avec combien de cartes on joue|combien de jokers|y a-t-il des jokers|il y a des jokers|"
              "y a des jokers|ya des jokers|y'a des jokers|y a un joker|des jokers dans le|jokers dans le jeu|"
              "how many cards in the deck|how many cards are in the deck|which deck|what deck|how many jokers|"
              "on joue avec combien de cartes|joue avec combien de cartes|combien de cartes on joue|"
              "how many cards do we play with|how many cards do you play with|play with how many cards|"
              "are there jokers|any jokers|cards in the pack|size of the deck|jeu de 32|jeu de 52|jeu de 54")
VALUE_NAMED = any_of("vaut|valent|valeur|vaux|combien|worth|value|values|how much|how many points")
POWER_NAMED = any_of("pouvoir|pouvoirs|power|powers|ability|special")
CALLER = any_of("annonceur|l'annonceur|caller|the caller|qui a dit|qui a annonce|who said|who called|"
                "celui qui a dit|guy who said|person who said|player who said|dutcheur|caboteur|"
                "a dit|has said|has called|called it|whoever called|whoever said|the one who called|the one who said|"
                "one who called|celle qui a annonce|la personne qui a annonce|celui qui a annonce")
TARGET = any_of("viser|vise|cibler|cible|sur|on him|on her|on them|on the|target|targeted|against|contre lui|"
                "echanger avec|swap with|regarder ses|look at his|look at her|utiliser|use")
LIMIT_STRONG = any_of("combien|max|maximum|limite|au plus|how much|how many|limit|at most|seuil|threshold|"
                      "the most|le plus|how high|how low|jusqu'a combien|autorise|permis|le droit|allowed|"
                      "too much|too high|trop|pile|exactly|exactement|tout juste|moins de|less than|or less|"
                      "ou moins|strictly|strictement|n'importe quelle main|any hand|whatever hand|whatever my hand|"
                      "quelle que soit|peu importe")
# A hand said at the very limit (« avec 5 pile », "with exactly 5").
AT_LIMIT = any_of("pile|exactly|exactement|tout juste|juste|exact|ou moins|or less|inclus|included|strictement|strictly")
# A limit said plainly, strong enough when the call word is only said in passing
# (« cactus c'est combien max ? »); "how much" alone asks a card, a score...
LIMIT_PLAIN = any_of("max|maximum|limite|au plus|limit|at most|seuil|threshold|the most|le plus")
# Who wins or what one scores: asked of the scoring rules, even with a hand said
# (« two of us have cactus with 3 each, who wins the round? »).
OUTCOME = any_of("qui gagne|qui a gagne|qui l'emporte|gagnant|who wins|who won|winner|je marque|il marque|"
                 "on marque|marque combien|what do i score|do i score|what do the others|je prends combien|"
                 "il prend combien|on prend combien|do i get|what do i get|does he get|does the caller get|"
                 "il a combien|who gets|who scores|qui prend|qui marque|egalite|ex aequo|tie|tied|ties|"
                 "do i still get|still get|still score|quand meme le point|le point quand meme|get the point|"
                 "gets the point|marque le point|je marque quand meme|score anyway|"
                 # the scorer named by a pronoun or a name: « elle marque quoi », "what does Sam score"
                 "marque quoi|elle marque|ils marquent|prend quoi|prends quoi|elle prend|je prends quoi|"
                 "qui prend la manche|what does he score|what does she score|what does he get|"
                 "what does she get|does she get|does he score|does she score|what do the rest|"
                 "what do the others get|who takes|takes the round|take the round|score anything|"
                 "qui remporte|remporte la manche|who gets the round")
# "what does Sam score", « qu'est-ce que Léo marque »: a name between the asking and the score.
OUTCOME = re.compile(OUTCOME.pattern + r"|(?<![\w])(what|how much) (does|did) \w+ (score|get)(?![\w])")
# What one takes, besides OUTCOME and HAND_SCORE: « elle prend combien », "how much does
# she take", « je marque 0 ou 2 », "do I get zero or my 3" (question/scenario.py).
TAKES = any_of("prend combien|prends combien|elle prend|il prend|does she take|does he take|do i take|"
               "how much does|how much do i|combien il prend|combien elle prend|get zero|zero or|"
               "0 ou|ou 0|0 or|or 0|still get|malus|bonus|get 0|gets 0|score 0|scores 0|marque 0|"
               "something special|quelque chose de special|how many penalty|combien de cartes de penalite|"
               "combien de penalites|damage|what's the damage|ca donne quoi|ca fait quoi|ca me coute|ca coute quoi|"
               "what does it cost|how much does it cost|a quand meme|quand meme ses|still has|still have|"
               "il garde|elle garde|does he keep|does she keep")
# Who wins or what one scores, without "still get" (a turn may be what one still gets).
WINNER_OR_SCORE = any_of("qui gagne|qui a gagne|who wins|who won|who takes|takes the round|qui remporte|remporte|"
                         "qui prend la manche|winner|gagnant|score|scores|marque|marquent|je prends combien")
# A counter-call (tamoul's « contre-tamoul »): its own rules, not the call's limit.
COUNTER = any_of("contre|counter|contre-tamoul|counter-call|contre-annonce|contrer|contree")
# The call said with a verb, whatever the game's word (« j'ai annoncé avec 8 », "can I call
# with 7 pts"): with a hand's points or a limit asked, a question about calling.
CALL_VERB = any_of("call|calls|called|calling|to call|annoncer|annonce|annonces|annonces|"
                   "j'ai annonce|il a annonce|on annonce|peut annoncer|appeler|appele")
# A hand's points said with a number: « avec 7 », « with 8 points », "7 pts", « à 6 ».
HAND_POINTS = re.compile(r"(?<![\w])(avec|with|a|at|on|had|has|have|avait|avais|avaient|ai)\s+-?\d+(?![\w])(?!\s*(joueurs?|players?|cartes?|cards?|"
                         r"manches?|rounds?|tours?|turns?|fois|times|people|personnes))"
                         r"|(?<![\w])-?\d+\s*(points?|pts?|pt)(?![\w])"
                         # « ma main fait 7 », "my hand is 7"
                         r"|(?<![\w])(hand|main)\s+(is|was|of|de|vaut|fait|faisait|=)\s+-?\d+(?![\w])")
# After the call: whether the round stops or everyone plays once more.
AFTER_CALL = any_of("apres l'annonce|apres avoir annonce|apres que quelqu'un annonce|apres son annonce|"
                    "quand quelqu'un annonce|quand on annonce|une fois annonce|after the call|after a call|"
                    "after someone calls|after someone says|after somebody calls|after i call|after you call|"
                    "once someone calls|once someone says|when someone calls|when someone says|after calling|"
                    "once is called|is called|has been called|once called|une fois l'annonce faite|"
                    "a ete annonce|est annonce|quand quelqu'un dit|quand on dit|"
                    "after somebody says|after somebody said|after someone said|once somebody says|"
                    "someone calls|somebody calls|someone says|somebody says|quelqu'un annonce|"
                    "quelqu'un dit|des que quelqu'un annonce|as soon as someone calls|"
                    "when you say|when you call|when i say|when i call|quand tu dis|quand tu annonces|"
                    "quand j'annonce|quand je dis|once you say|once you call|after you say|apres avoir dit")
MORE_TURNS = any_of("go|one more go|another go|a last go|tour|tours|un tour|refait|rejoue|rejouer|encore|continue|continuer|on continue|fini|finie|"
                    "s'arrete|arrete|direct|directement|tout de suite|dernier tour|turn|turns|one more|another|"
                    "again|keep playing|play on|stop|stops|straight away|immediately|ends|end|last round|over|"
                    "still play|play again|plays again|joue encore|jouer encore|get a turn|gets a turn")
# Canasta's red threes, all four of them (« les 4 trois rouges », "all four red threes").
# "all" alone is loose ("nothing melded all round"): all of them, or four.
ALL_FOUR = any_of("4|quatre|tous les|les quatre|all four|all 4|all the red|all my red|all our red|all red|four|every red")
LIMIT = any_of("combien|max|maximum|limite|jusqu'a|au plus|moins de|how much|how many|limit|at most|"
               "maximum|up to|under|below|with a|avec une main|quelle main|what hand|seuil|threshold|the most|le plus|how high|how low|"
               "n'importe quelle main|any hand|whatever hand|whatever my hand|quelle que soit|peu importe")
SNAP = any_of("defausse rapide|defausser|double|doubler|doubles|snapper|coller|colle|snap|snapped|snapping|snaps|pareille|meme rang|"
              "same rank|matching")
WRONG = any_of("rate|ratee|raté|erreur|faux|fausse|mauvaise|mauvais|se trompe|trompe|penalite|punition|"
               "puni|coute|cost|costs|wrong|mistake|miss|missed|fail|failed|penalty|penalised|penalized|bad")
OPENING = any_of("poser|pose|posé|ouvrir|ouverture|descendre|abattre|premiere pose|premiere combinaison|"
                 "meld|melds|open|opening|first meld|initial meld|go down|lay down|minimum")
END = any_of("fin de la partie|fin de partie|la partie s'arrete|partie finit|partie se termine|"
             "s'arrete quand|finit quand|termine quand|jusqu'a quand|jusqu'a combien|on joue jusqu'a|"
             "combien de manches|gagne la partie|gagner la partie|perd la partie|game end|game ends|"
             "end of the game|game over|when does the game|how does the game end|how many rounds|"
             "win the game|wins the game|lose the game|play until|play to|play up to|elimine|eliminated|"
             "eliminee|"
             "knocked out|how long does the game|how long is a game|when does a game|quand se termine|"
             "se joue en combien|objectif|target|pour gagner|to win|on perd|perd|perdu|lose|loses|lost|"
             "end it|ends it|does that end|is it over|is the game over|c'est fini|la partie est finie")
# Which end is asked of a game ending at a low and a high limit (fontenaysien): winning...
WINS = re.compile(r"(?<![\w])(gagn\w*|win|wins|winning|won|grand gagnant|grand winner)(?![\w])")
# ...or losing.
LOSES = re.compile(r"(?<![\w])(perd\w*|lose|loses|losing|lost|elimin\w*)(?![\w])")


# The round, not the game: « gagner la manche » is no question about the game's end.
ROUND_ONLY = any_of("la manche|cette manche|une manche|the round|a round|this round|round winner|"
                    "gagne la manche|win the round|wins the round")
ROUNDS = any_of("manches|combien de manches|nombre de manches|rounds|how many rounds|number of rounds")
GAME_WORD = any_of("partie|parties|game|games")
# Knocked out, rather than the game's end (« à combien on est éliminé ? »).
KNOCKED_OUT = any_of("elimine|eliminee|elimines|eliminated|knocked out|am i out|is out|are out|i'm out|"
                     "on sort|je sors|il sort|sortir|dehors")
# A negative total said in words (canasta's opening minimum below zero).
NEGATIVE = any_of("negatif|negatifs|en negatif|dans le negatif|sous zero|moins de zero|en dessous de zero|"
                  "negative|negatives|in the negatives|below zero|under zero|less than zero|in the minus|minus")


# Nobody called: « personne n'a annoncé », "no one called", "without a call".
NO_CALL = any_of("personne|nobody|no one|noone|sans annonce|sans annoncer|pas d'annonce|without|no call|"
                 "n'a annonce|n'a pas annonce|didn't call|did not call|hasn't called|has not called|nobody called")


# Said of the call word: nobody made that call (« personne a dit cabo », "3 of us had no cactus").
NOBODY_CALLED = any_of("personne a dit|personne n'a dit|personne a annonce|personne n'a annonce|nobody said|"
                       "no one said|nobody called|no one called|had no|has no|have no|sans annonce|"
                       "n'a pas annonce|didn't call|did not call|pas d'annonce|no call|n'avait pas|n'ont pas|"
                       "without a call|without calling|sans annoncer|nobody calls|no one calls|personne n'annonce|"
                       "haven't called")


# The round's caller beaten, or lowest: two rules that share their words (« someone has
# less than the announcer » / « nobody has a lower hand »), told apart by how it is said.
CALLER_BEATEN = re.compile(
    r"(?<![\w])(quelqu'un|un autre|une autre|l'autre|les autres|un joueur|(?:deux|trois|quatre|[2-9]) joueurs|"
    r"someone|somebody|another|the other|others|other player|(?:two|three|four|[2-9]) players|\w+ guys)\s+"
    r"(a|avait|avaient|ont|has|had|have|was|were|is|are)\s+"
    r"(moins|less|lower|plus bas|une main plus petite|a lower)(?![\w])"
    r"|(?<![\w])(pas la plus petite|pas le plus bas|pas le moins|not the lowest|isn't the lowest|wasn't the lowest|"
    r"not lowest|beaten|battu|battue|bat l'annonceur|beats the caller|beat the caller|a moins que|had less than|has less than|"
    r"lower than the caller|lower than me|moins que moi|moins que l'annonceur|under him|under her|under the caller|"
    r"below him|below her|lower than him|lower than her|moins que lui|moins qu'elle|en dessous de lui|"
    r"en dessous d'elle)(?![\w])")
CALLER_LOWEST = re.compile(
    r"(?<![\w])(personne n'a moins|personne n'avait moins|personne n'a une main plus petite|personne ne bat|"
    r"nobody has less|nobody had less|nobody lower|no one has less|no one had less|no one lower|nobody beats|"
    r"la plus petite main|le plus bas|la plus basse|le moins de points|the lowest hand|the lowest|lowest hand|"
    r"i'm the lowest|i am the lowest|le plus petit|avait le moins|avais le moins|ai le moins|a le moins|"
    r"personne a moins|personne avait moins|nobody was lower|no one was lower|nobody was under|nobody under|"
    r"had the least|has the least|had the fewest|had the lowest)(?![\w])")


# A hand level with the caller's (« moi aussi 3 », "I also had 3", « égalité avec lui »):
# the caller is not strictly the lowest (koubo's -3 is not his), though nobody is lower.
CALLER_TIED = re.compile(
    r"(?<![\w])(moi aussi|j'avais aussi|j'ai aussi|i also had|i also have|also had|me too|same as him|same as her|"
    r"same as the caller|same total|autant que lui|autant que elle|autant que l'annonceur|pareil que lui|"
    r"egalite avec|level with|tied with|tie with|a tie|so did i|same here|me as well|moi pareil|pareil pour moi|"
    r"j'avais pareil|et moi aussi)(?![\w])")


def caller_side(question: str) -> str | None:
    """"beaten", "lowest", "tied" or None: which of the rules the question's words say."""
    folded = plain(question).replace("’", "'")
    if CALLER_BEATEN.search(folded):
        return "beaten"
    if CALLER_TIED.search(folded):
        return "tied"
    return "lowest" if CALLER_LOWEST.search(folded) else None


# « on joue avec les 2 ? », "do we play with 2s?": the deck's make-up.
PLAY_WITH = any_of("play with|plays with|playing with|on joue avec|joue avec|jouer avec|jouent avec")
# « y a des 2 ? », "are there 2s in koubo?": which cards the deck holds, unless the cards
# are said to lie somewhere (« il y a des 7 sur la défausse », "in my hand").
RANKS_THERE = any_of("y a des|il y a des|y'a des|ya des|y a t il des|y a-t-il des|are there|is there a|is there an")
SOMEWHERE = any_of("defausse|pile|main|mains|hand|hands|discard|sur la table|on the table|dans mon jeu")


def has(pattern: re.Pattern[str], question: str) -> bool:
    return bool(pattern.search(plain(question).replace("’", "'")))


# A player's first name as the subject of what was said or held (« Max a dit cactus »,
# "Tom said cabo"): a name, not a word of the question (« max » asks a limit).
_SUBJECT_NAME = re.compile(r"(?<![\w'’-])[A-ZÀ-Ý][a-zà-ÿ]+(?= (a|avait|avais|had|has|said|says|called|calls|"
                           r"annonce|a annoncé|dit|a dit|finit|ends|ended|got|gets)(?![\w]))")


def without_subject_names(question: str) -> str:
    return _SUBJECT_NAME.sub(" ", question)


# A count asked of something else than a hand's points: « combien de kilos », "how many cards".
COUNTED = re.compile(r"(?<![\w])(combien de|how many) (kilos?|cartes?|cards?|manches?|rounds?|tours?|turns?|"
                     r"joueurs?|players?|jokers?)(?![\w])")


# How many are playing, or of whom it is said (« on est 4 », "3 of us"): no hand.
PEOPLE = re.compile(r"(?<![\w])(we're|we are|on est|nous sommes|on sera)\s+\d+(?![\w])"
                    r"|(?<![\w])\d+\s+(of us|d'entre nous|de nous)(?![\w])")
# A total of zero (canasta's first band): « à 0 points », "0 points", "on 0", « à zéro ».
ZERO_TOTAL = re.compile(r"(?<![\w-])(0|zero)\s*(points?|pts?)(?![\w])|(?<![\w])(a|at|on|avec)\s+(0|zero)(?![\w])")
# The game's first round: « début de partie », "start of the game".
GAME_START = any_of("debut de partie|debut de la partie|au debut|au depart|start of game|start of the game|"
                    "beginning of the game|first round|premiere manche|new game|nouvelle partie")
# A card drawn, said with its rank (« j'ai tiré un 7 », "pulled a 7", "drew a 9"), or a weight (« 9 kilos »).
DRAWN = re.compile(r"(?<![\w])(pulled|pull|pulls|drew|draw|draws|drawn|tire|tiree|tirer|pioche|piochee|piocher)"
                   r"\s+(a|an|un|une|le|la|my|mon)?\s*\d+(?![\w])|(?<![\w])\d+\s*kilos?(?![\w])")


# The round of turns after the call (« le dernier tour », "the last round"), and a question
# asking whether one may call (then « dernier tour » may be when).
LAST_ROUND = any_of("dernier tour|dernier tour des autres|derniers tours|last round|final round|last turn|last turns|"
                    "last go|tour final")
CAN_CALL = any_of("peux annoncer|peut annoncer|je peux dire|on peut dire|can i call|can you call|can i say|"
                  "can you say|allowed to call")


# « une canasta naturelle vs une sale », "natural vs dirty": two questions in one. Each
# side is measured apart (index._covered), so that the rule of each can answer although
# neither holds the other side's words; "one" stands for the noun said before it.
COMPARED = re.compile(r"(?<![\w])(?:vs\.?|versus|compared (?:to|with)|par rapport (?:à|a|au|aux))(?![\w])",
                      re.IGNORECASE)
_STANDS_FOR = re.compile(r"(?<![\w])(?:ones?|celle|celui|celles|ceux)(?![\w])", re.IGNORECASE)


def compared_sides(question: str) -> list[str]:
    """The sides of a comparison the question makes, or none."""
    sides = COMPARED.split(question)
    return [_STANDS_FOR.sub(" ", side) for side in sides] if len(sides) > 1 else []


# A Stop played on a Stop (Cactus Game): « stop sur mon stop », "she stopped my Stop",
# "a Stop on a Stop": whether the action happens is the chain's rule, whatever card it was
# (the card's name drew the rules that name it, and the chain's rule names none).
_STOP_OWNER = r"(?:un|une|mon|ma|son|sa|le|la|ton|ta|notre|leur|my|his|her|their|the|a|your|our|\w+'s)"  # "Lily's Stop"
STOP_ON_STOP = re.compile(rf"(?<![\w])(?:stop\w*\s+(?:sur|on|onto|against|contre)\s+{_STOP_OWNER}\s+stop"
                          rf"|stop\w*\s+{_STOP_OWNER}\s+stop|stoppe\w*\s+{_STOP_OWNER}\s+stop"
                          r"|contre-?stop|counter-?stop|stop du stop|stop of the stop|double stop)(?![\w])")
