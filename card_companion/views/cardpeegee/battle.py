"""A fight: against a Monster, a Healer's jailors, the Bosses, or another player (PvP).
Every fighter's numbers, the odds, then the round's score cards or what a fighter does
before it (play or activate cards, cry for help, run away, heal and defend)."""

from __future__ import annotations

import functools

import flet as ft

from card_companion.companion.advisor import what_if
from card_companion.companion.cardpeegee import (
    Abandon,
    Activate,
    CardPeeGeeState,
    CombatRound,
    Flee,
    HealAndDefend,
    JoinFight,
    PlayIntoEncounter,
    queries,
)
from card_companion.companion.cardpeegee.advice import cardpeegee_fight
from card_companion.companion.cardpeegee.choices import legal_actions, who
from card_companion.companion.cardpeegee.state import FightEncounter  # not among the package's names
from card_companion.views.cardpeegee.encounter import EncounterPanel, Mode, Send, activate_mode
from card_companion.views.cardpeegee.play_form import PlayForm
from card_companion.views.cardpeegee.round_entry import RoundEntry, round_order
from card_companion.views.cardpeegee.shared import SMALL, Odds, click, lines_text, note, present
from card_companion.views.hooks import Part, at_scale, sized, use_kept, use_text_scale
from card_companion.views.per_state import per_state
from card_companion.views.widgets import button, card_face, tagged


def side_name(s: CardPeeGeeState, enc, side: int) -> str:
    if enc.kind == "pvp":
        return f"{s.name(enc.attacker)}'s side" if side == 0 else f"{s.name(enc.defender)}'s side"
    if side == 0:
        return "the Hero's side"
    return {"monster": "the Monster", "healer": "the jailors", "boss": "the Bosses' side"}.get(enc.kind, "")


def fighter_row(s: CardPeeGeeState, enc, i: int, f, draws: int | None, scale: float, part: Part) -> ft.Control:
    """One fighter's row: a memoized component of what it shows, handed back as it was drawn
    (``use_kept``'s ``part``) by a step that leaves this fighter as it was."""
    if f.player is not None:
        hp = s.heroes[f.player].hp
        card, face_down = s.heroes[f.player].character, False
        label = f"{f.name}'s Character {card.symbol}"
    else:
        hp = f.hp
        card, face_down = f.card, f.out == "dead"
        label = f"{f.name}" + (", face down" if f.out == "dead" else "")
    flags = []
    if f.out:
        flags.append(f.out)
    if f.fleeing:
        flags.append("fleeing")
    if f.defending:
        flags.append("healing and defending")
    if f.forced:
        flags.append("forced by a super power")
    if f.player is not None and f.player != s.turn and not (enc.kind == "pvp" and f.player == enc.defender):
        flags.append("Ally" if f.side == 0 else "with the Bosses" if enc.kind == "boss" else "Ally")
    element = f"{f.element.symbol} {f.element.word}" if f.element is not None else None
    # a player's working (their played cards) always; a Monster's, jailor's or Boss's numbers until
    # the first round (then the history keeps them)
    working = tuple(f.working) if f.player is not None or not f.rounds else ()
    return part(FighterRow, i, f.name, card, face_down, label, hp, f.attack, f.deal, draws, element, tuple(flags),
                working, f.live, f.side, scale, key=f"fighter-{i}")


@ft.memo
@ft.component
def FighterRow(i: int, name: str, card, face_down: bool, card_label: str, hp: int, attack: int, deal: int,
               draws: int | None, element: str | None, flags: tuple[str, ...], working: tuple[str, ...], live: bool,
               side: int, scale: float) -> ft.Control:
    at_scale(scale)
    face = card_face(card, ident=f"fighter-{i}-card", width=40, face_down=face_down, label=card_label)
    numbers: list[ft.Control] = [ft.Text(f"HP {hp}", size=sized(16), weight=ft.FontWeight.BOLD),
               ft.Text(f"Attack {attack}", size=sized(16)),
               ft.Text(f"Deal {deal}" + (f" → {draws} this round" if draws is not None and draws != deal else ""),
                       size=sized(16))]
    if element is not None:
        numbers.append(ft.Text(element, size=14))
    head = ft.Row(present(ft.Text(name, size=16, weight=ft.FontWeight.BOLD),
                          ft.Text(" · ".join(flags), size=SMALL, italic=True) if flags else None),
                  wrap=True, spacing=8)
    body = ft.Column([head, ft.Row(numbers, wrap=True, spacing=12, run_spacing=2), *lines_text(working, 12)],
                     spacing=2, tight=True, expand=True)
    label = f"{name}: HP {hp}, Attack {attack}, Deal {deal}" + (f", {', '.join(flags)}" if flags else "")
    return tagged(f"fighter-{i}", ft.Container(
        ft.Row([face, body], spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
        padding=8, border_radius=8, opacity=0.55 if not live else 1.0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if side == 0 else ft.Colors.SURFACE_CONTAINER_HIGH,
    ), label=label)


def battle_title(s: CardPeeGeeState, enc) -> str:
    hero = s.name(s.turn)
    if enc.kind == "monster":
        return f"{hero} fights the Monster {enc.agitator.symbol}"
    if enc.kind == "healer":
        return f"{hero} frees the Healer {enc.agitator.symbol} from its jailors"
    if enc.kind == "boss":
        return f"{hero}'s Boss Battle"
    return f"{s.name(enc.attacker)} attacks {s.name(enc.defender)}"


@ft.component
def BattlePanel(table) -> ft.Control:
    scale = use_text_scale()  # sizes below follow the text-size setting
    part = use_kept()  # (the fighters a step did not change, handed back as they were drawn)
    s, game = table.state, table.game
    enc = s.encounter
    battle = enc.battle
    number = battle.rounds + 1
    legal = legal_actions(s)
    players = who(legal, PlayIntoEncounter)
    actions = table.session.actions
    last = actions[-1].kind if actions else ""
    # a fighter who just arrived (or just activated cards) prepares first: the play form opens
    first = "play" if players and last in ("encounter", "attack", "join", "activate") else "round"
    order = round_order(s, game)
    # (what follows the entry in the panel: none in most fights, so the memoized entry is skipped)
    modes = [Mode("round", f"Round {number}", lambda q, send, after: [
        RoundEntry(table, order, number, tuple(c for c in after if c is not None), key="round")],
                  step=CombatRound)]
    if players:
        modes.append(Mode("play", "Play cards", functools.partial(play_cards, table), players, step=PlayIntoEncounter))
    if activators := who(legal, Activate):
        modes.append(activate_mode(table, activators))
    if legal.allows(JoinFight):
        modes.append(Mode("join", "Cry for help", functools.partial(cry_for_help, table), step=JoinFight,
                          everywhere=True))
    if fleers := who(legal, Flee):
        modes.append(Mode("flee", "Run away", functools.partial(run_away, table, fleers), step=Flee,
                          everywhere=True))
    if healers := who(legal, HealAndDefend):
        modes.append(Mode("heal", "Heal and defend", functools.partial(heal_and_defend, table), healers,
                          step=HealAndDefend))
    return EncounterPanel(
        table, "battle", f"{battle_title(s, enc)} · fight round {number}", fight_lines(s, game, scale, part), modes,
        abandon="Abandon the Healer" if legal.allows(Abandon) else None, chooser="mode", first=first,
        first_actor=getattr(actions[-1], "player", None) if last in ("join", "activate") else None,
        key="encounter",
    )


def fight_lines(s: CardPeeGeeState, game, scale: float, part: Part) -> list[ft.Control | None]:
    """What the fight is: the jailors' or the Bosses' lines, every fighter, the odds."""
    enc = s.encounter
    assert isinstance(enc, FightEncounter) and enc.battle is not None, "the fight panel is drawn in a fight only"
    battle = enc.battle
    parts: list[ft.Control | None] = []
    if enc.kind == "healer":
        parts += lines_text(enc.working)
    if enc.kind == "boss" and not battle.rounds:
        shown = {line for f in battle.fighters for line in f.working}
        parts += lines_text([line for line in enc.working if line not in shown])
    draws = {i: k for i, (_, k, _) in zip(battle.live(), queries.fighters(s))}
    parts += [fighter_row(s, enc, i, f, draws.get(i), scale, part) for i, f in enumerate(battle.fighters)]
    parts.append(Odds(per_state(cardpeegee_fight, game, s), ident="fight-odds",
                      key=f"fight-odds-{battle.rounds + 1}"))
    if not battle.can_flee:
        parts.append(note("A Boss Battle may not be escaped; every combatant fights every opponent each round.",
                          size=SMALL, italic=True))
    return parts


def play_cards(table, q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control]:
    s, game = table.state, table.game
    battle = s.encounter.battle
    when = ("before and after every round against jailors" if battle.play_between_rounds
            else "only before their first round")
    return [PlayForm(table, q, "play", f"Play for {s.name(q)}",
                     lambda cs, fa, cv: PlayIntoEncounter(player=q, cards=cs, from_active=fa, convert=cv),
                     hint=f"Clubs add their value to Attack; spades add 1 each to Deal (diamonds and hearts do "
                          f"nothing in a fight). {s.name(q)} may play cards {when}. When everyone is ready, "
                          f"tap “Round {battle.rounds + 1}”.",
                     odds=functools.partial(cardpeegee_fight, game), keyboard=table.keyboard, after=after,
                     key=f"play-{q}")]


def cry_for_help(table, q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control | None]:
    s = table.state
    parts: list[ft.Control | None] = [note(
        "Cry for help: another player joins the fight and may play and activate cards before their first "
        "round. Each fighter gets their own score cards and is compared against every opponent.")]
    joiners: dict[int, list[int]] = {}
    for join in legal_actions(s).of_kind(JoinFight) or ():
        joiners.setdefault(join.player, []).append(join.side)
    for joiner, sides in joiners.items():
        if not table.enters_for(joiner):  # joining is each player's own choice
            continue
        parts.append(ft.Row([
            button(f"{s.name(joiner)} joins {side_name(s, s.encounter, side)}",
                   click(send, functools.partial(JoinFight, player=joiner, side=side)),
                   f"join-{joiner}-{side}", primary=False, icon=ft.Icons.GROUP_ADD)
            for side in sides], wrap=True, spacing=6, run_spacing=6))
    parts.append(elsewhere(table, list(joiners), "join"))
    return [*parts, *after]


def elsewhere(table, players: list[int], doing: str) -> ft.Control | None:
    """The players whose own choice this is and who enter it on their own phones (not this one)."""
    names = [table.state.name(q) for q in players if not table.enters_for(q)]
    if not names or table.watching:
        return None
    where = f"{names[0]}'s phone" if len(names) == 1 else "their own phones"
    chooses = "chooses" if len(names) == 1 else "choose"
    return note(f"{' and '.join(names)} {chooses} on {where} (or the table phone) whether to {doing}.", italic=True)


def run_away(table, all_fleers: list[int], q: int, send: Send,
             after: list[ft.Control | None]) -> list[ft.Control | None]:
    s, game = table.state, table.game
    fleers = [f for f in all_fleers if table.enters_for(f)]  # running away is each fighter's own choice
    return [
        note("Run away: one more penalty round first. A fleeing fighter takes damage if they lose but deals "
             "none; if they survive they escape."),
        *[note(f"If {s.name(f)} runs away: {queries.flee_penalty(s, f)}.") for f in fleers],
        ft.Row([button(f"{s.name(f)} runs away", click(send, functools.partial(Flee, player=f)), f"flee-{f}",
                       primary=False, icon=ft.Icons.DIRECTIONS_RUN) for f in fleers],
               wrap=True, spacing=6, run_spacing=6),
        Odds(what_if(game, s, Flee(player=s.turn), f"if {s.name(s.turn)} runs away"), ident="flee-odds",
                  key="flee-odds") if s.turn in fleers else None,
        elsewhere(table, all_fleers, "run away"),
        *after,
    ]


def heal_and_defend(table, q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control]:
    s, game = table.state, table.game
    return [PlayForm(table, q, "defend", f"Heal {s.name(q)}",
                     lambda cs, fa, cv: HealAndDefend(player=q, card=(cs or fa)[0], from_active=not cs,
                                                      convert=cv.get((cs or fa)[0])),
                     hint="Play one heart: HP up by its value; this round the fighter deals no damage but takes "
                          "damage as normal.", max_cards=1, odds=functools.partial(cardpeegee_fight, game),
                     keyboard=table.keyboard, after=after, key=f"defend-{q}")]
