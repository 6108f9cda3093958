"""CardPeeGee at the table: the ``Game`` the registry lists. Each step's rule is in its
section's module (heroes, encounters, fights, town, anytime; what follows from a step in
endings), listed in steps.py; what may be entered now is choices.py's ``legal_actions``; the
screens' other questions are queries.py's, asked of that module; this class ties them to the
``Game`` shape."""

from __future__ import annotations

from typing import Any, ClassVar

from card_companion.calculators.cardpeegee import packs_for
from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.words import plural, symbols
from card_companion.companion.advisor import Advice
from card_companion.companion.cardpeegee import choices, endings, steps
from card_companion.companion.cardpeegee.actions import Action
from card_companion.companion.cardpeegee.advice import cardpeegee_fight
from card_companion.companion.cardpeegee.asks import PlayAsk
from card_companion.companion.cardpeegee.boss_asks import BossStackAsk, SuperPowersAsk
from card_companion.companion.cardpeegee.encounter_asks import DisarmAsk, HealerAsk, MonsterAsk, TrapAsk
from card_companion.companion.cardpeegee.fight_asks import CombatRoundAsk
from card_companion.companion.cardpeegee.odds_asks import CombatOddsAsk, DisarmOddsAsk, TrapOddsAsk
from card_companion.companion.cardpeegee.settings import CardPeeGeeSettings, CardPeeGeeSetup, table_deck
from card_companion.companion.cardpeegee.state import CardPeeGeeState, Hero
from card_companion.companion.cardpeegee.town_asks import PropsAsk, StartingHpAsk, TownAsk
from card_companion.companion.game import Applied, Game, Outcome, Standing
from card_companion.companion.legal import Legal, RandomPlay

GAME_NAME = "CardPeeGee"


class CardPeeGee(Game[CardPeeGeeSetup, CardPeeGeeState, Action]):
    id = "cardpeegee"
    name = GAME_NAME
    blurb = "A role-playing adventure: monsters, chests, healers, traps and town, with all the sums done."
    min_players = 1
    max_players = None
    Settings = CardPeeGeeSettings
    Setup = CardPeeGeeSetup
    State = CardPeeGeeState
    action_type = Action
    asks = (PlayAsk, CombatRoundAsk, MonsterAsk, TrapAsk, TrapOddsAsk, BossStackAsk, SuperPowersAsk,
            HealerAsk, DisarmAsk, StartingHpAsk, TownAsk, PropsAsk, CombatOddsAsk, DisarmOddsAsk)

    def deck(self, setup: CardPeeGeeSetup) -> Deck:
        return table_deck(setup)

    def initial_state(self, setup: CardPeeGeeSetup) -> CardPeeGeeState:
        n = len(setup.players)
        deck = self.deck(setup)
        return CardPeeGeeState(
            setup=setup, packs=packs_for(n), deck_size=deck.size, deck=deck.size,
            heroes=tuple(Hero() for _ in range(n)),
        )

    # --- applying actions ------------------------------------------------------------------

    handlers: ClassVar[dict[type, Any]] = steps.HANDLERS
    """each step's rule, ``(state, action, work) -> (state, news)`` (steps.py)"""

    def applied(self, state: CardPeeGeeState, action: Any) -> Applied:
        """The rule's state, its news as the history line and its working; then what follows
        from any step (steps.py)."""
        return steps.applied(state, action, self.handler(action))

    def legal_actions(self, state: CardPeeGeeState) -> Legal:
        return choices.legal_actions(state)

    def advice(self, state: CardPeeGeeState) -> Advice | None:
        """The odds of the decision at hand (the advisor's ``what_if`` asks it of a state after a
        step): a fight's (advice.py)."""
        return cardpeegee_fight(self, state)

    def new_random_play(self) -> RandomPlay:
        from card_companion.companion.cardpeegee.random_play import CardPeeGeeRandomPlay

        return CardPeeGeeRandomPlay(self)

    # --- reading the state ------------------------------------------------------------------------------

    def turn_player(self, state: CardPeeGeeState) -> int:
        """whose turn it is: the player whose choices the steps that say ``TURN`` are (actions.py)"""
        return state.turn

    def is_over(self, state: CardPeeGeeState) -> bool:
        return state.phase == "over"

    def outcome(self, state: CardPeeGeeState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = [state.name(q) for q in state.winners]
        if not names:
            headline = "Nobody wins: " + state.ended_by
        elif len(names) == 1:
            headline = f"{names[0]} wins"
        else:
            headline = f"{' and '.join(names)} share the win"
        details = [f"The game ended: {state.ended_by}."]
        for q, h in enumerate(state.heroes):
            details.append(f"{state.name(q)}: {h.hp} HP" if h.alive else f"{state.name(q)}: dead ({h.died})")
        return Outcome(winners=state.winners, headline=headline, details=tuple(details))

    def standing(self, state: CardPeeGeeState, outcome: Outcome) -> Standing:
        return endings.standing(state, outcome)

    def summary(self, state: CardPeeGeeState) -> dict[str, str]:
        s = state
        out = {"Deck": f"{s.deck} cards"}
        if s.phase in ("turn", "encounter", "after-trap", "town"):
            out["Hero"] = f"{s.name(s.turn)} (turn {s.laps + 1})"
        elif s.phase == "opening":
            out["Opening round"] = s.name(s.turn)
        for q, h in enumerate(s.heroes):
            name = s.name(q)
            if not h.ready:
                continue
            if not h.alive:
                out[f"{name}'s HP"] = f"dead ({h.hp})"
                continue
            out[f"{name}'s HP"] = str(h.hp)
            out[f"{name}'s hand"] = plural(h.hand, "card")
            if h.active:
                out[f"{name}'s active cards"] = symbols(h.active)
        enc = s.encounter
        if enc is not None:
            battle = enc.battle_or_none
            if battle is not None:
                for f in battle.fighters:
                    label = f.name if f.player is None else f"{f.name} in the fight"
                    if not f.live:
                        out[label] = f.out
                        continue
                    hp = "" if f.player is not None else f"HP {f.hp}, "
                    flags = " (fleeing)" if f.fleeing else (" (defending)" if f.defending else "")
                    out[label] = f"{hp}Attack {f.attack}, Deal {f.deal}{flags}"
            if enc.kind == "chest":
                out["Disarm score"] = str(enc.disarm_score)
                out["Traps"] = symbols(enc.traps) or "none"
            if enc.kind == "healer" and enc.battle is None and enc.fee:
                out["Healer's fee"] = str(enc.fee)
        if s.town is not None and s.town.tax_due:
            out["Tax"] = "due"
        return out

    def playing_line(self, state: CardPeeGeeState) -> str:
        """The Heroes' HP and the turn round the table (a fight's rounds are "rounds"): "Ann 34
        HP, Bea 12 HP · turn 3"."""
        round_text = f"turn {state.laps + 1}"
        if state.phase == "heroes":
            return "entering the Heroes"
        hp = ", ".join(f"{state.name(q)} {h.hp} HP" if h.alive else f"{state.name(q)} dead"
                       for q, h in enumerate(state.heroes) if h.ready)
        if state.phase == "opening":
            return f"{hp} · the opening round"
        return f"{hp} · {round_text}"

    def known_cards(self, state: CardPeeGeeState) -> list[Card]:
        known: list[Card] = []
        for h in state.heroes:
            if h.alive and h.character is not None:
                known.append(h.character)
            known += h.active
        enc = state.encounter
        if enc is not None:
            known += enc.cards
            battle = enc.battle_or_none
            if battle is not None:
                known += [p.card for f in battle.fighters for p in f.played]
            if enc.kind == "chest":
                known += [p.card for p in enc.played]
        return known


GAME = CardPeeGee()
