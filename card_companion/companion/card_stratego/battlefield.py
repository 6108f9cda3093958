"""Card Stratego's plain actions (ACTIONS and BATTLEFIELD): drawing a card, putting a card into
play face down as close to the battle line as possible, and attacking the card facing yours
in the front rank (SPECIAL POWERS decide the battle: calculators.card_stratego.battle)."""

from __future__ import annotations

from card_companion.calculators.card_stratego import Side, battle, can_stand, insert, rank_name, remove
from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego.actions import Attack, Draw, PutIntoPlay
from card_companion.companion.card_stratego.checks import hand_may_hold, only_unstandable, set_column, turned_up
from card_companion.companion.card_stratego.state import FACE_DOWN, CardStrategoState, InPlay, LastBattle
from card_companion.companion.game import Applied, IllegalAction


def draw(s: CardStrategoState, a: Draw) -> Applied:
    """The top card of the player's deck into their hand."""
    me = s.turn
    army = s.armies[me]
    if army.deck == 0:
        raise IllegalAction(f"{s.name(me)}'s deck is empty: there is no card to draw")
    return Applied(s.with_army(me, army.model_copy(update={"deck": army.deck - 1, "hand": army.hand + 1})),
                   f"{s.name(me)} draws a card")


def put_into_play(s: CardStrategoState, a: PutIntoPlay) -> Applied:
    """A card from the hand into play face down (never a Jack or a Joker); the cards at and
    behind its place move back."""
    me = s.turn
    army = s.armies[me]
    if army.hand == 0:
        raise IllegalAction(f"{s.name(me)} has no card in hand to put into play")
    if not hand_may_hold(s, can_stand):
        raise IllegalAction(f"{only_unstandable(s)}, and Jacks and Jokers are never put into play")
    columns = insert(army.columns, a.column, a.position, FACE_DOWN)
    text = (f"{s.name(me)} puts a card into play face down in column {a.column + 1}, "
            f"{rank_name(a.position)}")
    if a.position < len(army.columns[a.column]):
        text += " (the cards behind move back)"
    return Applied(s.with_army(me, army.model_copy(update={"hand": army.hand - 1, "columns": columns})), text)


def attack(s: CardStrategoState, a: Attack) -> Applied:
    """The player's front-rank card in a column attacks the one facing it: both turn face up,
    the destroyed ones are discarded (the cards behind move forward), a survivor stays face up."""
    me, them = s.turn, 1 - s.turn
    mine, theirs = s.armies[me].columns[a.column], s.armies[them].columns[a.column]
    if not mine:
        raise IllegalAction(f"{s.name(me)} has no card in column {a.column + 1} to attack with")
    if not theirs:
        raise IllegalAction(f"{s.name(them)} has no card in column {a.column + 1}: "
                            "there is nothing to attack there")
    att = turned_up(s, me, mine[0], a.attacker, "the attacking card")
    dfn = turned_up(s, them, theirs[0], a.defender, "the defending card")
    result = battle(att, dfn)
    sides: dict[Side, tuple[int, Card]] = {"attacker": (me, att), "defender": (them, dfn)}
    for side, (player, card) in sides.items():
        army = s.armies[player]
        if side in result.destroyed:
            columns, _ = remove(army.columns, a.column, 0)
            army = army.model_copy(update={"columns": columns, "discard": army.discard + (card,)})
        else:  # the survivor stays face up
            col = army.columns[a.column]
            columns = set_column(army.columns, a.column, (InPlay(card=card),) + col[1:])
            army = army.model_copy(update={"columns": columns})
        s = s.with_army(player, army)
    r = result
    return Applied(s.model_copy(update={"last_battle": LastBattle(attacker=me, column=a.column, result=result)}),
                   f"{s.name(me)}'s {r.attacker.symbol} attacks {s.name(them)}'s {r.defender.symbol} in column "
                   f"{a.column + 1}: {r.explanation[1]} → {r.explanation[-1]}")
