"""The table, cut by concern. At the top, the game framework every game shares: game.py (the
shape of a game), legal.py (what may be entered: ``Legal``), session.py (a setup and its log of
steps, which is also the undo), log_changes.py, registry.py (``GAMES``, the one list), the
resolve protocol (protocol.py, ask.py), advisor.py, rules.py and rule_texts.py (each game's
texts) and action_cards.py. One package per game (peace_and_love, fight, card_stratego, pc_war,
cardpeegee), and three of their own: saves/ (the SQLite file), phones/ (the phones at a table)
and records/ (records, ratings, statistics). No Flet here (views/ draws all of it)."""
