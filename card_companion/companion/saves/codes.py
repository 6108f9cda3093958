"""A saved table's code: what it is made of, and a fresh one (the saves give each shared
table one; phones/access.py reads, formats and checks what players type).

>>> code = new_table_code()
>>> len(code), set(code) <= set(CODE_ALPHABET)
(9, True)
"""

from __future__ import annotations

import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""31 symbols a player reads and types without doubt: no 0/O, no 1/I/L"""
CODE_LENGTH = 9
CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH
"""31^9 = 26,439,622,160,671 codes (44.6 bits)"""


def new_table_code() -> str:
    """A fresh random table code (secrets: not guessable from earlier codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "CODE_SPACE", "new_table_code"]
