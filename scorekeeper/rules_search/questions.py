"""The questions players ask about each paragraph, in French and English, as they talk
at the table: searched with the paragraph, never shown.

A paragraph gets the questions of:
- its anchor's end ("@announcer-lowest" fits tamalou-announcer-lowest and tamoul's), or
  its whole anchor ("@values", "@call-when"), or
- a phrase of its French text (written without accents, lower case), for the paragraphs
  that share an anchor (the snap lines, the call, how a round goes, the readings).
So the questions follow the rule wherever a page says it, and a paragraph the pages add
later is searchable by its own words until it gets questions here.
"""

from __future__ import annotations

from .question.synonyms import plain

ASKED: dict[str, str] = {
    # -- the deck, the values, the powers
    "@deck": "on a combien de cartes de chaque, il y a deux fois la même carte ? how many of each card, "
             "same card twice in a round",
    "@values": "combien vaut la carte, ça compte combien, ça fait combien de points, valeur des cartes "
               "how much is this card worth, what is it worth, card points value",
    "@powers": "la carte fait quoi, elle sert à quoi, son pouvoir, je peux l'utiliser ? "
               "what does this card do, card power, special card, can I use it",
    # The powers' note (optional or compulsory) and dutch toulousain's reading of it.
    "n'est jamais obligatoire": "je suis obligé de jouer le pouvoir, on est obligé de l'utiliser, je peux "
                                "ne pas m'en servir, passer son pouvoir, facultatif ? do I have to use the "
                                "power, must I use it, is it compulsory, mandatory, can I skip it, optional",
    "sauf pour": "je suis obligé de jouer le pouvoir, on est obligé de l'utiliser, je peux ne pas m'en "
                 "servir, passer son pouvoir ? do I have to use the power, must I use it, is it "
                 "compulsory, mandatory, can I skip it, forced",
    "@red-king": "à qui je donne la carte, je peux me la donner à moi-même ? who do I give the card to, can "
                 "I give it to myself, to anyone",
    "pouvoirs obligatoires": "on est obligé de jouer le pouvoir, je peux passer, refuser ? do I have to use "
                             "it, can I pass, can I refuse, forced to play it "
                             "j'ai pioché un valet, je suis obligé de faire l'échange ? I drew a jack, must I do the swap",
    # -- how a round goes (memory games)
    "quatre cartes face cachee": "on distribue combien de cartes, combien de cartes chacun, au début je regarde "
                                 "mes cartes ? how many cards each, how many cards do we deal, do we look at "
                                 "our cards at the start, at the beginning peek "
                                 "on commence avec combien de cartes ? how many cards do we start with",
    "on prend la carte du dessus de la defausse": "je peux prendre la défausse, piocher ou prendre, la carte "
                                                  "piochée je la garde ? can I take the discard, draw or take "
                                                  "from the pile, what do I do with the card I drew",
    "le but est de finir la manche": "comment on compte à la fin, on retourne les cartes, qui gagne la manche "
                                     "how do we count at the end of the round, goal of the game",
    "une carte de penalite se prend": "la carte de pénalité je la prends où, je la regarde ? where does the "
                                      "penalty card come from, do I look at the penalty card",
    "pouvoir mal utilise": "je me suis trompé de pouvoir, j'ai regardé pendant l'échange, mauvais pouvoir, "
                           "triche wrong power, used a power wrongly, looked during a blind swap, cheated",
    "annonce faite avec une main au-dessus": "j'ai annoncé avec trop de points, annonce au-dessus de la limite, "
                                             "puni ? called with too many points, called over the limit, "
                                             "is it punished",
    "peut regarder les deux plus proches de lui tant qu": "je peux regarder mes cartes au début, revoir mes cartes avant de "
                                          "piocher ? can I look at my cards again before drawing",
    # The reading where the 8 only looks at one's own cards: asked as "can I look at someone else's".
    "le 8 permet seulement de regarder une de ses propres": "le 8 me laisse regarder la carte d'un adversaire, "
                                                            "voir le jeu d'un autre, regarder chez le voisin ? "
                                                            "can I look at an opponent's card, someone else's "
                                                            "card, peek at another player's hand",
    "le 8 oublie": "il a oublié son 8, le 8 reste, le suivant peut l'utiliser ? forgot the 8, next player "
                   "uses the 8",
    "a deux, chacun joue pour soi avec": "combien de cartes chacun, on distribue combien, on joue en équipe ? "
                                        "how many cards each, how many cards do we deal, do we play in teams "
                                        "combien de cartes par joueur à 2, à 4 ? cards per player at 2, at 4",
    "chacun commence avec": "combien de cartes au début, chacun a combien de cartes ? how many cards each at "
                            "the start",
    "le joueur le plus habille de vert commence": "qui commence, qui joue en premier, dans quel sens ? who "
                                                  "starts, who goes first, which direction",
    "@table-turns": "qui commence, qui joue en premier, dans quel ordre on joue ? who starts, who goes first, "
                    "in which order do we play "
                    "qui commence la partie, la manche ? who starts the game, the round",
    # -- the call
    "@call": "on peut annoncer avec combien, limite pour annoncer, max, et après l'annonce on continue ? "
             "how low must my hand be to call, what happens after the call, do we keep playing, last round "
             "ça s'arrête tout de suite ou tout le monde rejoue une fois ? does the round stop at once or "
             "does everyone play again, one more go each",
    "@call-when": "quand est-ce qu'on annonce, à quel moment, au début ou à la fin du tour, pendant mon tour ? "
                  "when can I call, when do I say it, at what moment, start or end of my turn, during my turn "
                  "dès le premier tour, au premier tour ? on my first turn, on the first round "
                  "j'ai oublié d'annoncer, je peux le dire plus tard, au tour suivant ? I forgot to call, "
                  "can I call later, on my next turn "
                  "en plein milieu, avant ou après, à tout moment ? before or after, "
                  "halfway through, mid turn, any time, before discarding",
    "pouvoirs ne peuvent pas viser l'annonceur": "utiliser un pouvoir sur celui qui a annoncé, viser "
                                                 "l'annonceur, échanger avec lui, le 9 sur lui ? use a power on "
                                                 "the caller, target the caller, swap with the guy who called",
    "sont gelees": "viser le dutcheur, échanger avec lui, il peut encore défausser ? target the dutcher, "
                   "frozen cards, swap with the caller, can he still snap",
    "tournees de cote": "prendre les cartes du caboteur, échanger avec lui ? take or swap the caller's "
                        "cards, sideways cards",
    # The caller still snapping (cactus' and cabo's readings): asked of the one who called.
    "peut encore defausser rapidement": "celui qui a annoncé peut encore doubler, coller, défausser vite, "
                                        "jeter une carte pareille ? "
                                        "can the caller still snap, can the one who called still throw "
                                        "a matching card, snap after calling",
    # -- the snap
    "@snap": "défausse rapide, doubler, coller, poser une carte pareille, on peut snapper ? snap, same rank, "
             "matching card, throw a matching card "
             "quand on veut, n'importe quand ?",
    "plusieurs cartes de meme rang peuvent": "deux cartes sur la même défausse, plusieurs doublés ? two cards "
                                             "on the same discard, several snaps "
                                             "deux joueurs peuvent doubler sur la même carte ? can "
                                             "several people snap on one card",
    "une seule carte passe par defausse": "deux joueurs doublent en même temps, qui a la priorité, le plus "
                                          "rapide ? two players snap at once, who is first, fastest "
                                          "on pose la même carte au même moment, laquelle reste, qui la "
                                          "garde ? both snap the same card at the same time, whose card "
                                          "stays, who gets to keep it",
    "defausse rapide ratee": "je me suis trompé de carte, doublé raté, mauvaise carte, pénalité ? snapped "
                             "the wrong card, wrong snap, missed snap, penalty",
    "seulement pendant son propre tour": "défausser rapide pendant le tour d'un autre, hors de son tour ? "
                                         "snap when it's not my turn, on someone else's turn",
    "apres une defausse ratee, ce joueur": "je peux réessayer après une erreur ? can I try again after a "
                                           "wrong snap",
    "personne ne peut plus prendre la defausse": "prendre la défausse après un doublé ? take the discard "
                                                 "after someone snapped on it",
    "jeu pour autrui": "défausser la carte d'un autre, jouer pour un autre, la carte d'un adversaire ? snap "
                       "another player's card, play for someone else",
    "@table-windows": "défausser après que le suivant a pioché, trop tard pour doubler, combien de temps pour "
                      "coller ? snap after the next player drew, too late to snap, how long can I snap",
    # -- scoring, the memory games
    "@announcer-lowest": "l'annonceur a la plus petite main, il marque combien, zéro ? the caller has the "
                         "lowest hand, does the caller score zero",
    "@announcer-not-lowest": "quelqu'un a moins que l'annonceur, l'annonceur a perdu, il marque quoi ? "
                             "someone is lower than the caller, caller loses, what does the caller score "
                             "l'annonceur n'a pas la plus petite main, il a perdu ? the caller doesn't have the lowest "
                             "j'ai annoncé mais un autre avait moins ? I called but someone had less",
    "@at-or-below-announcer": "j'ai autant que l'annonceur, égalité avec l'annonceur ? same as the caller, "
                              "tie with the caller, le même total que celui qui a annoncé, pareil que lui, "
                              "autant de points, à égalité, je fais 0 ou mes points ? the exact same total, "
                              "level with the caller, equal to him, as much as the caller, do I get zero or "
                              "my points",
    "@above-announcer": "j'ai plus que l'annonceur, je marque quoi ? more than the caller, what do I score",
    "@no-call": "personne n'a annoncé, sans annonce ? nobody called, no call",
    "@announcer-strictly-lowest": "l'annonceur gagne, il marque combien, annonce réussie ? caller wins, "
                                  "successful call points "
                                  "l'annonceur a la plus petite main, il a le moins, il a quoi ? the announcer "
                                  "has the lowest hand, the caller is the lowest, what does he get",
    "@announcer-not-strictly-lowest": "égalité avec celui qui a annoncé, annonce ratée ? tie with the caller, "
                                      "failed call points "
                                      "l'annonceur n'a pas la plus petite main, combien ? the caller isn't the lowest",
    "@koubo-replace": "le -3 s'ajoute à ma main ? is the -3 added to my hand, replaces",
    "@eliminated": "à combien on est éliminé, on sort à combien ? at what score are you out, eliminated",
    "@all-out-lowest-wins": "deux joueurs éliminés en même temps, tous éliminés ? two players out at the "
                            "same time, everyone eliminated "
                            "les deux derniers dépassent 100 au même tour, qui gagne ? the last two both went over 100 in the same round, who wins",
    "@dutch-no-zero": "l'annonceur marque zéro ? does the caller score zero "
                      "si j'annonce et je gagne, je marque zéro ? if I call and have the lowest, do I "
                      "score 0",
    "@counter-call-won": "contre réussi, combien ? counter call won, successful counter "
                         "pour contrer il faut strictement moins, à égalité ça passe ? for a counter do "
                         "you need strictly less than the caller, is equal enough, a tie "
                         "si j'ai raison, si mon contre passe, j'avais bien moins ? if I'm right, if my "
                         "counter works, I really was lower "
                         "il vient d'annoncer et je suis sûr d'avoir moins, je fais quoi ? he just called and I'm sure I'm lower, what can I do",
    "@counter-call-lost": "contre raté, combien ça coûte ? failed counter call, lost counter, how much "
                          "contre tamoul et je me suis trompé, j'avais tort, je prends combien ? said "
                          "counter and I was wrong, the counter was wrong, how much do I get",
    "@tamoul-counter": "contre-tamoul raté ou réussi, ça s'ajoute ? counter call points added or replaced",
    "@hundred-drops-to-fifty": "pile 100, exactement 100, on retombe à 50 ? exactly 100, reset to 50 "
                              "il tombe pile à 100, il a perdu, il est éliminé, il saute ? landed on 100, "
                              "am I out, did I lose, eliminated at exactly 100",
    "@scale": "c'est quoi le barème, comment on compte les mains ? scoring scale, how are hands scored",
    "@went-out": "je n'ai plus de cartes, j'ai posé toutes mes cartes, je me suis débarrassé de tout ? I got rid of all my cards, no cards "
                 "left, I ran out of cards, my hand is empty, plus rien en main",
    "@negative-counts-zero": "ma main est négative, sous zéro, je marque des points en moins ? my hand is "
                             "below zero, negative hand, do I score negative points, minus points "
                             "quelqu'un d'autre a annoncé et ma main est sous zéro, ça compte ? someone else called and my hand is below zero, does it count",
    "@table": "on joue pareil qu'au cactus, c'est comme le cactus, qu'est-ce qui change, la différence, des "
              "règles en plus ? is it played like cactus, same as cactus, what is different, the "
              "difference, extra rules "
              "les mêmes règles que le cactus normal, classique ? same rules as regular, plain cactus, "
              "played any differently during a round",
    "@below-zero": "main négative, moins de zéro ? negative hand, below zero "
                   "sa main fait moins que zéro, ça donne quoi au barème ? his hand adds up to below zero, what does it give on the scale",
    "@failed-call": "cabo raté, annonce ratée, ça coûte combien ? failed cabo, failed call cost "
                    "mauvais cabo, pénalité ? penalty for a bad cabo, wrong cabo",
    "@cabo-call-limit": "on peut dire cabo avec combien, limite ? what hand to call cabo, limit",
    "@negative-call": "le caboteur est en négatif, sous zéro ? caller below zero, negative caller",
    "@wrong-snaps": "défausse ratée combien de points ? wrong snap points cost "
                    "ça compte même si personne n'a annoncé, quand même sans annonce ? does it count "
                    "even when nobody called, even without a call",
    "@penalty-cards": "le dutcheur prend combien de cartes de pénalité ? how many penalty cards for the "
                      "dutcher "
                      "le dutcheur avait plus que d'autres, des joueurs avaient moins, il marque combien ? "
                      "the dutcher had more than others, players had less, what does the dutcher score",
    "@round-winner": "qui gagne la manche, égalité ? who wins the round, tie "
                    "on finit tous les deux à 3, sous la limite, qui prend le point ? we both ended on "
                    "3, both under the limit, who gets the point "
                     "qui remporte la manche, qui prend la manche ? who takes the round, who gets the round "
                     "on a tous les deux la même main, tous les deux cactus ? we both have the same, both "
                     "of us, who wins between the two "
                     "je suis le plus bas, j'ai le moins, je marque combien ? I'm the lowest, I have the "
                     "least, what do I score "
                     "deux joueurs à égalité pour la manche, ex aequo, la même main ? two of us tie, a "
                     "tie for the round, tied for the lowest hand",
    "plusieurs valets defausses": "plusieurs valets, qui échange en premier ? several jacks snapped, who "
                                  "swaps first",
    # -- cactus
    "@cactus-not-lowest": "j'avais cactus mais un autre avait moins, quelqu'un a moins que moi, je marque le "
                          "point quand même ? I had cactus but someone had less, someone was lower, do I "
                          "still get the point, do I score with cactus if another is lower",
    "@cactus-no-cactus": "personne n'a cactus, qui gagne ? nobody has cactus, who wins the round",
    "@announcer-ignored": "annoncé avec trop, puni, mémoire trompeuse ? called with too many, punished "
                          "il s'est trompé dans ses cartes, il a annoncé avec 9, une pénalité ? he "
                          "misremembered his cards, called with 9, does he get a penalty "
                          "j'avais oublié une carte ? I forgot a card, misremembered my hand "
                          "l'annonceur a un bonus au décompte, ça rapporte d'annoncer ? does the "
                          "caller get a bonus, is there a bonus for calling "
                          "il a annoncé mais il avait oublié une dame, il est puni ? he called but forgot a queen, turned out to have more, does he get punished for that",
    "@has-cactus": "j'ai cactus, je pioche ? I have cactus, do I draw "
                   "j'ai cactus, je dois piocher quand même, je pioche encore ? do I still have to "
                   "draw, must I draw with cactus "
                   "j'ai cactus, je prends des kilos, ça me coûte des kilos ? I have cactus, do I get any "
                   "kilos, does it cost me kilos",
    "@draw-weight": "pas de cactus, je pioche quoi, la carte tirée pèse combien de kilos, on la garde ? no "
                    "cactus, what do I draw, how heavy is the card I pull, how many kilos is a queen, do I "
                    "keep it "
                    "chacun pioche ou seulement le pire, tous ceux sans cactus piochent ? does each one "
                    "without cactus draw or just the worst, everyone without cactus draws "
                    "une seule carte de kilos ou plusieurs vu que ma main est énorme ? one kilo card or several for a big hand",
    "@fewest-kilos": "qui gagne la partie, le moins de kilos ou le plus, égalité de kilos ? who wins the game, "
                     "fewest or most kilos, a tie on kilos at the end "
                     "deux joueurs à égalité de kilos, les plus bas, qui gagne ? two of us on the same kilos, both lowest, who wins",
    "@seven-flush": "un 7 pioché, chasse d'eau, remise à zéro des kilos ? drawing a seven, flush, reset my "
                    "kilos",
    # -- canasta
    "@natural-canasta": "canasta naturelle, canasta propre, combien ? natural canasta, clean canasta points",
    "@mixed-canasta": "canasta mixte, sale, avec jokers ? mixed canasta, dirty canasta points",
    "@black-three-in-hand": "3 noir en main, ça coûte ? black three left in hand",
    "@going-out": "prime pour terminer, finir, sortir ? bonus for going out, going out points",
    "@opening": "combien pour poser, première pose, ouvrir, minimum ? minimum to meld, first meld, opening",
    "@target": "combien pour gagner, fin de partie ? how many points to win, game end "
               "la partie se joue en combien ? what do we play up to, the game is played to how many",
    "une canasta est une pose": "combien de cartes pour une canasta, il faut combien de cartes pour faire une "
                                "canasta ? how many cards for a canasta, how many cards do you need to "
                                "make a canasta",
    "@frozen-pile": "défausse gelée, quand est-ce qu'on peut prendre le tas ? frozen pile, when can we take "
                    "the pile "
                    "ramasser le tas, un 2 ou un joker dans la défausse, enterré dedans ? pick up the "
                    "pile, a 2 or a joker in the pile, buried in it",
    # -- cactus game
    "@turn-ends": "quand mon tour se termine, je rejoue ? when does my turn end, do I play again "
                  "j'ai pioché une carte, je peux encore jouer après ? I drew a card, can I still play after",
    "une carte point gratuit, piquez 1 point ou piochez 3x arretee": "piquez 1 point stoppé, je rejoue, mon "
                                                                    "tour continue ? stopped steal, does my "
                                                                    "turn go on "
                                                                    "on a stoppé mon point gratuit ? my free point got "
                                                                    "stopped, does my turn end, someone "
                                                                    "stopped my draw 3, do I keep playing",
    "@stopped": "un stop sur un stop, on peut stopper ? stop a stop, can it be stopped "
                "j'ai mis un stop sur son stop, stop du stop, mon action a lieu ou pas, elle passe ? "
                "I stopped her stop, a stop on my stop, does my card happen, does my action still go "
                "through",
    "@steal-point": "voler un point, s'il n'a pas de point, piquez 1 point ? steal a point, target has no "
                    "point "
                    "voler un point à quelqu'un qui n'en a pas, à zéro point ? steal from someone who "
                    "has none, who has no points, at zero "
                    "voler un point à quelqu'un qui a zéro, c'est permis ? Steal a Point on a player with zero points, is that allowed",
    "n'importe quel joueur peut le jouer": "jouer un stop hors de son tour, pendant mon propre tour, à mon "
                                           "tour ? play a stop out of turn, during my own turn, on my turn, "
                                           "when it's my turn",
    "@point-cards": "combien de cartes point ? how many point cards "
                    "plus de cartes point dans la réserve, la réserve est vide, je gagne quand même mon "
                    "point ? no Point cards left in the supply, the reserve is empty, do I still get my "
                    "point, run out of points "
                    "plus de cartes point, il se passe quoi ? the Point cards have run out, what happens",
    "@first-draw-seven": "ma toute première pioche, je sors un 7, chasse d'eau ou pas ? "
                        "un 7 à la toute première pioche de la partie, premier tirage, au premier "
                         "tour, ça remet à zéro ou pas ? a 7 on the very first draw of the game, first draw is a seven, flush "
                         "or not",
    "@went-out-canastas": "combien de canastas pour finir, pour sortir, pour terminer, il faut une "
                          "canasta ? how many canastas to go out, to finish, canastas needed to go "
                          "out "
                          "on est que deux, à deux joueurs il faut quoi pour avoir le droit de finir ? "
                          "only two of us, what do we need to be allowed to go out, two players",
    "@beaten": "j'ai dit cabo et un autre a moins, mon voisin a moins que moi, je marque combien ? I "
               "called cabo and someone had less, I was beaten, what do I score",
    "@negative-call-bonus": "le caboteur est en négatif et personne ne le bat, les autres marquent "
                            "quoi ? the caller is below zero and nobody beats him, what do the others "
                            "get",
    "@grand-winner-limit": "jusqu'où descendre, limite du grand gagnant ? how low to go to win "
                           "il faut descendre jusqu'où pour gagner direct ? how low do you have to go to "
                           "win outright "
                           "on gagne direct à combien, gagner d'un coup, victoire immédiate ? win straight "
                           "away, instant win, win outright at how many "
                           "outright, grand winner "
                           "il est à -50 au total, c'est fini, la partie s'arrête ? he is at -50, is "
                           "the game over, does it end",
    "a tout moment, une carte de meme rang": "doubler même quand ce n'est pas son tour, hors de son "
                                             "tour ? snap when it's not my turn, out of turn, at any "
                                             "time",
    "@table-wrong-power": "j'ai pris la carte sur la défausse, je peux utiliser son pouvoir ? I took "
                          "the card from the discard pile, can I use its power",
    "@most-round-wins": "à la fin, c'est celui qui a le moins de points qui gagne, ou le plus de manches ? "
                        "at the end does the fewest points win the game, or the most rounds won "
                        "quand se termine la partie, combien de manches on joue ? when does a game "
                        "end, how many rounds do we play",
    "@empty-stock": "le paquet est vide, il n'y a plus de cartes, le talon est épuisé ? the deck is "
                    "empty, no cards left, the stock runs out "
                    "plus de pioche en pleine manche ? the stock is empty in the middle of the "
                    "round "
                    "the draw pile is empty, the stock just ran out and nobody called, is the round over",
    "@red-threes-without-meld": "les 3 rouges si on n'a rien posé, sans avoir posé ? red threes if we "
                                "haven't melded, with no meld "
                                "on n'a jamais rien posé, les 3 rouges comptent quand même ? never melded, "
                                "nothing melded, do the red threes still count "
                                "on a rien posé de la manche, pas encore posé, ça compte en plus ou en "
                                "moins, positif ou négatif ? nothing melded this round, not down yet, do "
                                "they count plus or minus, positive or negative",
    # -- round 5: canasta's red threes and wild cards, as players ask
    "personne ne recoit la prime": "qui touche la prime de sortie, le bonus pour terminer quand la "
                                   "pioche est vide ? who gets the going out bonus when the stock "
                                   "runs out",
    # A game that takes another game's powers, said so by its reading (fontenaysien, cabo)
    "nous appliquons ceux du": "les pouvoirs c'est les mêmes qu'au tamalou, pareil qu'au tamalou, "
                               "quels pouvoirs ici ? same powers as tamalou, powers like tamalou, "
                               "which powers does this game use",
    "commencer son tour sans aucune carte": "j'ai plus une seule carte en main au début de mon tour, "
                                            "plus de cartes en main, je fais quoi ? I have no cards "
                                            "left at the start of my turn, empty hand on my turn, "
                                            "what do I do",
    "@wild-canasta": "une canasta que de jokers et de 2, rien que des jokers, que des deux ? a canasta "
                     "of only jokers and twos, jokers only, nothing but deuces",
    "les 3 rouges se posent": "les 3 rouges on en fait quoi, on les garde dans la main, on peut les "
                              "poser, on les pose quand ? what do we do with red threes, can you meld "
                              "red threes, keep red threes in hand, put them down",
    "une pose : au moins 3 cartes": "combien de jokers et de 2 dans une pose, combien de cartes "
                                    "sauvages on peut mettre, c'est quoi une pose valable ? how many "
                                    "jokers and deuces in one meld, how many wild cards can I stick in "
                                    "a meld, what is a valid meld, max number of wild cards in a "
                                    "normal meld, le maximum de jokers dans une pose normale",
    "un stop arrive trop tard": "trop tard pour stopper, après qu'il a pioché la première carte, après "
                                "l'échange, je peux encore stopper ? too late to stop, after he took the "
                                "first card, after the hands were swapped, can I still stop it",
    # -- every paragraph (issue 26, item 3): the paragraphs that had no player's question
    # The end of a game, as its page's options say it.
    "on ne peut plus ajouter de manche": "la partie est finie, on peut rajouter une manche, rejouer une "
                                         "manche de plus, rouvrir la partie ? the game is over, can we add "
                                         "another round, play one more round, reopen a finished game",
    "nombre de manches :": "l'option des manches ? the rounds option "
                           "on n'a pas fixé de nombre de manches, ça se finit quand ? we never set a number "
                           "of rounds, when does it actually finish",
    "demi-partie : non": "on joue en demi-partie, partie courte à 50 ou partie entière à 100 ? are we playing "
                         "a half game, a short game to 50 or a full game to 100",
    # Who wins the game, once it has ended (the ends themselves are answered elsewhere).
    "@lowest-total-wins": "le plus petit total gagne ou le plus gros, c'est celui qui a le moins de points au "
                          "total ? lowest or highest total, does the fewest points overall win",
    "@over-hundred-ends": "au-dessus de cent ? above a hundred",
    "@last-player-in": "le dernier joueur pas éliminé, il en reste un seul ? the last player not out, only "
                       "one player left standing "
                       "on fixe un nombre de manches ou pas ? do we set a number of rounds",
    "@losing-limit": "en demi-partie on perd à 50 ? in a half game do I lose at 50 "
                     "la demi-partie ça change quoi ? what does the half game change",
    # The hands everyone scores.
    "@hand-value": "les autres marquent quoi, je compte juste mes cartes, ceux qui n'ont pas annoncé ? what "
                   "do the others score, do I just add up my cards, the players who didn't call",
    "@failed-call-others": "le cabo est raté, les autres marquent combien, on a tous zéro ? the cabo failed, "
                           "what do the rest of us score, do we all get nothing",
    "@tamalou-announcer-value": "l'annonceur est battu, il compte ses cartes ou une pénalité, il prend sa "
                                "main ? the caller got beaten, does he score his cards or a penalty",
    # The calls and the last round.
    "@cactus-at-limit": "pile 5, exactement cinq, ça passe ? right on five, does that pass",
    "@fontenaysien-call-limit": "pas de limite pour dire tamalou au fontenaysien, n'importe quelle main ? no "
                                "limit for tamalou, any hand at all",
    "@tamoul-last-round": "le contre-tamoul une seule fois par joueur ? contre-tamoul only once per player "
                          "on peut contrer à deux, contrer une deuxième fois plus tard ? can two of us both counter, can I say it a second time",
    "@koubo-players": "on peut jouer à combien au koubo, à 8 ça passe, combien de joueurs max ? how many "
                      "can play, can eight of us play, max players",
    # The discard and the powers, dutch toulousain and cabo.
    "@dutch-toulousain-take-discard": "je peux prendre la carte de la défausse ou seulement piocher ? can I "
                                      "pick up the discard or only draw from the deck",
    "@dutch-toulousain-power-when": "le texte ne dit pas de quelle carte ? the text doesn't say which card",
    "on ne prend la carte de la defausse que si personne": "je peux prendre la défausse si quelqu'un a doublé "
                                                           "dessus, elle est recouverte ? can I take the "
                                                           "discard if someone snapped on it, it's covered",
    # The table's readings, shared by the memory games.
    "deux demandes au meme instant": "appui simultané ? simultaneous tap",
    "plusieurs cartes par defausse rapide": "j'ai deux 7, je peux poser les deux d'un coup, plusieurs cartes "
                                            "à la fois ? I have two sevens, can I throw both, several cards "
                                            "at once",
    "une carte par defausse rapide": "je peux poser deux cartes pareilles d'un coup, j'ai deux 7 ? can I "
                                     "throw two matching cards at once, I have two sevens",
    "une carte par tour : seul le joueur": "je peux poser deux cartes pareilles d'un coup, doubler deux fois "
                                           "? can I throw two matching cards, snap twice in my turn",
    "l'arbitre ne peut pas savoir qui connait": "comment l'appli sait que je connais ma carte ? how does the "
                                                "app know I knew the card",
    "la mauvaise carte laissee sur la defausse": "après un doublé raté ma carte reste dessus, on peut encore "
                                                 "doubler la carte d'en dessous ? after a wrong snap my card "
                                                 "stays on top, can we still match the one underneath",
    "ne joue plus de tour, mais peut encore": "j'ai dit cactus, je peux encore doubler, celui qui a annoncé "
                                              "pose encore ? I said cactus, can I still snap, can the caller "
                                              "still throw cards "
                                              "après avoir dit cactus, j'ai encore le droit de défausser "
                                              "vite ? after calling cactus am I still allowed to throw a "
                                              "matching card, do I still play",
    "le caboteur : personne ne peut prendre": "on peut regarder les cartes du caboteur avec la dame, le "
                                              "caboteur peut encore doubler ? can I peek at the caboteur's "
                                              "cards with a power, can he still snap "
                                              "le caboteur peut encore défausser vite pendant le dernier tour ? can the caller still snap during the last round",
    "peut declarer": "je dis plus de carte à n'importe quel moment ? can I say no card left at any moment "
                     "je peux me vider la main en pleine manche, pas seulement au dernier tour ? can "
                     "someone go out with no cards in the middle of the round, not just the last round "
                     "plus de carte avant toute annonce, ça compte ? no cards left before anyone called, does it count "
                     "j'ai défaussé vite ma dernière carte, plus rien devant moi, ça arrête la manche ? I snapped my last card, nothing left, does it stop the round",
    # -- canasta
    "pour prendre la defausse, il faut utiliser": "pour prendre le tas je dois poser la carte du dessus tout "
                                                  "de suite, un 3 noir bloque le tas ? to pick up the pile "
                                                  "must I meld the top card right away, does a black three "
                                                  "block it",
    "la manche s'arrete quand un joueur termine": "quand est-ce que la manche est finie, on compte quand ? "
                                                  "when is the round over, when do we count up",
    "une canasta de jokers se compose": "je peux faire la canasta de jokers en plusieurs fois, sur plusieurs "
                                        "tours ? can I build the wild canasta over several turns, bit by "
                                        "bit",
    "@melded-cards": "les cartes posées rapportent leurs points, on compte ce qui est sur la table ? do the "
                     "cards we put down score, do we count what's on the table",
    "@red-threes": "un 3 rouge ça rapporte combien, bonus des trois rouges ? how much is a red three worth, "
                   "red three bonus",
    "@red-threes-all-four": "j'ai les quatre 3 rouges, les 4 trois rouges ça fait combien ? all four red "
                            "threes, how much for the four",
    "@going-out-concealed": "finir d'un coup sans avoir rien posé, sortir en main cachée ça fait plus ? "
                            "going out in one go with nothing melded, concealed hand bonus",
    "@cards-in-hand": "les cartes qui me restent en main, on les enlève, ça compte en moins ? cards still in "
                      "my hand, do they count against us, minus",
    "@counted-side": "on peut juste entrer les points du camp sans les cartes, donner le total ? can we "
                     "just type the team's points instead of the cards, enter the total",
    "@counted-hand": "on a donné nos points et pas nos cartes, la main qui reste on la retire comment ? we gave "
                     "our points, not our cards, how is what's left in hand taken off",
    "@red-three-top": "un 3 rouge, on ne peut jamais le récupérer en haut de la défausse ? can a red three "
                      "ever be taken back off the top of the discard",
    "@not-yet-melded": "on n'a encore rien posé, on peut prendre le tas, il faut une paire ? we haven't "
                       "melded yet, can we take the pile, do we need a pair",
    "@going-out-check": "pour finir mes poses doivent être bonnes, qu'est-ce qui compte comme canasta pour "
                        "sortir ? to go out must my melds be legal, what counts as a canasta to finish",
    "@one-meld-per-rank": "on complète la pose qu'on a déjà ? do we add to the meld we already have",
    # -- cactus game
    "a son tour, on joue autant de cartes": "je peux enchaîner plusieurs cartes d'affilée, piocher au lieu "
                                            "de jouer ? can I chain several cards in a row, draw instead of "
                                            "playing",
    "le stop est la seule carte": "le stop ça sert à quoi, il annule quoi ? what does the stop do, what does "
                                  "it cancel",
    "les actions : point gratuit": "que fait échangez, regardez et piquez, demandez une carte ? what does "
                                   "swap hands do, look and steal, ask for a card",
    "un tour saisi peut ne pas etre termine": "je peux saisir un tour pas fini, le tour en cours ? can I "
                                              "enter a turn that isn't finished, one still going",
    "@cactus-game-set": "trois Charlie ça rapporte combien, une série de Walter, un joker dans une série, on "
                        "peut stopper une série ? three Charlies, a set of Walters, a joker in a set, can a "
                        "set be stopped "
                        "combien de points pour trois personnages pareils, trois Spike, trois jokers ? how "
                        "many points for three of the same character, three Spikes, three jokers",
    "@free-point": "le point gratuit rapporte combien ? what is the free point worth",
    "@cactus-game-turn-order": "on suit l'ordre des places ? do we follow seat order",
}

_BY_ANCHOR = {key[1:]: words for key, words in ASKED.items() if key.startswith("@")}
_BY_PHRASE = {plain(key): words for key, words in ASKED.items() if not key.startswith("@")}


def asked_about(anchor: str, french_text: str) -> str:
    """The players' questions about the paragraph at `anchor` whose French text is given."""
    folded = plain(french_text)
    found = [words for end, words in _BY_ANCHOR.items() if anchor == end or anchor.endswith(f"-{end}")]
    found += [words for phrase, words in _BY_PHRASE.items() if phrase in folded]
    return " ".join(found)
