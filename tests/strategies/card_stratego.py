"""Random play and invariants for card-stratego (test support: the generic random-play test, the
durability test and the property tests use them; moved out of the production module)."""

from __future__ import annotations

import random

from card_companion.calculators.card_stratego import (
    ARMIES,
    ARMY_SIZE,
    COLUMNS,
    DEPTH,
    can_stand,
    columns_occupied,
)
from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego import (
    FACE_DOWN,
    Attack,
    CardStrategoSetup,
    CardStrategoState,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    InPlay,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    PutIntoPlay,
    Reveal,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.game import IllegalAction
from tests.strategies.base import GameStrategy


class Strategy(GameStrategy):
    """The game's random play and invariants; the game's own queries through ``self``."""

    def random_setup(self, rng: random.Random) -> CardStrategoSetup:
        return self.make_setup(["P0", "P1"], {
            "first_army": rng.choice(["red", "black"]),
            "jack_turns_up_one": rng.random() < 0.5,
            "jack_may_keep_order": rng.random() < 0.5,
        })

    def random_action(self, state: CardStrategoState, rng: random.Random):
        if state.phase == "over":
            return None
        makers = [
            (3, self._random_draw), (3, self._random_play), (5, self._random_attack),
            (1, self._random_special), (4, self._random_general),
        ]
        for _ in range(50):
            maker = rng.choices([m for _, m in makers], weights=[w for w, _ in makers])[0]
            action = maker(state, rng)
            if action is None:
                continue
            try:
                self.apply(state, action)
            except IllegalAction:
                continue
            return action
        for _, maker in makers:  # something legal, if anything is
            for _ in range(20):
                action = maker(state, rng)
                if action is not None:
                    try:
                        self.apply(state, action)
                        return action
                    except IllegalAction:
                        pass
        return EndTurn()

    def _random_draw(self, s: CardStrategoState, rng: random.Random):
        return Draw() if self.can_draw(s) else None

    def _random_play(self, s: CardStrategoState, rng: random.Random):
        places = self.play_places(s)
        if not places:
            return None
        c = rng.choice(sorted(places))
        return PutIntoPlay(column=c, position=rng.choice(places[c]))

    def _random_value(self, s: CardStrategoState, player: int, slot: InPlay, rng: random.Random,
                      taken: tuple[Card, ...] = ()) -> Card | None:
        if slot.face_up:
            return None
        return rng.choice([c for c in self.entry_choices(s, player) if c not in taken])

    def _random_attack(self, s: CardStrategoState, rng: random.Random):
        columns = self.attack_columns(s)
        if not columns:
            return None
        c = rng.choice(columns)
        me, them = s.turn, 1 - s.turn
        return Attack(column=c,
                      attacker=self._random_value(s, me, s.armies[me].columns[c][0], rng),
                      defender=self._random_value(s, them, s.armies[them].columns[c][0], rng))

    def _random_special(self, s: CardStrategoState, rng: random.Random):
        options = self.special_cards(s)
        if not options:
            return None
        kind = rng.choice(sorted(options))
        card = rng.choice(options[kind])
        if kind == "jack-rearrange":
            p, line, i = rng.choice(self.jack_lines(s))
            return JackRearrange(jack=card, player=p, line=line, index=i,
                                 order=rng.choice(self.rearrangements(s, p, line, i)))
        if kind == "jack-reveal":
            places = self.face_down_places(s)
            chosen = rng.sample(places, min(2, len(places)))
            reveals: list[Reveal] = []
            for place in chosen:
                taken = tuple(r.card for r in reveals if r.place.player == place.player)
                reveals.append(Reveal(place=place, card=self._random_value(s, place.player, FACE_DOWN, rng, taken)))
            return JackReveal(jack=card, reveals=tuple(reveals))
        if kind == "scout":
            place = rng.choice(self.face_down_places(s))
            return ScoutReveal(scout=card, reveal=Reveal(
                place=place, card=self._random_value(s, place.player, FACE_DOWN, rng)))
        target = rng.choice(self.cards_in_play(s))
        if kind == "joker":
            slot = self.card_at(s, target)
            return JokerDestroy(target=target, card=self._random_value(s, target.player, slot, rng))
        return SixReturn(six=card, target=target)

    def _random_general(self, s: CardStrategoState, rng: random.Random):
        source = self.drain_from(s)
        pairs = self.consolidations(s)
        if pairs and (source is None or rng.random() < 0.3):
            m, t = rng.choice(pairs)
            return Consolidate(mine=m, theirs=t, into=rng.choice([m, t]))
        if source is None:
            return None
        them = 1 - s.turn
        card = rng.choice(self.unseen(s, them))
        pick = rng.randint(1, s.armies[them].hand) if source == "hand" else None
        return Drain(card=card, pick=pick)

    def check_invariants(self, state: CardStrategoState) -> None:
        for i, army in enumerate(state.armies):
            who = state.name(i)
            assert army.deck >= 0 and army.hand >= 0, f"{who}: a count went below zero"
            total = army.deck + army.hand + army.in_play + len(army.discard)
            assert total == ARMY_SIZE, f"{who}: {total} cards accounted for, not {ARMY_SIZE}"
            assert len(army.columns) == COLUMNS
            assert all(len(col) <= DEPTH for col in army.columns), f"{who}: a column holds more than 3 cards"
            seen = army.discard + tuple(army.face_up())
            assert len(set(seen)) == len(seen), f"{who}: a card was seen twice"
            assert all(ARMIES[army.colour].contains(c) for c in seen), f"{who}: a card of the other army"
            assert all(can_stand(c) for c in army.face_up()), f"{who}: a Jack or Joker stands in play"
            hidden = [c for c in self.unseen(state, i) if not can_stand(c)]
            assert len(hidden) <= army.deck + army.hand, f"{who}: an unseen Jack or Joker would be in play"
        assert {a.colour for a in state.armies} == {"red", "black"}
        out = [i for i, a in enumerate(state.armies) if len(a.discard) == ARMY_SIZE]
        assert (state.phase == "over") == bool(out), "the game ends exactly when an army is all discarded"
        if state.phase == "turn":
            assert state.turn == (state.turn_number - 1) % 2, "the players alternate"
            expected = 1 if state.turn_number == 1 else 2 if state.turn_number == 2 else \
                {4: 5, 3: 4}.get(state.start_columns, 3)
            assert state.allotted == expected, f"turn {state.turn_number}: {state.allotted} actions, not {expected}"
            assert 1 <= state.actions_left <= state.allotted, "actions left out of range"
            if state.actions_left == state.allotted:
                occupied = columns_occupied(state.armies[state.turn].columns)
                assert state.start_columns == occupied, "columns at the start of the turn miscounted"
