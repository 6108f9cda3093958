"""The bad-input catalogue: what a player or a script may type or send that the app refuses,
and the sentence it answers. Each row is checked by tests/games/test_bad_input_catalogue.py (the
message holds the fragment, and nothing changed); docs/bad-input.md is generated from these
rows (`python -m tests.support.bad_input_catalogue` writes it) and the test fails if the two differ.

Kinds of row:
- ``ask``: a line for ``companion resolve -`` (the calculator screens send the same asks);
- ``step``: a step entered at a table of Ann and Bea, after the steps in ``after``;
- ``seat``: such a step entered on Ann's phone ("I am Ann", the table's "any phone may enter for
  anyone" off) through ``Device.act``, the way every page and every websocket frame enters one;
- ``import``: a file given to ``companion import`` (or the home screen's Import);
- ``websocket``: a frame sent to the web server by something that is not the app's page
  (after the frames in ``after``): the server closes that websocket and logs one line saying
  what was wrong (the row's words), and the page's place is given back.
- ``player``: a change of the players of the records (the Players screen, ``companion
  rename-player`` / ``merge-players``), ``{"rename": [name, new]}`` or ``{"merge": [name, into]}``,
  on the records of two finished FIGHT! matches, Ann against Bea and Cy against Dee (after the
  changes in ``after``, made by another phone).
- ``command``: a ``companion`` command line over a save folder whose save is as ``after`` says
  (damaged: "quick check fails", "not a save file"; or "port taken": the port 8550 of the line
  is one another program listens on): exit 2, one sentence on stderr, the folder as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

DOC = Path(__file__).resolve().parents[2] / "docs" / "bad-input.md"


@dataclass(frozen=True)
class Row:
    kind: str  # ask, step, seat, import, websocket, player, command
    input: Any  # the ask's JSON text, the step's JSON, the imported file's text, the frame, the change
    says: str  # a fragment of the answer
    game: str = ""  # the game of a step
    after: tuple[Any, ...] = field(default=())  # steps entered (frames sent) before it
    why: str = ""  # what the player did, in a few words
    shown: str = ""  # the input as the page shows it, where it is not text


REGISTERED = (b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}]),)
"""a websocket row's ``after``: the page registered first"""


def frame(message: Any) -> bytes:
    """A Flet frame: 0x00 and the MessagePack of ``message``."""
    return b"\x00" + msgpack.packb(message)


def pal_fight(**change: Any) -> str:
    request = {"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
               "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S", "card": "2C"}]}
    request.update(change)
    return json.dumps(request, ensure_ascii=False)


def fighters(*entries: tuple[int, str, str]) -> list[dict[str, Any]]:
    return [{"player": p, "fighter": f, "card": c} for p, f, c in entries]


def saved(game: str, players: list[str], actions: list[Any] | None = None, **more: Any) -> str:
    record = {"format": "card-companion-game", "version": 1, "game": game, "setup": {"players": players},
              "actions": actions or [], **more}
    return json.dumps(record)


PAL_DEALT = ({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]},
             {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]})

ROWS: list[Row] = [
    # --- the resolve protocol and the calculators ------------------------------------------------
    Row("ask", "not json", "not JSON", why="not JSON at all"),
    Row("ask", "", "not JSON", why="an empty line"),
    Row("ask", '["pc-war"]', 'a request is a JSON object with "game" and "ask"', why="a list, not an object"),
    Row("ask", '{"ask": "fight"}', 'a request needs "game" and "ask"', why="no game"),
    Row("ask", '{"game": ["pc-war"], "ask": "flip"}', '"game" and "ask" are words', why="a list where a word belongs"),
    Row("ask", '{"game": "chess", "ask": "move"}', "unknown game 'chess': the games are peace-and-love",
        why="a game the app does not know"),
    Row("ask", '{"game": "cardpeegee", "ask": "dance"}', "cardpeegee has no ask 'dance': it answers play",
        why="an ask the game does not have"),
    Row("ask", '{"game": "pc-war", "ask": "flip", "cards": ["KH", "QS"], "colour": "red"}',
        "colour: Extra inputs are not permitted", why="a field no ask has"),
    Row("ask", pal_fight(fighters=fighters((0, "1H", "7H"), (1, "5S", "2C"))), "'1H' is not a card",
        why="a card that does not exist"),
    Row("ask", pal_fight(defender=0), "a player cannot attack themselves", why="attacker and defender the same"),
    Row("ask", pal_fight(fighters=fighters((0, "9H", "7H"), (0, "5S", "2C"))),
        "each player puts at most one fighter into a fight", why="one player with two fighters in a round"),
    Row("ask", pal_fight(defender=3), "players are numbered 0 to 1", why="a player who is not at the table"),
    Row("ask", pal_fight(players=1, fighters=[]), "players: Input should be greater than or equal to 2",
        why="a table of one"),
    Row("ask", pal_fight(fighters=fighters((0, "JOKER", "7H"), (1, "5S", "2C"))),
        "Peace and Love is played without jokers", why="a Joker"),
    Row("ask", pal_fight(fighters=fighters((0, "9H", "7H"))), "at least 2 items", why="a fight of one fighter"),
    Row("ask", pal_fight(fighters=fighters((0, "9H", "9H"), (1, "5S", "2C"))),
        "9♥ is entered 2 times, but the deck of Peace and Love holds only one", why="one card twice from one pack"),
    Row("ask", pal_fight(decks=99), "decks: Input should be less than or equal to 32", why="99 packs"),
    Row("ask", '{"game": "fight", "ask": "turn", "cards": ["7H", "AS"]}',
        "7♥ is not in the deck of FIGHT!: it has A to 6 of each suit", why="a card the 24-card deck lacks"),
    Row("ask", '{"game": "fight", "ask": "turn", "cards": ["AS"]}', "a turn has two cards", why="one card"),
    Row("ask", '{"game": "fight", "ask": "turn", "cards": ["AS", "AS"]}',
        "A♠ is played twice: a FIGHT! deck has one of each card", why="the same card for both players"),
    Row("ask", '{"game": "fight", "ask": "won-card"}', "winner is missing; card is missing", why="nothing given"),
    Row("ask", '{"game": "card-stratego", "ask": "battle", "attacker": "JS", "defender": "5H"}',
        "J♠ is a Jack: Jacks are played from the hand to the discard pile", why="a Jack battles"),
    Row("ask", '{"game": "card-stratego", "ask": "battle", "attacker": "5S", "defender": "JOKER"}',
        "a Joker is played from the hand to the discard pile and never stands on the battlefield",
        why="a Joker defends"),
    Row("ask", '{"game": "card-stratego", "ask": "battle", "attacker": "5S"}', "defender is missing",
        why="no defender"),
    Row("ask", '{"game": "card-stratego", "ask": "battle", "attacker": "ZZ", "defender": "5H"}',
        "'ZZ' is not a card", why="a typo"),
    Row("ask", '{"game": "pc-war", "ask": "flip", "cards": ["KH", "KH"]}',
        "K♥ is entered for both players, but the deck holds only one K♥", why="the same card for both"),
    Row("ask", '{"game": "pc-war", "ask": "flip", "cards": ["KH"]}', "a flip is two cards, one per player",
        why="one card"),
    Row("ask", '{"game": "pc-war", "ask": "flip", "cards": ["BLANK", "QS"]}',
        "the blank card is not in the deck of Non-Violent, Politically-Correct War (the Blank card setting is none",
        why="the blank card without the setting"),
    Row("ask", '{"game": "cardpeegee", "ask": "trap", "agitator": "BLANK", "evasion": 3}',
        "the blank card is not in the deck of CardPeeGee", why="PC War's blank card in another game"),
    Row("ask", '{"game": "pc-war", "ask": "trade-and-war", "hands": [-1, 5], "piles": [0, 0]}',
        "hands.0: Input should be greater than or equal to 0", why="a negative count"),
    Row("ask", '{"game": "cardpeegee", "ask": "play", "cards": ["5C"], "active": ["5C"]}',
        "only Jacks and Aces can be active, not 5♣", why="a 5 as an active card"),
    Row("ask", '{"game": "cardpeegee", "ask": "play", "cards": ["5C"], "as": {"5C": "H"}}',
        "5♣ cannot be played as a heart: that needs an active Jack", why="a conversion without its Jack"),
    Row("ask", '{"game": "cardpeegee", "ask": "play", "cards": ["5C", "5C"]}',
        "5♣ is entered 2 times, but the deck of CardPeeGee (one pack) holds only one", why="two 5♣ from one pack"),
    Row("ask", '{"game": "cardpeegee", "ask": "play", "cards": ["5C"], "packs": 0}',
        "packs: Input should be greater than or equal to 1", why="no pack"),
    Row("ask", '{"game": "cardpeegee", "ask": "monster", "agitator": "9H"}',
        "a Monster's agitator is a club; 9♥ starts another encounter", why="a heart as a Monster"),
    Row("ask", '{"game": "cardpeegee", "ask": "trap", "agitator": "9C", "evasion": 2}',
        "a Trap's agitator is a spade; 9♣ starts another encounter", why="a club as a Trap"),
    Row("ask", '{"game": "cardpeegee", "ask": "trap", "agitator": "9S", "evasion": -3}',
        "greater than or equal to 0", why="a negative evasion count"),
    Row("ask", '{"game": "cardpeegee", "ask": "boss-stack", "cards": ["7C", "4D"]}',
        "a Boss stack needs at least one face card", why="a Boss stack without a face card"),
    Row("ask", '{"game": "cardpeegee", "ask": "boss-stack", "cards": ["KH", "KH", "QH"]}',
        "K♥ is entered 2 times", why="two K♥ from one pack"),
    Row("ask", '{"game": "cardpeegee", "ask": "combat-round", "fighters": [{"attack": 11, "drawn": 3}]}',
        "at least 2 items", why="a round with one fighter"),
    Row("ask", '{"game": "peace-and-love", "ask": "final-score", "players": [{"cards": 3}, {"pile": ["KH"]}]}',
        "a count alone does not score", why="a victory pile's card count without its points"),
    Row("ask", '{"game": "peace-and-love", "ask": "hand-odds", "players": 4, "attacker": 0, "defender": 1, '
        '"fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"}, {"player": 2, "fighter": "8D"}, '
        '{"player": 3, "fighter": "2C"}], "player": 0, "hand": ["3C"], "unknown": ["4C", "KD", "6H"]}',
        "one or two other fighters' cards are unknown", why="a hand's odds against three unknown cards"),
    Row("ask", '{"game": "peace-and-love", "ask": "hand-odds", "players": 3, "attacker": 0, "defender": 1, '
        '"fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"}, {"player": 2, "fighter": "8D"}], '
        '"player": 0, "hand": ["3C"], "unknown": ["KD"]}',
        "2 played cards are unknown but only 1 unknown card", why="two unknown cards out of one"),
    Row("ask", '{"game": "cardpeegee", "ask": "super-powers", "stack": ["QH"], "players": [{"character": "KS"}], '
        '"hero": 2}', "the Hero is one of the players: 0 to 0", why="a Hero who is not at the table"),
    Row("ask", '{"game": "cardpeegee", "ask": "combat-round", "fighters": [{"attack": 9, "drawn": 3}, '
        '{"attack": 9, "drawn": 3}, {"attack": 9, "drawn": 3}]}', "give every fighter's side",
        why="three fighters without their sides"),
    Row("ask", '{"game": "cardpeegee", "ask": "trap", "agitator": "7S", "evasion": ["9C", "2H"], "active": 2}',
        "the Hero draws 3 cards (one plus one per active card), not 2", why="an evasion draw one card short"),
    Row("ask", '{"game": "cardpeegee", "ask": "healer", "agitator": "6H", "props": ["5D"], "paid": []}',
        "give the cards played for the fee", why="a fee paid with no cards"),
    Row("ask", '{"game": "cardpeegee", "ask": "disarm", "trap": "9S", "disarm_score": 3, "spades": ["5S"], '
        '"hero_draw": 3, "trap_draw": 4}', "not both", why="a disarm score and the spades it comes from"),
    Row("ask", '{"game": "cardpeegee", "ask": "town", "shop": ["9H"]}',
        "9♥ counts as a heart: shopping takes only diamonds", why="a heart played to shop"),

    # --- steps at the table ---------------------------------------------------------------------
    Row("step", {"kind": "deal", "player": 0, "fighters": ["9H", "KD"]}, "deal.fighters.2 is missing",
        game="peace-and-love", why="two fighters dealt instead of three"),
    Row("step", {"kind": "deal", "player": 5, "fighters": ["9H", "KD", "QC"]}, "there is no player 5",
        game="peace-and-love", why="a player who is not at the table"),
    Row("step", {"kind": "deal", "player": 0, "fighters": ["9H", "KD", "1C"]}, "'1C' is not a card",
        game="peace-and-love", why="a typo in a card"),
    Row("step", {"kind": "deal", "player": 0, "fighters": ["KD", "KD", "QC"]}, "K♦ is entered 2 times",
        game="peace-and-love", why="one card twice from one pack"),
    Row("step", {"kind": "deal", "player": 1, "fighters": ["9H", "2C", "3C"]}, "9♥ is entered 2 times",
        game="peace-and-love", after=PAL_DEALT[:1], why="a card another player already has face up"),
    Row("step", {"kind": "deal", "player": 0, "fighters": ["2H", "3D", "4C"]}, "Ann's fighters are already entered",
        game="peace-and-love", after=PAL_DEALT[:1], why="dealing to a player twice"),
    Row("step", {"kind": "fight", "fighter": 0, "defender": 1, "defender_fighter": 0},
        "first enter every player's three fighters", game="peace-and-love", why="a fight before the deal"),
    Row("step", {"kind": "fight", "fighter": 0, "defender": 1, "defender_fighter": 0},
        "choose another player to attack", game="peace-and-love", after=PAL_DEALT,
        why="attacking oneself (Bea starts: lowest total, 14)"),
    Row("step", {"kind": "fight", "fighter": 3, "defender": 0, "defender_fighter": 0},
        "fight.fighter: Input should be less than 3", game="peace-and-love", after=PAL_DEALT,
        why="a fourth fighter"),
    Row("step", {"kind": "play", "cards": {"0": "2H"}}, "there is no fight going on", game="peace-and-love",
        after=PAL_DEALT, why="playing a card outside a fight"),
    Row("step", {"kind": "first-player", "player": 0}, "the first player is already known",
        game="peace-and-love", after=PAL_DEALT, why="picking a first player with no tie"),
    Row("step", {"kind": "dance"}, "'dance' is not a step of this game; the steps are deal", game="peace-and-love",
        why="a step the game does not have"),
    Row("step", {"kind": "row", "cards": ["AS", "2H"]}, "a round starts with 3 cards turned face up in the row",
        game="fight", why="two row cards"),
    Row("step", {"kind": "row", "cards": ["AS", "2H", "7H"]}, "7♥ is not in the deck of FIGHT!", game="fight",
        why="a card the 24-card deck lacks"),
    Row("step", {"kind": "row", "cards": ["AS", "AS", "2H"]}, "A♠ is entered twice", game="fight",
        why="the same card twice"),
    Row("step", {"kind": "pick", "player": 0, "card": "AS"}, "that is not the next step; now: Round 1: turn up 3",
        game="fight", why="picking before the row is out"),
    Row("step", {"kind": "pick", "player": 0, "card": "6C"}, "that is not the next step; now: Flip a coin",
        game="fight", after=({"kind": "row", "cards": ["AS", "2H", "3D"]},), why="picking before the coin"),
    Row("step", {"kind": "attack", "column": 0}, "Ann has no card in column 1 to attack with", game="card-stratego",
        why="attacking from an empty column"),
    Row("step", {"kind": "play", "column": 9}, "play.column: Input should be less than 4", game="card-stratego",
        why="a column that does not exist"),
    Row("step", {"kind": "end-turn"}, "Ann must use every action and can still draw a card", game="card-stratego",
        why="ending a turn with actions left"),
    Row("step", {"kind": "joker"}, "joker.target is missing", game="card-stratego", why="a Joker without a target"),
    Row("step", {"kind": "flip", "cards": ["KH", "KH"]}, "K♥ is entered for both players", game="pc-war",
        why="the same card for both"),
    Row("step", {"kind": "war", "higher": "left"}, "there is no war: enter a flip", game="pc-war",
        why="a war without a tie"),
    Row("step", {"kind": "swap"}, "hands are only swapped after a tie", game="pc-war", why="swapping without a tie"),
    Row("step", {"kind": "flip", "cards": ["2H", "9C"], "higher": "left"},
        "the cards say Bea's card is higher but the tap says Ann's card is higher", game="pc-war",
        why="entered cards and the tap disagree"),
    Row("step", {"kind": "flip", "higher": "sideways"}, "flip.higher: Input should be 'left', 'right' or 'tie'",
        game="pc-war", why="no side"),
    Row("step", {"kind": "flee", "player": 0}, "there is no encounter going on", game="cardpeegee",
        why="fleeing from nothing"),
    Row("step", {"kind": "town"}, "first enter every Hero's Character and HP", game="cardpeegee",
        why="going to town before the Heroes"),
    Row("step", {"kind": "revolution"}, "the Glorious Revolution comes only when the deck runs out",
        game="cardpeegee", why="a revolution with cards in the deck"),
    Row("step", {"kind": "attack"}, "attack.defender is missing", game="cardpeegee", why="an attack on nobody"),

    # --- a step entered on a player's phone ("I am Ann") that is another player's own choice -----
    Row("seat", PAL_DEALT[1], "that is Bea's choice: Bea's phone or the table phone enters it",
        game="peace-and-love", why="Bea's deal on Ann's phone"),
    Row("seat", {"kind": "retire", "fighter": 0, "new_fighter": "3H"},
        "that is Bea's choice: Bea's phone or the table phone enters it", game="peace-and-love", after=PAL_DEALT,
        why="Bea's turn's action (she has the lowest total) on Ann's phone"),
    Row("seat", {"kind": "pick", "player": 1, "card": "AS"},
        "that is Bea's choice: Bea's phone or the table phone enters it", game="fight",
        after=({"kind": "row", "cards": ["AS", "2S", "3S"]}, {"kind": "coin-flip", "purpose": "first-pick",
                                                            "winner": 1}),
        why="Bea's pick from the row on Ann's phone"),
    Row("seat", {"kind": "draw"}, "that is Bea's choice: Bea's phone or the table phone enters it",
        game="card-stratego", after=({"kind": "draw"},), why="an action of Bea's turn on Ann's phone"),
    Row("seat", {"kind": "hero", "player": 1, "character": "QS", "hp_cards": ["2C", "3C", "4C"]},
        "that is Bea's choice: Bea's phone or the table phone enters it", game="cardpeegee",
        why="Bea's Hero on Ann's phone"),

    # --- importing a saved game -----------------------------------------------------------------
    Row("import", "not json", "this is not a saved game: it is not JSON", why="a text file"),
    Row("import", '{"format": "something-else"}', "this is not a saved game of this app", why="another app's file"),
    Row("import", saved("fight", ["Ann", "Bea"], version=99), "saved by a newer version of the app",
        why="a file from a newer version"),
    Row("import", saved("fight", ["Ann", "Bea"], version="99"), "damaged: version", why="a version that is a word"),
    Row("import", saved("chess", ["Ann", "Bea"]), "this app does not know the game 'chess'", why="an unknown game"),
    Row("import", saved("pc-war", ["Ann"]), "Correct War is for 2 players, not 1", why="PC War for one"),
    Row("import", saved("card-stratego", ["Ann"]), "is for 2 players, not 1", why="Card Stratego for one"),
    Row("import", saved("peace-and-love", [f"P{i}" for i in range(65)]), "a table has at most 64 players, not 65",
        why="Peace and Love for 65"),
    Row("import", saved("fight", ["A" * 5000, "Bea"]), "a player's name has at most 40 letters",
        why="a 5,000-letter name"),
    Row("import", saved("peace-and-love", ["Ann", "Bea"], [{"kind": "refresh", "fighter": 0}]),
        "action 1 of the log cannot be applied", why="a log that does not replay"),
    Row("import", "[" * 100_000 + "]" * 100_000, "not JSON", why="JSON nested 100,000 deep"),
    Row("import", saved("fight", ["Ann", "Bea"], version=-1),
        "version: -1 is not a version of the save format (this app reads version 1)", why="version -1"),
    Row("import", saved("fight", ["Ann", "Bea"], version=0), "0 is not a version of the save format",
        why="version 0"),
    Row("import", saved("fight", ["Ann\x00", "Bea"]),
        "setup.players.0 has a control character (U+0000), which is not text a player types",
        why="a NUL in a player's name"),
    Row("import", saved("fight", ["Ann", "Be\x1b[2Ja"]), "setup.players.1 has a control character (U+001B)",
        why="a terminal escape in a player's name"),
    Row("import", saved("fight", ["Ann\nBea", "Cy"]), "setup.players.0 has a control character (U+000A)",
        why="a line break inside a name"),
    Row("import", saved("fight", ["Ann", "Bea\ud800"]), "setup.players.1 has a control character (U+D800)",
        why="half a surrogate pair in a name"),
    Row("import", saved("peace-and-love", ["Ann", "Bea"], [dict(PAL_DEALT[0], fighters=["9H", "KD", "Q\x07C"])]),
        "actions.0.fighters.2 has a control character (U+0007)", why="a control character inside a step"),
    Row("import", saved("fight", ["Ann", "Bea"], redo=[{"kind\x00": "x"}]), "redo.0.kind", why="a NUL in a key"),
    Row("import", json.dumps({"format": "card-companion-games", "version": -1, "games": []}),
        "this file of saved games cannot be read: -1 is not a version of the save format",
        why="a file of every game, version -1"),
    Row("import", json.dumps({"format": "card-companion-games", "version": 1,
                              "games": [json.loads(saved("fight", ["Ann", "Bea\x00"]))]}),
        "game 1 of 1 in the file cannot be imported (the saved game is damaged: setup.players.1 has a control "
        "character (U+0000)", why="a file of every game with a NUL in a name"),
    Row("import", '{"format": "card-companion-games", "version": 1, "games": [], "games": []}',
        "this file of saved games is damaged: it has two lists of games", why="a file of every game with two lists"),
    Row("import", json.dumps({"format": "card-companion-games", "version": 1, "games": [
        json.loads(saved("fight", ["Ann", "Bea"])), json.loads(saved("fight", ["Cy", "Dee"]))]})[:-30],
        "this is not a saved game: it is not JSON", why="a file of every game cut short in its second game "
        "(the first is not imported either)"),
    Row("import", json.dumps({"format": "card-companion-games", "version": 1, "games": [
        json.loads(saved("fight", ["Ann", "Bea"])), json.loads(saved("fight", ["Cy", "D" * 2**25]))]}),
        "game 2 in the file cannot be imported (it is more than 32 MB; a saved game is at most 32 MB)",
        why="a file of every game, its second game 32 MB long"),
    Row("import", saved("fight", ["Ann", "Bea"], games=[]),
        "this file of saved games is damaged: it is one game with a list of games in it",
        why="one game with a list of games in it"),

    # --- the web server's websocket (a script, not the app's page) -------------------------------
    Row("websocket", "hello", "a text frame (Flet's client sends binary frames)", why="a text frame",
        shown='"hello" (text)'),
    Row("websocket", b"\x00\xc1 junk", "a frame that is not MessagePack", why="bytes that are not MessagePack",
        shown="00 c1 20 6a 75 6e 6b"),
    Row("websocket", b"\x07abc", "a frame of unknown type 0x07", why="a frame of a type Flet has not",
        shown="07 61 62 63"),
    Row("websocket", frame([1, 2, 3]), "a frame that is not a Flet message", why="MessagePack, not a message",
        shown="00 + [1, 2, 3]"),
    Row("websocket", frame([3, {"target": 1, "name": "click", "data": None}]), "a control event before the "
        "registration", why="a tap before registering", shown='00 + [3, {"target": 1, "name": "click", "data": nil}]'),
    Row("websocket", frame([1, {"session_id": None}]), "a registration whose fields are not Flet's (session_id)",
        why="a registration without its page", shown='00 + [1, {"session_id": nil}]'),
    Row("websocket", REGISTERED[0], "a second registration", after=REGISTERED, why="registering twice",
        shown='00 + [1, {"session_id": nil, "page_name": "", "page": {"route": "/"}}]'),
    Row("websocket", frame([4, {"id": 1, "props": "x"}]), "a property update whose fields are not Flet's",
        after=REGISTERED, why="a property update that is not a map", shown='00 + [4, {"id": 1, "props": "x"}]'),
    Row("websocket", frame([9, {}]), "a message Flet's client does not send (9)", after=REGISTERED,
        why="an action number Flet has not", shown="00 + [9, {}]"),
    Row("websocket", b"\x01ab", "a data-channel frame out of place", after=REGISTERED,
        why="a data-channel frame too short to name its channel", shown="01 61 62"),
    Row("import", saved("fight", ["Ann", "B" * 200]), "a player's name has at most 40 letters",
        why="a 200-letter name"),
    Row("import", saved("fight", ["Ann", "   "]), "every player needs a name", why="a name of spaces only"),
    # --- the players of the records -----------------------------------------------------------------
    Row("player", {"rename": ["Ann", ""]}, "every player needs a name", why="an empty name"),
    Row("player", {"rename": ["Ann", "   "]}, "every player needs a name", why="a name of spaces only"),
    Row("player", {"rename": ["Ann", "A" * 200]}, "a player's name has at most 40 letters", why="a 200-letter name"),
    Row("player", {"rename": ["Ann", "An\nn"]}, "cannot hold control characters", why="a line break in a name"),
    Row("player", {"rename": ["Ann", " bea"]}, "Bea is another player: merge the two players",
        why="a name another player has"),
    Row("player", {"rename": ["Zed", "Zoe"]}, "there is no player called 'Zed'", why="a player nobody recorded"),
    Row("player", {"merge": ["Ann", "ANN "]}, "a player cannot be merged with themselves",
        why="merging a player with themselves"),
    Row("player", {"merge": ["Ann", "Bea"]}, "Ann and Bea played at the same table (1 game)",
        why="merging two players who played each other"),
    Row("player", {"merge": [42, "Bea"]}, "a player's name is text", why="a number for a name"),
    Row("player", {"rename": ["Ann", "\u200b\u2060"]}, "every player needs a name",
        why="a name of invisible characters only", shown='{"rename": ["Ann", "\\u200b\\u2060"]}'),
    Row("player", {"rename": ["Cy", " BEA\u200b"]}, "Bea is another player: merge the two players",
        why="a look-alike of another player's name (a zero-width space)", shown='{"rename": ["Cy", " BEA\\u200b"]}'),
    Row("player", {"rename": ["Ann", "Annie"]}, "Ann is called Anna now (renamed or merged meanwhile, on another "
        "phone?): nothing was changed", after=({"rename": ["Ann", "Anna"]},),
        why="a rename by the name another phone's rename just changed"),
    Row("player", {"merge": ["Ann", "Cy"]}, "Ann is called Anna now", after=({"rename": ["Ann", "Anna"]},),
        why="a merge by the name another phone's rename just changed"),
    Row("import", saved("fight", ["Ann", "Ann\u200b"]), "two players have the same name: 'Ann' and 'Ann\\u200b' "
        "are one name once what draws nothing is taken out", why="two names that look the same (a zero-width space)",
        shown='{..., "setup": {"players": ["Ann", "Ann\\u200b"]}, ...}'),
    Row("import", saved("fight", ["\u202e\u200b", "Bea"]), "every player needs a name",
        why="a name of invisible characters only", shown='{..., "setup": {"players": ["\\u202e\\u200b", "Bea"]}, ...}'),

    # --- commands over a save folder ------------------------------------------------------------
    Row("command", ["stats"], "games.sqlite3 is damaged", after=("quick check fails",),
        why="the statistics of a damaged save (before: a spare games-1.sqlite3 made, nothing printed, exit 0)"),
    Row("command", ["records", "--csv"], "games.sqlite3 is damaged", after=("quick check fails",),
        why="the records of a damaged save"),
    Row("command", ["list"], "games.sqlite3 is not a readable save file (file is not a database)",
        after=("not a save file",), why="the saved games of a file that is not a save"),
    Row("command", ["export", "--all"], "games.sqlite3 is damaged", after=("quick check fails",),
        why="a backup of a damaged save"),
    Row("command", ["rename-player", "Ann", "Annie"], "games.sqlite3 is damaged", after=("quick check fails",),
        why="a rename in a damaged save (before: \"there is no player called 'Ann'\")"),
    Row("command", ["merge-players", "Ann", "Bea"], "it was left untouched, and nothing was changed",
        after=("not a save file",), why="a merge in a file that is not a save"),
    Row("command", ["--port", "8550"], "port 8550 is taken on 127.0.0.1 (another program is listening there): "
        "try --port", after=("port taken",), why="serving on a port another program has (before: the address, two "
        "tracebacks, exit 3)"),
    Row("command", ["--port", "0"], "0 is not a port (a port is 1 to 65535): try --port", why="port 0"),
    Row("command", ["--host", "192.0.2.1"], "192.0.2.1 is not an address of this machine: try --host 0.0.0.0",
        why="serving on an address of another machine"),
]


FOLDERS = {"quick check fails": "its save damaged: it fails its check", "not a save file": "its save not SQLite",
           "port taken": "another program listening on it"}
"""a command row's ``after``, as the page says it"""


def render() -> str:
    """docs/bad-input.md, from the rows."""
    from card_companion.companion.registry import GAMES

    head = {"ask": "## Asks (`companion resolve`, the calculators)",
            "step": "## Steps at a table of Ann and Bea",
            "seat": "## Steps entered on Ann's phone (\"I am Ann\") that are another player's own choice",
            "import": "## Importing a saved game (a new game's names are checked the same way)",
            "websocket": "## Frames on the web server's websocket (the server closes it and logs one line)",
            "player": "## Renaming and merging the players of the records\n\n"
                      "(A game whose save is damaged has no record: `companion stats` and `companion records` "
                      "say so on stderr,\n\"the saved game ID (GAME) cannot be read (why): it is not counted\", "
                      "and count the others.)",
            "command": "## Commands over a save folder (exit 2, one sentence on stderr, the folder as it was)"}
    lines = ["# Bad input: what the app refuses, and what it says", "",
             "Every row is a test (tests/support/bad_input_catalogue.py): the answer holds the words shown, and",
             "nothing changed (no game saved, the table's state as it was). This page is generated from",
             f"the same rows (`python -m tests.support.bad_input_catalogue`); {len(ROWS)} rows.", ""]
    for kind in ("ask", "step", "seat", "import", "websocket", "player", "command"):
        lines += [head[kind], "", "| What was done | Input | The answer says |", "|---|---|---|"]
        for r in ROWS:
            if r.kind != kind:
                continue
            shown = r.shown or (r.input if isinstance(r.input, str) else json.dumps(r.input, ensure_ascii=False))
            if r.kind == "command":
                shown = " ".join(["companion", *r.input]) + (f" ({FOLDERS[r.after[0]]})" if r.after else "")
            elif r.kind == "player" and r.after:
                shown += " after " + ", ".join(json.dumps(a, ensure_ascii=False) for a in r.after)
            if len(shown) > 90:
                shown = shown[:87] + "…"
            what = r.why + (f" ({GAMES[r.game].name})" if r.game else "")
            cell = "`" + shown.replace("|", "\\|") + "`" if shown else "(an empty line)"
            lines.append(f"| {what} | {cell} | {r.says.replace('|', chr(92) + '|')} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    DOC.write_text(render(), encoding="utf-8")
    print(f"wrote {DOC} ({len(ROWS)} rows)")
