"""How a save file is read that SQLite cannot read where it is (issue 25, item 3).

A save in WAL mode needs its shared-memory file (``games.sqlite3-shm``) to be read, and a
read-only folder (a read-only mount, a backup on a read-only medium, a disk remounted
read-only after errors) cannot get one: ``mode=ro`` then fails with "unable to open database
file". Such a file is read as immutable, exactly as it is (the folder is read-only: nothing
changes it meanwhile); or, when it still has steps in its write-ahead log (``-wal``: its
server never closed it), from a private copy of the file and its log, so that no step is left
out (immutable would ignore the log).

A command that only reads (``companion stats``, ``records``, ``list``, ``export``) changes
nothing in the folder either (issue 34, item 5): a file that no program has open (no
write-ahead log beside it: SQLite keeps one for as long as a connection in WAL mode is open)
is read as immutable, so SQLite makes none of the files it keeps beside a file it reads
(``-shm``, ``-wal``); a file a server has open is read in place, through the files it already
has. A WAL file's main file changes only at a checkpoint, which a server that has just opened
it does not reach during a command's read."""

from __future__ import annotations

import os
import shutil
import tempfile
from urllib.parse import quote


def read_without_writing(path: str) -> tuple[str, str, str | None]:
    """The SQLite URI to read ``path`` by, how ("immutable" or "a copy"), and the private
    folder of the copy (the caller removes it), if any. OSError if the copy cannot be made."""
    here = os.path.abspath(path)
    wal = f"{here}-wal"
    if not (os.path.exists(wal) and os.path.getsize(wal) > 0):
        return f"file:{quote(here)}?mode=ro&immutable=1", "immutable", None
    folder = tempfile.mkdtemp(prefix="companion-read-only-")
    try:
        copy = os.path.join(folder, os.path.basename(here))
        shutil.copyfile(here, copy)
        shutil.copyfile(wal, f"{copy}-wal")
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return f"file:{quote(copy)}", "a copy", folder


def untouched(path: str) -> str | None:
    """The SQLite URI that reads ``path`` exactly as it is, making no file beside it, when no
    program has it open (no ``-wal`` beside it); None: read it in place (read-only)."""
    here = os.path.abspath(path)
    if os.path.exists(f"{here}-wal") or os.path.exists(f"{here}-journal"):
        return None
    return f"file:{quote(here)}?mode=ro&immutable=1"
