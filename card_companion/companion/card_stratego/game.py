"""Card Stratego at the table: the game, which applies the actions and answers what the players can do."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Literal

from card_companion.calculators.card_stratego import (
    ARMIES,
    ARMY_SIZE,
    COLUMNS,
    DECK,
    DEPTH,
    BoardError,
    Colour,
    Side,
    actions_per_turn,
    battle,
    can_stand,
    columns_occupied,
    insert,
    is_scout,
    moves_a_card,
    rank_name,
    rearrange,
    remove,
)
from card_companion.calculators.cards import JOKER, Card, Deck, Rank, RulesError
from card_companion.calculators.words import plural
from card_companion.companion.card_stratego.actions import (
    Action,
    Attack,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Line,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
    is_line,
)
from card_companion.companion.card_stratego.state import (
    FACE_DOWN,
    Army,
    CardStrategoSettings,
    CardStrategoSetup,
    CardStrategoState,
    Column,
    InPlay,
    LastBattle,
    Place,
)
from card_companion.companion.game import Applied, Game, IllegalAction, Outcome, won_line

_SUITS_TEXT = {"red": "hearts and diamonds", "black": "spades and clubs"}
_FACES = {colour: tuple(deck.faces()) for colour, deck in ARMIES.items()}


# --- the game ------------------------------------------------------------------------


class CardStratego(Game[CardStrategoSetup, CardStrategoState, Action]):
    id = "card-stratego"
    name = "Card Stratego"
    blurb = "Face-down armies, Bombs and Scouts: Card Warfare by Thorin N. Tatge."
    min_players = 2
    max_players = 2
    rules_file = "card-warfare.txt"
    Settings = CardStrategoSettings
    Setup = CardStrategoSetup
    State = CardStrategoState
    action_type = Action

    def deck(self, setup: CardStrategoSetup) -> Deck:
        return DECK

    def initial_state(self, setup: CardStrategoSetup) -> CardStrategoState:
        first = setup.settings.first_army
        second: Colour = "black" if first == "red" else "red"
        return CardStrategoState(setup=setup, armies=(Army(colour=first), Army(colour=second)))

    # --- applying actions --------------------------------------------------------------

    handlers = {Draw: "_draw", PutIntoPlay: "_put_into_play", Attack: "_attack", JackRearrange: "_jack_rearrange",
                JackReveal: "_jack_reveal", JokerDestroy: "_joker", ScoutReveal: "_scout", SixReturn: "_six",
                Drain: "_drain", Consolidate: "_consolidate", EndTurn: "_end_turn"}

    def applied(self, state: CardStrategoState, action) -> Applied:
        """The handler's step, then the turn's bookkeeping (an action used, the next turn, the
        end of the game) and what it adds to the line."""
        applied = super().applied(state, action)
        s, text = applied.state, applied.line
        if action.kind != "attack":
            s = s.model_copy(update={"last_battle": None})
        for p in (0, 1):
            self._check_consistent(s, p)
        gone = [p for p in (0, 1) if len(s.armies[p].discard) == ARMY_SIZE]
        if gone:
            if len(gone) == 2:
                why = f"all {ARMY_SIZE} cards of both armies are discarded at once"
            else:
                why = f"all {ARMY_SIZE} of {s.name(gone[0])}'s cards are discarded"
            s = s.model_copy(update={"phase": "over", "ended_by": why})
        elif action.kind == "end-turn":
            s = _next_turn(s)
        else:
            s = s.model_copy(update={"actions_left": s.actions_left - 1})
            s = _next_turn(s) if s.actions_left == 0 else s
        for p in (0, 1):
            if state.armies[p].deck > 0 and s.armies[p].deck == 0:
                text += f"; {s.name(p)}'s deck is empty: {s.name(p)} is now a General"
        if s.phase == "over":
            return Applied(s, f"{text}; the game is over: {s.ended_by}")
        if s.turn_number != state.turn_number:
            text += f"; {s.name(s.turn)}'s turn: {plural(s.allotted, 'action')}"
        return Applied(s, text)

    # each handler checks its action and returns the state after it (turn bookkeeping aside)
    # and what happened in the players' words

    def _draw(self, s: CardStrategoState, a: Draw) -> Applied:
        me = s.turn
        army = s.armies[me]
        if army.deck == 0:
            raise IllegalAction(f"{s.name(me)}'s deck is empty: there is no card to draw")
        return Applied(_with_army(s, me, army.model_copy(update={"deck": army.deck - 1, "hand": army.hand + 1})),
                       f"{s.name(me)} draws a card")

    def _put_into_play(self, s: CardStrategoState, a: PutIntoPlay) -> Applied:
        me = s.turn
        army = s.armies[me]
        if army.hand == 0:
            raise IllegalAction(f"{s.name(me)} has no card in hand to put into play")
        if not self._hand_may_hold(s, can_stand):
            hidden = " ".join(c.symbol for c in self.unseen(s, me) if not can_stand(c))
            raise IllegalAction(f"{s.name(me)}'s hand can only hold {hidden} now (the cards not seen yet "
                                "that cannot be in play), and Jacks and Jokers are never put into play")
        columns = insert(army.columns, a.column, a.position, FACE_DOWN)
        text = (f"{s.name(me)} puts a card into play face down in column {a.column + 1}, "
                f"{rank_name(a.position)}")
        if a.position < len(army.columns[a.column]):
            text += " (the cards behind move back)"
        return Applied(_with_army(s, me, army.model_copy(update={"hand": army.hand - 1, "columns": columns})), text)

    def _attack(self, s: CardStrategoState, a: Attack) -> Applied:
        me, them = s.turn, 1 - s.turn
        mine, theirs = s.armies[me].columns[a.column], s.armies[them].columns[a.column]
        if not mine:
            raise IllegalAction(f"{s.name(me)} has no card in column {a.column + 1} to attack with")
        if not theirs:
            raise IllegalAction(f"{s.name(them)} has no card in column {a.column + 1}: "
                                "there is nothing to attack there")
        att = self._turned_up(s, me, mine[0], a.attacker, "the attacking card")
        dfn = self._turned_up(s, them, theirs[0], a.defender, "the defending card")
        result = battle(att, dfn)
        sides: dict[Side, tuple[int, Card]] = {"attacker": (me, att), "defender": (them, dfn)}
        for side, (player, card) in sides.items():
            army = s.armies[player]
            if side in result.destroyed:
                columns, _ = remove(army.columns, a.column, 0)
                army = army.model_copy(update={"columns": columns, "discard": army.discard + (card,)})
            else:  # the survivor stays face up
                col = army.columns[a.column]
                columns = _set_column(army.columns, a.column, (InPlay(card=card),) + col[1:])
                army = army.model_copy(update={"columns": columns})
            s = _with_army(s, player, army)
        r = result
        return Applied(s.model_copy(update={"last_battle": LastBattle(attacker=me, column=a.column, result=result)}),
                       f"{s.name(me)}'s {r.attacker.symbol} attacks {s.name(them)}'s {r.defender.symbol} in column "
                       f"{a.column + 1}: {r.explanation[1]} → {r.explanation[-1]}")

    def _jack_rearrange(self, s: CardStrategoState, a: JackRearrange) -> Applied:
        s = self._discard_from_hand(s, a.jack, "a Jack", lambda c: c.rank == Rank.JACK)
        columns = self._rearranged(s, a.player, a.line, a.index, a.order)
        s = _with_army(s, a.player, s.armies[a.player].model_copy(update={"columns": columns}))
        what = (f"{rank_name(a.index)}" if a.line == "row" else f"column {a.index + 1}")
        return Applied(s, f"{s.name(s.turn)} discards {a.jack.symbol} to rearrange {s.name(a.player)}'s {what}: "
                          f"{_columns_text(s.armies[a.player])}")

    def _rearranged(self, s: CardStrategoState, player: int, line: Line, index: int,
                    order: tuple[int, ...]) -> tuple[Column, ...]:
        """A player's columns after a Jack gives one line a new order; IllegalAction if not
        allowed."""
        army = s.armies[player]
        if line == "row" and index >= DEPTH:
            raise IllegalAction(f"there are rows 0 (the front rank) to {DEPTH - 1}, not {index}")
        if line == "row" and not any(len(c) > index for c in army.columns):
            raise IllegalAction(f"{s.name(player)} has no card in the {rank_name(index)} to rearrange")
        if line == "column" and not army.columns[index]:
            raise IllegalAction(f"{s.name(player)} has no card in column {index + 1} to rearrange")
        columns = rearrange(army.columns, line, index, order)
        keep_ok = s.setup.settings.jack_may_keep_order
        if not keep_ok and not moves_a_card(army.columns, line, index, order):
            raise IllegalAction("that leaves every card where it was: a Jack's rearrangement moves "
                                "at least one card")
        return columns

    def _jack_reveal(self, s: CardStrategoState, a: JackReveal) -> Applied:
        places = [(r.place.player, r.place.column, r.place.position) for r in a.reveals]
        if len(set(places)) != len(places):
            raise IllegalAction("a Jack turns up two different face-down cards")
        if len(a.reveals) == 1:
            face_down = self.face_down_places(s)
            if len(face_down) > 1:
                raise IllegalAction("a Jack turns up two face-down cards: choose a second one")
            if not s.setup.settings.jack_turns_up_one:
                raise IllegalAction("a Jack turns up two face-down cards, and only one is in play "
                                    "(the setting for a lone face-down card is off)")
        s = self._discard_from_hand(s, a.jack, "a Jack", lambda c: c.rank == Rank.JACK)
        for r in a.reveals:
            s = self._turn_face_up(s, r)
        shown = " and ".join(f"{s.name(r.place.player)}'s {r.card.symbol} ({_at(r.place)})" for r in a.reveals)
        return Applied(s, f"{s.name(s.turn)} discards {a.jack.symbol} to turn up {shown}")

    def _joker(self, s: CardStrategoState, a: JokerDestroy) -> Applied:
        s = self._discard_from_hand(s, JOKER, "the Joker", lambda c: c.is_joker)
        t = a.target
        army = s.armies[t.player]
        slot = self._slot(s, t)
        card = self._turned_up(s, t.player, slot, a.card, "the destroyed card")
        columns, _ = remove(army.columns, t.column, t.position)
        text = f"{s.name(s.turn)} discards the Joker to destroy {s.name(t.player)}'s {slot.symbol} ({_at(t)})"
        if not slot.face_up:
            text += f": it was {card.symbol}"  # the card entered (_turned_up checked it)
        return Applied(_with_army(s, t.player, army.model_copy(update={"columns": columns,
                                                                       "discard": army.discard + (card,)})), text)

    def _scout(self, s: CardStrategoState, a: ScoutReveal) -> Applied:
        s = self._discard_from_hand(s, a.scout, "a Scout (2, 3 or 4)", is_scout)
        r = a.reveal
        text = (f"{s.name(s.turn)} discards the Scout {a.scout.symbol} to turn up {s.name(r.place.player)}'s "
                f"{r.card.symbol} ({_at(r.place)})")
        if r.card.rank == Rank.ACE:
            text += ": not an attack, the Bomb stays"
        return Applied(self._turn_face_up(s, a.reveal), text)

    def _six(self, s: CardStrategoState, a: SixReturn) -> Applied:
        s = self._discard_from_hand(s, a.six, "a 6", lambda c: c.rank == Rank.SIX)
        t = a.target
        slot = self._slot(s, t)
        army = s.armies[t.player]
        columns, _ = remove(army.columns, t.column, t.position)
        return Applied(_with_army(s, t.player, army.model_copy(update={"columns": columns, "hand": army.hand + 1})),
                       f"{s.name(s.turn)} discards {a.six.symbol} to return {s.name(t.player)}'s {slot.symbol} "
                       f"({_at(t)}) to {s.name(t.player)}'s hand")

    def _drain(self, s: CardStrategoState, a: Drain) -> Applied:
        me, them = s.turn, 1 - s.turn
        self._expect_general(s, "Drain")
        army = s.armies[them]
        if army.deck > 0:
            src = f"the top card of {s.name(them)}'s deck"
        elif a.pick is not None:
            src = f"card {a.pick} of the {army.hand} in {s.name(them)}'s hand, picked at random"
        else:
            src = f"a card picked at random from {s.name(them)}'s hand"
        if army.deck > 0:
            if a.pick is not None:
                raise IllegalAction(f"{s.name(them)}'s deck is not empty: the top card of the deck "
                                    "is discarded, no card is picked from the hand")
            self._check_card(s, them, a.card, "the drained card")
            army = army.model_copy(update={"deck": army.deck - 1})
        elif army.hand > 0:
            if a.pick is not None and a.pick > army.hand:
                raise IllegalAction(f"{s.name(them)} holds {army.hand} cards: the random pick is "
                                    f"a card from 1 to {army.hand}, not {a.pick}")
            self._check_card(s, them, a.card, "the drained card")
            army = army.model_copy(update={"hand": army.hand - 1})
        else:
            raise IllegalAction(f"{s.name(them)} has no card in deck or hand to drain")
        return Applied(_with_army(s, them, army.model_copy(update={"discard": army.discard + (a.card,)})),
                       f"General {s.name(me)} drains {s.name(them)}: {src}, {a.card.symbol}, is discarded")

    def _consolidate(self, s: CardStrategoState, a: Consolidate) -> Applied:
        me, them = s.turn, 1 - s.turn
        self._expect_general(s, "Consolidate")
        mine, theirs = s.armies[me], s.armies[them]
        if not (mine.columns[a.mine] and not theirs.columns[a.mine]):
            raise IllegalAction(f"column {a.mine + 1} must be one where {s.name(me)} has a card "
                                f"and {s.name(them)} has none")
        if not (theirs.columns[a.theirs] and not mine.columns[a.theirs]):
            raise IllegalAction(f"column {a.theirs + 1} must be one where {s.name(them)} has a card "
                                f"and {s.name(me)} has none")
        if a.into not in (a.mine, a.theirs):
            raise IllegalAction(f"the cards are combined in column {a.mine + 1} or column {a.theirs + 1}")
        head = f"General {s.name(me)} consolidates columns {a.mine + 1} and {a.theirs + 1}: "
        if a.into == a.mine:  # the opponent's cards move over
            moved = theirs.columns[a.theirs]
            columns = _set_column(_set_column(theirs.columns, a.theirs, ()), a.mine, moved)
            return Applied(_with_army(s, them, theirs.model_copy(update={"columns": columns})),
                           head + f"{s.name(them)}'s cards move from column {a.theirs + 1} to column {a.mine + 1}")
        moved = mine.columns[a.mine]
        columns = _set_column(_set_column(mine.columns, a.mine, ()), a.theirs, moved)
        return Applied(_with_army(s, me, mine.model_copy(update={"columns": columns})),
                       head + f"{s.name(me)}'s cards move from column {a.mine + 1} to column {a.theirs + 1}")

    def _end_turn(self, s: CardStrategoState, a: EndTurn) -> Applied:
        still = self._what_remains(s)
        if still:
            raise IllegalAction(f"{s.name(s.turn)} must use every action and can still {still}")
        return Applied(s, f"{s.name(s.turn)} has no legal action left: the turn ends with "
                          f"{plural(s.actions_left, 'action')} unused")

    # --- checks shared by the handlers ------------------------------------------------

    def _check_card(self, s: CardStrategoState, owner: int, card: Card, what: str,
                    standing: bool = False) -> Card:
        """A card entered for one of ``owner``'s cards: it must be of that army and not seen
        elsewhere (in the discard pile or face up in play)."""
        army = s.armies[owner]
        if not ARMIES[army.colour].contains(card):
            raise IllegalAction(f"{what} is {s.name(owner)}'s, and {card.symbol} is not in "
                                f"{s.name(owner)}'s {army.colour} army ({_SUITS_TEXT[army.colour]} "
                                "and a Joker)")
        if standing and not can_stand(card):
            kind = "a Joker" if card.is_joker else "a Jack"
            raise IllegalAction(f"{what} cannot be {card.symbol}: {kind} never stands on the battlefield")
        if card in army.discard:
            raise IllegalAction(f"{card.symbol} is already in {s.name(owner)}'s discard pile")
        if card in army.face_up():
            raise IllegalAction(f"{card.symbol} is already face up on the battlefield")
        return card

    def _turned_up(self, s: CardStrategoState, owner: int, slot: InPlay, entered: Card | None,
                   what: str) -> Card:
        """The value of a card in play that the rules turn face up (or discard)."""
        if slot.card is not None:
            if entered is not None and entered != slot.card:
                raise IllegalAction(f"{what} is already face up: it is {slot.card.symbol}, "
                                    f"not {entered.symbol}")
            return slot.card
        if entered is None:
            raise IllegalAction(f"{what} is {s.name(owner)}'s face-down card, now turned face up: "
                                "enter it")
        return self._check_card(s, owner, entered, what, standing=True)

    def _turn_face_up(self, s: CardStrategoState, r: Reveal) -> CardStrategoState:
        p = r.place
        slot = self._slot(s, p)
        where = _where(s, p)
        if slot.face_up:
            raise IllegalAction(f"{where} is already face up ({slot.symbol}): choose a face-down card")
        card = self._check_card(s, p.player, r.card, f"the card at {where}", standing=True)
        army = s.armies[p.player]
        col = army.columns[p.column]
        col = col[:p.position] + (InPlay(card=card),) + col[p.position + 1:]
        columns = _set_column(army.columns, p.column, col)
        return _with_army(s, p.player, army.model_copy(update={"columns": columns}))

    def _slot(self, s: CardStrategoState, p: Place) -> InPlay:
        col = s.armies[p.player].columns[p.column]
        if p.position >= len(col):
            raise IllegalAction(f"{s.name(p.player)} has no card at the {rank_name(p.position)} "
                                f"of column {p.column + 1}")
        return col[p.position]

    def _discard_from_hand(self, s: CardStrategoState, card: Card, what: str, fits) -> CardStrategoState:
        me = s.turn
        army = s.armies[me]
        if army.hand == 0:
            raise IllegalAction(f"{s.name(me)} has no card in hand")
        if not fits(card):
            raise IllegalAction(f"{card.symbol} is not {what}")
        self._check_card(s, me, card, f"the card played from {s.name(me)}'s hand")
        return _with_army(s, me, army.model_copy(update={"hand": army.hand - 1,
                                                         "discard": army.discard + (card,)}))

    def _expect_general(self, s: CardStrategoState, power: str) -> None:
        army = s.armies[s.turn]
        if not army.is_general:
            raise IllegalAction(f"only a General can {power}: {s.name(s.turn)} becomes a General when "
                                f"the deck is empty ({army.deck} cards left)")

    def _check_consistent(self, s: CardStrategoState, p: int) -> None:
        """Jacks and the Joker never stand on the battlefield, so the ones not seen yet are in
        the deck or the hand: entering cards that contradict it is refused."""
        army = s.armies[p]
        hidden = [c for c in self.unseen(s, p) if not can_stand(c)]
        if len(hidden) > army.deck + army.hand:
            names = " ".join(c.symbol for c in hidden)
            raise IllegalAction(
                f"that cannot be: {s.name(p)}'s {names} have not been seen and cannot stand on the "
                f"battlefield, so they are in the deck or the hand, which hold only "
                f"{army.deck + army.hand} cards; check the cards entered")

    # --- reading the state ----------------------------------------------------------------

    def is_over(self, state: CardStrategoState) -> bool:
        return state.phase == "over"

    def outcome(self, state: CardStrategoState) -> Outcome | None:
        if state.phase != "over":
            return None
        details = [f"The game ended: {state.ended_by}."]
        for i, army in enumerate(state.armies):
            details.append(f"{state.name(i)} ({army.colour}): {len(army.discard)} cards discarded, "
                           f"{army.in_play} in play, {army.hand} in hand, {army.deck} in the deck")
        out = [i for i, army in enumerate(state.armies) if len(army.discard) == ARMY_SIZE]
        if len(out) == 2:
            return Outcome(winners=(), headline="A tie: both armies are destroyed at once", details=tuple(details))
        w = 1 - out[0]
        return Outcome(winners=(w,), headline=f"{state.name(w)} wins: {state.name(out[0])}'s army is destroyed",
                       details=tuple(details))

    def summary(self, state: CardStrategoState) -> dict[str, str]:
        out: dict[str, str] = {}
        if state.phase == "turn":
            out["Turn"] = f"{state.name(state.turn)} (turn {state.turn_number})"
            out["Actions left"] = f"{state.actions_left} of {state.allotted}"
        for i, army in enumerate(state.armies):
            name = state.name(i)
            if army.is_general:
                out[f"{name}'s status"] = "General"
            out[f"{name}'s deck"] = _count(army.deck)
            out[f"{name}'s hand"] = _count(army.hand)
            out[f"{name}'s battlefield"] = f"{_count(army.in_play)}: {_columns_text(army)}"
            pile = " ".join(c.symbol for c in army.discard)
            out[f"{name}'s discard pile"] = _count(len(army.discard)) + (f": {pile}" if pile else "")
        return out

    def headline(self, state: CardStrategoState) -> str:
        """The cards each army has left: "Ann 22 cards, Bea 19 · turn 7", "Bea won · turn 31"."""
        outcome = self.outcome(state)
        if outcome is not None:
            return f"{won_line(state.names, outcome)} · turn {state.turn_number}"
        left = ", ".join(f"{state.name(i)} {ARMY_SIZE - len(a.discard)}" for i, a in enumerate(state.armies))
        return f"{left} cards · turn {state.turn_number}"

    def known_cards(self, state: CardStrategoState) -> list[Card]:
        known: list[Card] = []
        for army in state.armies:
            known += army.discard
            known += army.face_up()
        return known

    # --- what the players can do now (the views ask these) ------------------------------

    def army_deck(self, state: CardStrategoState, player: int) -> Deck:
        """The 27 cards of a player's army (for the card picker)."""
        return ARMIES[state.armies[player].colour]

    def counts(self, state: CardStrategoState, player: int) -> dict[str, int]:
        """Where a player's 27 cards are: deck, hand, battlefield, discard (sums to 27)."""
        a = state.armies[player]
        return {"deck": a.deck, "hand": a.hand, "battlefield": a.in_play, "discard": len(a.discard)}

    def is_general(self, state: CardStrategoState, player: int) -> bool:
        return state.armies[player].is_general

    def unseen(self, state: CardStrategoState, player: int) -> list[Card]:
        """The player's cards the app has not seen: in the deck, the hand or face down."""
        army = state.armies[player]
        seen = set(army.discard) | set(army.face_up())
        return [c for c in _FACES[army.colour] if c not in seen]

    def entry_choices(self, state: CardStrategoState, player: int, standing: bool = True) -> list[Card]:
        """The cards that may be entered for one of the player's cards: not seen yet, and for
        a card in play (``standing``) neither a Jack nor the Joker."""
        return [c for c in self.unseen(state, player) if can_stand(c) or not standing]

    def can_draw(self, state: CardStrategoState) -> bool:
        return state.phase == "turn" and state.armies[state.turn].deck > 0

    def play_places(self, state: CardStrategoState) -> dict[int, list[int]]:
        """Where the player can put a card into play: column → positions (0 = front rank)."""
        if state.phase != "turn" or not self._hand_may_hold(state, can_stand):
            return {}
        out = {}
        for c, col in enumerate(state.armies[state.turn].columns):
            if len(col) < DEPTH:
                out[c] = list(range(len(col) + 1))
        return out

    def attack_columns(self, state: CardStrategoState) -> list[int]:
        """Columns where the player's front card can attack the opposing front card."""
        if state.phase != "turn":
            return []
        me, them = state.armies[state.turn], state.armies[1 - state.turn]
        return [c for c in range(COLUMNS) if me.columns[c] and them.columns[c]]

    def cards_in_play(self, state: CardStrategoState) -> list[Place]:
        """Every card on the battlefield (targets of a Joker or a 6)."""
        return [Place(player=p, column=c, position=i)
                for p, army in enumerate(state.armies)
                for c, col in enumerate(army.columns) for i in range(len(col))]

    def jack_reveals(self, state: CardStrategoState) -> int:
        """How many face-down cards a Jack turns up now: two, or the only one in play."""
        return min(2, len(self.face_down_places(state)))

    def allowance_reason(self, state: CardStrategoState) -> str:
        """Why this turn has the actions it has, in the rule's words."""
        if state.turn_number == 1:
            return "the first turn of the game has 1 action"
        if state.turn_number == 2:
            return "the other player's first turn has 2 actions"
        return f"cards in {plural(state.start_columns, 'column')} at the start of the turn: {state.allotted} actions"

    def face_down_places(self, state: CardStrategoState) -> list[Place]:
        """Every face-down card on the battlefield (targets of a Scout or a Jack)."""
        return [Place(player=p, column=c, position=i)
                for p, army in enumerate(state.armies)
                for c, col in enumerate(army.columns) for i, x in enumerate(col) if not x.face_up]

    def card_at(self, state: CardStrategoState, place: Place) -> InPlay | None:
        """The card at a place (face down: ``card`` is None), None if the place is empty."""
        col = state.armies[place.player].columns[place.column]
        return col[place.position] if place.position < len(col) else None

    def special_cards(self, state: CardStrategoState) -> dict[str, list[Card]]:
        """Special cards the player may hold now and could use, by action kind: "jack-rearrange",
        "jack-reveal", "joker", "scout", "six" → the cards to pick from (only kinds usable now)."""
        if state.phase != "turn" or state.armies[state.turn].hand == 0:
            return {}
        unseen = self.unseen(state, state.turn)
        standing_ok = self._hand_may_hold(state, can_stand)
        jacks = [c for c in unseen if c.rank == Rank.JACK]
        out: dict[str, list[Card]] = {}
        if jacks and self.jack_lines(state):
            out["jack-rearrange"] = jacks
        face_down = self.face_down_places(state)
        if jacks and (len(face_down) >= 2 or (face_down and state.setup.settings.jack_turns_up_one)):
            out["jack-reveal"] = jacks
        if JOKER in unseen and self.cards_in_play(state):
            out["joker"] = [JOKER]
        scouts = [c for c in unseen if is_scout(c)] if standing_ok else []
        if scouts and face_down:
            out["scout"] = scouts
        sixes = [c for c in unseen if c.rank == Rank.SIX] if standing_ok else []
        if sixes and self.cards_in_play(state):
            out["six"] = sixes
        return out

    def jack_lines(self, state: CardStrategoState) -> list[tuple[int, str, int]]:
        """(player, "row"/"column", index) of every line a Jack can rearrange now."""
        return [(p, line, i) for p in (0, 1) for line, count in (("row", DEPTH), ("column", COLUMNS))
                for i in range(count) if self.rearrangements(state, p, line, i)]

    def rearrangements(self, state: CardStrategoState, player: int, line: str,
                       index: int) -> list[tuple[int, ...]]:
        """Every distinct order a Jack may give this line (see JackRearrange.order); orders
        that differ only in which empty places swap count once."""
        lines = {"row": DEPTH, "column": COLUMNS}
        if player not in (0, 1) or not is_line(line) or not 0 <= index < lines[line]:
            return []
        columns = state.armies[player].columns
        size = COLUMNS if line == "row" else len(columns[index])
        if (line == "row" and not any(len(c) > index for c in columns)) or size == 0:
            return []
        out: dict[tuple[int | None, ...], tuple[int, ...]] = {}
        for order in permutations(range(size)):
            try:
                rearrange(columns, line, index, order)
            except BoardError:
                continue
            if state.setup.settings.jack_may_keep_order or moves_a_card(columns, line, index, order):
                # where each card comes from; empty places are all alike
                key = tuple(src if line == "column" or len(columns[src]) > index else None for src in order)
                out.setdefault(key, order)
        return list(out.values())

    def rearrangement_problem(self, state: CardStrategoState, player: int, line: str, index: int,
                              order: tuple[int, ...]) -> str | None:
        """Why a Jack cannot give this line this order (see JackRearrange.order), in words;
        None when it can (the Jack itself aside)."""
        if player not in (0, 1) or not is_line(line) or not 0 <= index < COLUMNS:
            return "choose a row or a column of one player's cards"
        try:
            self._rearranged(state, player, line, index, tuple(order))
        except (IllegalAction, RulesError) as exc:  # the tracker's refusal or the board's
            return str(exc)
        return None

    def entry_deck(self, state: CardStrategoState, player: int, standing: bool = True) -> Deck:
        """The cards the picker offers for one of the player's cards: the army, and for a card
        in play (``standing``) without its Jacks and Joker, which never stand there."""
        army = ARMIES[state.armies[player].colour]
        if not standing:
            return army
        return Deck(ranks=tuple(r for r in army.ranks if r != Rank.JACK), suits=army.suits, jokers=0)

    def drain_pick(self, state: CardStrategoState, rng: random.Random) -> int | None:
        """A Drain from the opponent's hand: the position of the card to discard, drawn at
        random (1 = the first card as the opponent holds the hand out face down), for
        Drain.pick. None when the Drain takes the top card of the deck or is not possible."""
        if self.drain_from(state) != "hand":
            return None
        return rng.randint(1, state.armies[1 - state.turn].hand)

    def drain_from(self, state: CardStrategoState) -> Literal["deck", "hand"] | None:
        """Where a Drain takes the opponent's card now ("deck", "hand"), None if not possible."""
        if state.phase != "turn" or not state.armies[state.turn].is_general:
            return None
        them = state.armies[1 - state.turn]
        return "deck" if them.deck else "hand" if them.hand else None

    def consolidations(self, state: CardStrategoState) -> list[tuple[int, int]]:
        """(mine, theirs) column pairs a General can consolidate now (into either of them)."""
        if state.phase != "turn" or not state.armies[state.turn].is_general:
            return []
        me, them = state.armies[state.turn], state.armies[1 - state.turn]
        mine = [c for c in range(COLUMNS) if me.columns[c] and not them.columns[c]]
        theirs = [c for c in range(COLUMNS) if them.columns[c] and not me.columns[c]]
        return [(m, t) for m in mine for t in theirs]

    def can_end_turn(self, state: CardStrategoState) -> bool:
        """True when the player has no legal action left (the table ends the turn)."""
        return state.phase == "turn" and not self._what_remains(state)

    def _what_remains(self, s: CardStrategoState) -> str:
        """What the player can still do, in words ("" when nothing is left)."""
        me = s.armies[s.turn]
        if me.deck > 0:
            return "draw a card"
        if self.attack_columns(s):
            return "attack"
        if self.drain_from(s):
            return "Drain as a General"
        if self.consolidations(s):
            return "Consolidate as a General"
        # The deck is empty: the unseen Jacks and Joker are all in the hand.
        hidden = [c for c in self.unseen(s, s.turn) if not can_stand(c)]
        if me.hand > len(hidden) and any(len(c) < DEPTH for c in me.columns):
            return "put a card into play"
        if JOKER in hidden and self.cards_in_play(s):
            return "play the Joker"
        if any(c.rank == Rank.JACK for c in hidden) and (self.face_down_places(s) or self.jack_lines(s)):
            return "play a Jack"
        return ""

    def _hand_may_hold(self, state: CardStrategoState, fits) -> bool:
        """Whether the hand may hold a card that fits (the unseen cards that cannot be in
        play must be in the deck or the hand)."""
        army = state.armies[state.turn]
        if army.hand == 0:
            return False
        unseen = self.unseen(state, state.turn)
        if not any(fits(c) for c in unseen):
            return False
        forced = [c for c in unseen if not can_stand(c)]
        must_be_in_hand = max(0, len(forced) - army.deck)
        if all(not fits(c) for c in forced):
            return army.hand > must_be_in_hand
        return True


def _with_army(s: CardStrategoState, i: int, army: Army) -> CardStrategoState:
    armies = list(s.armies)
    armies[i] = army
    return s.model_copy(update={"armies": tuple(armies)})


def _set_column(columns: tuple[Column, ...], c: int, col: Column) -> tuple[Column, ...]:
    return columns[:c] + (col,) + columns[c + 1:]


def _next_turn(s: CardStrategoState) -> CardStrategoState:
    p = 1 - s.turn
    n = s.turn_number + 1
    occupied = columns_occupied(s.armies[p].columns)
    k = actions_per_turn(n, occupied)
    return s.model_copy(update={"turn": p, "turn_number": n, "allotted": k, "actions_left": k,
                                "start_columns": occupied})


def _count(n: int) -> str:
    return plural(n, "card")


def _at(p: Place) -> str:
    return f"column {p.column + 1}, {rank_name(p.position)}"


def _where(s: CardStrategoState, p: Place) -> str:
    return f"{s.name(p.player)}'s card in column {p.column + 1}, {rank_name(p.position)}"


def _columns_text(army: Army) -> str:
    """Each column front to back: "1: 7♥ ? · 2: — · ..." (? a face-down card; the app's font
    has every character used here)."""
    parts = []
    for c, col in enumerate(army.columns):
        cards = " ".join("?" if x.card is None else x.card.symbol for x in col)
        parts.append(f"{c + 1}: {cards or '—'}")
    return " · ".join(parts)



GAME = CardStratego()
