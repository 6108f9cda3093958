"""Card Companion: a table companion for five card games played with real decks.

Layers, each a subpackage, dependencies pointing one way:
``views`` (Flet components) → ``companion`` (trackers, saves, protocol) → ``calculators``
(pure rules). ``app`` wires the views in and serves them; ``cli`` is the `companion` command.
Each game's rule text and rulings (``companion/<game>/rules.txt``, ``rulings.md``) and the
assets ship as package data; ``games`` registers the games.
"""

# the games of this app, registered before any module reads the list (card_companion/games.py)
from card_companion import games as _games  # noqa: F401
