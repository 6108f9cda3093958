"""The `companion` command: serve the app, answer resolve requests, print the schema.

  companion                         serve at http://127.0.0.1:8550
  companion --host 0.0.0.0 --port N serve phones on the LAN (prints the address and a QR code)
  companion --admin-password PW     a host view of every game at /admin (or $COMPANION_ADMIN_PASSWORD)
  companion --phone-dir DIR         the phone app's build served at /phone/ (default: the checkout's build/phone)
  companion resolve '<json>'        answer one request (exit 2 on a bad one)
  companion resolve -               JSON Lines on stdin, one answer line per request
  companion schema                  the JSON Schema of every request
  companion export ID / import FILE saved games as JSON
  companion export --all > games.json   every saved game in one file; import adds them back as new games
  companion stats [--game G] [--player NAME] [--period P] [--json]   the players' statistics and ratings
  companion records --csv           every finished game's record, one row per player per game
  companion rename-player OLD NEW / merge-players NAME INTO   the players of the records
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from contextlib import nullcontext
from pathlib import Path

from card_companion.app import DEFAULT_HOST, DEFAULT_PORT
from card_companion.server import (
    CHECKOUT_BUILD,
    NEW_PER_MINUTE,
    PER_ADDRESS,
    SESSION_TIMEOUT,
    WILDCARD,
    CannotListen,
    lan_address,
    phone_build,
)

ENV_ADMIN = "COMPANION_ADMIN_PASSWORD"
ENV_PHONE_DIR = "COMPANION_PHONE_DIR"


def address_of(host: str, port: int) -> str:
    """The address phones open (this machine's on the table's network, for a wildcard host)."""
    shown = lan_address() if host in WILDCARD else host
    return f"http://{shown}:{port}/"


def print_address(host: str, port: int, out=sys.stdout) -> str:
    url = address_of(host, port)
    print(f"Card Companion is at {url}", file=out)
    if host in WILDCARD:
        print("Open it on a phone on the same network, or scan:", file=out)
        try:
            import segno

            segno.make(url, error="m").terminal(out=out, compact=True)
        except Exception as exc:  # the QR code is a convenience; the address is printed anyway
            print(f"(no QR code: {exc})", file=out)
    out.flush()
    return url


def phone_app_of(asked: str | None, url: str) -> tuple[Path | None, str | None]:
    """The phone app's build to serve at /phone/ (``--phone-dir``, ``$COMPANION_PHONE_DIR``, or
    the checkout's build/phone) and the one line the host reads of it: where the phones open it,
    or why it is not offered and what builds it. An installed wheel asked for no build says
    nothing: it has no phone app to build and no make to build it with."""
    folder = asked or os.environ.get(ENV_PHONE_DIR) or None
    build = phone_build(folder if folder else CHECKOUT_BUILD)
    if build is not None:
        return build, f"The phone app (the whole app kept on one phone, no server needed) is at {url}phone/"
    if folder:
        return None, f"No phone app at /phone/: {folder} holds no build (index.html and sw.js); make phone builds one"
    if (CHECKOUT_BUILD.parent.parent / "Makefile").is_file():
        return None, "No phone app at /phone/: make phone builds it (then start again)"
    return None, None


EMPTY_LINE = '{"error":"empty line: a request is a JSON object"}'


def cmd_resolve(args) -> int:
    from card_companion.companion.protocol import resolve_line

    if args.request == "-":
        # bytes in, UTF-8 out, whatever the locale: a line that is not UTF-8 is one error line,
        # never the end of the stream
        out = sys.stdout.buffer
        for line in sys.stdin.buffer:  # one answer line per input line, bad ones included
            try:
                answer = resolve_line(line) if line.strip() else EMPTY_LINE
            except Exception as exc:  # a bug must not end the stream: say so on this line, go on
                answer = json.dumps({"error": f"the app could not answer this request ({type(exc).__name__}); "
                                              "please report it"})
            out.write(answer.encode("utf-8") + b"\n")
        out.flush()
        return 0
    answer = resolve_line(args.request.encode("utf-8", "surrogateescape"))
    sys.stdout.buffer.write(answer.encode("utf-8") + b"\n")
    sys.stdout.flush()
    return 2 if answer.startswith('{"error"') else 0


def cmd_schema(args) -> int:
    from card_companion.companion.protocol import schema

    print(json.dumps(schema(), indent=2, ensure_ascii=False))
    return 0


def cmd_export(args) -> int:
    from card_companion.companion.game import IllegalAction
    from card_companion.companion.saves.storage import StoreError, open_to_read

    if args.all == (args.id is not None):
        print(json.dumps({"error": "name one game's id, or --all for every game"}), file=sys.stderr)
        return 2
    try:
        opened = open_to_read(args.data_dir)
        if args.all:
            text, left_out = opened.store.export_all()
            for line in left_out:
                print(f"Note: {line}", file=sys.stderr)
            print(text)
        else:
            print(opened.store.export_json(args.id))
    except (IllegalAction, StoreError) as exc:
        print(json.dumps({"error": str(exc)}), file=sys.stderr)
        return 2
    return 0


def cmd_import(args) -> int:
    from card_companion.companion.game import IllegalAction
    from card_companion.companion.saves.storage import StoreError, open_store

    opened = open_store(args.data_dir)
    if opened.problem:  # a damaged save: the games go where the app saves them now (a spare file), said
        print(f"Note: {opened.problem}", file=sys.stderr)
    notes: list[str] = []
    try:  # read a game at a time (store_transfer.py): a file of many games in the memory of one
        with (nullcontext(sys.stdin.buffer) if args.file == "-" else Path(args.file).open("rb")) as file:
            ids = opened.store.import_file(file, notes=notes)
    except OSError as exc:
        print(json.dumps({"error": f"cannot read {args.file}: {exc.strerror or exc}"}), file=sys.stderr)
        return 2
    except (IllegalAction, StoreError) as exc:
        print(json.dumps({"error": str(exc)}), file=sys.stderr)
        return 2
    for note in notes:
        print(f"Note: {note}", file=sys.stderr)
    for gid in ids:
        print(gid)
    return 0


def cmd_list(args) -> int:
    from card_companion.companion.phones.access import format_table_code
    from card_companion.companion.saves.storage import StoreError, open_to_read

    try:
        opened = open_to_read(args.data_dir)
        games = opened.store.saved_games()
    except StoreError as exc:
        return fail(str(exc))
    if opened.problem:
        print(f"Note: {opened.problem}", file=sys.stderr)
    for g in games:
        code = f"  code {format_table_code(g.code)}" if g.code else ""
        said = f"  {g.headline}" if g.headline else ""
        print(f"{g.id}  {g.game}  {', '.join(g.players)}  {g.actions} steps{said}{code}"
              + (f"  ({g.problem})" if g.problem else ""))
    return 0


def system_malloc() -> None:
    """Serve with the C library's malloc rather than Python's own small-object allocator,
    where the C library is glibc (Linux): the process starts itself again, at once, with
    ``PYTHONMALLOC=malloc`` (the same process id; nothing has been served yet). Python's
    allocator keeps each 1 MiB arena of small objects for as long as one object lives in it,
    and the few thousand long-lived objects made while many phones were there (caches of
    Flet's, typing's, urllib's...) kept 120 MB of arenas after 300 phones had left; glibc's
    heap gives back every free page once the app has collected (``app.give_back_memory``).
    Same speed (docs/performance.md). A ``PYTHONMALLOC`` already set is left as it is."""
    import platform

    if os.environ.get("PYTHONMALLOC") or not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return
    argv = list(getattr(sys, "orig_argv", ()) or [sys.executable, *sys.argv])
    try:
        sys.stdout.flush()
        os.execve(sys.executable, argv, dict(os.environ, PYTHONMALLOC="malloc"))
    except OSError:  # cannot start again: serve with Python's allocator
        return


def fail(message: str) -> int:
    print(json.dumps({"error": message}, ensure_ascii=False), file=sys.stderr)
    return 2


def read_filter(args):
    """The --game and --period of a records command, or a sentence saying what is wrong."""
    from card_companion.companion.records.stats import PERIODS, Filter
    from card_companion.companion.registry import GAMES

    if args.game is not None and args.game not in GAMES:
        return f"there is no game {args.game!r}: the games are {', '.join(GAMES)}"
    if args.period not in PERIODS:
        return f"there is no period {args.period!r}: the periods are {', '.join(PERIODS)}"
    return Filter(game=args.game, period=args.period)


def not_counted(store) -> list[str]:
    """A sentence for each saved game that cannot be read (it has no record and counts for
    nothing); finding them replays the games that have no record."""
    from card_companion.companion.game import IllegalAction

    with store.reading() as db:
        recorded = {r[0] for r in db.execute("SELECT game_id FROM records")}
    out = []
    for g in store.saved_games():
        if g.id in recorded:
            continue
        problem = g.problem
        if problem is None:
            try:
                store.load(g.id)
            except IllegalAction as exc:
                problem = str(exc)
        if problem:
            out.append(f"the saved game {g.id} ({g.game}) cannot be read ({problem}): it is not counted")
    return out


def with_records(args, work) -> int:
    """``companion stats`` and ``records``: the filter checked, the save file opened, ``work(store,
    filter)`` run (it gives what to print, or an error sentence: str in a list), then a note for
    each saved game that cannot be read, and the printing."""
    from card_companion.companion.saves.storage import StoreError, open_to_read

    flt = read_filter(args)
    if isinstance(flt, str):
        return fail(flt)
    try:
        opened = open_to_read(args.data_dir)
        out = work(opened.store, flt)
        notes = not_counted(opened.store)
    except StoreError as exc:
        return fail(str(exc))
    for note in ([opened.problem] if opened.problem else []) + notes:
        print(f"Note: {note}", file=sys.stderr)
    if isinstance(out, list):
        return fail(out[0])
    sys.stdout.write(out)
    return 0


def cmd_stats(args) -> int:
    from card_companion.companion.records.stats import only, players_screen, stopped_early_line, to_json

    def work(store, flt):
        board = players_screen(store, None, flt)
        players = only(store, board.players, args.player)
        if args.player is not None and not players:
            return [f"there is no player called {args.player.strip()[:40]!r} in these records"]
        board = board.model_copy(update={"players": players})
        if args.json:
            return json.dumps(to_json(board), indent=1, ensure_ascii=False) + "\n"
        lines = []
        for p in board.players:
            lines.append(f"{p.name}: {p.wins} of {p.games} won ({p.win_rate:.0%}), streak {p.streak} "
                         f"(best {p.best_streak}), {p.minutes:.0f} minutes")
            lines += [f"  {g}: {line.wins}/{line.games} won, average {line.average:.1f}, best {line.best}, "
                      f"rating {line.rating} after {line.rated_games} games" for g, line in p.by_game]
        lines += [f"{g}: {summary.plays} plays, {summary.average_minutes:.0f} minutes and "
                  f"{summary.average_steps:.0f} steps on average" for g, summary in board.games]
        if board.stopped_early:
            lines.append(stopped_early_line(board.stopped_early))
        return "".join(line + "\n" for line in lines)

    return with_records(args, work)


def cmd_records(args) -> int:
    from card_companion.companion.records.stats import records_csv

    return with_records(args, lambda store, flt: records_csv(store, None, flt))


def cmd_players(args) -> int:
    """rename-player and merge-players, on the records of the save file itself (never a spare
    one: a damaged save is said, not taken for a file with no players)."""
    from card_companion.companion.game import IllegalAction, name_note
    from card_companion.companion.records import game_records as records
    from card_companion.companion.saves.storage import StoreError, open_store

    try:
        opened = open_store(args.data_dir, spare=False)
        with opened.store.writing() as db:
            if args.command == "rename-player":
                name = records.rename(db, args.name, args.new)
            else:
                name = records.merge(db, args.name, args.into)
    except (IllegalAction, StoreError) as exc:
        return fail(str(exc))
    note = name_note(args.new) if args.command == "rename-player" else None
    if note:
        print(f"Note: {note}", file=sys.stderr)
    print(name)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = command_line().parse_args(argv)
    if args.command:
        return args.fn(args)
    # `argv is None`: the `companion` program itself (not a call from Python)
    return serve_the_table(args, own_program=argv is None)


def command_line() -> argparse.ArgumentParser:
    """`companion` serves the app; its commands answer asks and work on the saves and records."""
    parser = argparse.ArgumentParser(prog="companion",
                                     description="Card Companion: a table companion for five card games.")
    _serving_options(parser)
    sub = parser.add_subparsers(dest="command")
    _ask_and_save_commands(sub)
    _records_commands(sub)
    return parser


def _serving_options(parser: argparse.ArgumentParser) -> None:
    """Where the app serves, where the saves live, and the limits on phones."""
    parser.add_argument("--host", default=DEFAULT_HOST, help="address to serve on (0.0.0.0: phones on the LAN)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--data-dir", default=None,
                        help="where saved games live (default: the user's data directory, or $COMPANION_DATA_DIR)")
    parser.add_argument("--no-open", action="store_true", help="do not open a browser window")
    parser.add_argument("--admin-password", default=None,
                        help=f"a host password that opens the host view of every game (or ${ENV_ADMIN}); "
                             "without one there is no such view")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name phones use for this server (its IP addresses, localhost and "
                             "this machine's name are always allowed); https://NAME for an HTTPS proxy in front")
    parser.add_argument("--per-address", type=int, default=PER_ADDRESS,
                        help=f"pages open at once from one address (default {PER_ADDRESS})")
    parser.add_argument("--new-per-minute", type=int, default=NEW_PER_MINUTE,
                        help=f"new pages a minute from one address (default {NEW_PER_MINUTE})")
    parser.add_argument("--session-timeout", type=int, default=SESSION_TIMEOUT,
                        help=f"seconds a closed page's session is kept (default {SESSION_TIMEOUT})")
    parser.add_argument("--phone-dir", default=None, metavar="DIR",
                        help=f"the phone app's build (make phone), served at /phone/ (or ${ENV_PHONE_DIR}; "
                             "default: build/phone of the checkout the app runs from, when it is there)")


def _ask_and_save_commands(sub: argparse._SubParsersAction) -> None:
    """resolve and schema (the protocol), export, import and list (the saved games)."""
    p = sub.add_parser("resolve", help="answer resolve requests")
    p.add_argument("request", help="a JSON request, or - for JSON Lines on stdin")
    p.set_defaults(fn=cmd_resolve)
    p = sub.add_parser("schema", help="print the JSON Schema of every request")
    p.set_defaults(fn=cmd_schema)
    p = sub.add_parser("export", help="print a saved game as JSON (or every saved game: --all)")
    p.add_argument("id", nargs="?", default=None)
    p.add_argument("--all", action="store_true", help="every saved game in one file, for a backup or a move")
    p.add_argument("--data-dir", default=argparse.SUPPRESS)
    p.set_defaults(fn=cmd_export)
    p = sub.add_parser("import", help="add the games of a JSON file (one game, or a file of export --all)")
    p.add_argument("file", help="the file, or - for stdin")
    p.add_argument("--data-dir", default=argparse.SUPPRESS)
    p.set_defaults(fn=cmd_import)
    p = sub.add_parser("list", help="list the saved games")
    p.add_argument("--data-dir", default=argparse.SUPPRESS)
    p.set_defaults(fn=cmd_list)


def _records_commands(sub: argparse._SubParsersAction) -> None:
    """stats and records (the finished games), rename-player and merge-players."""
    for name, fn, text in (("stats", cmd_stats, "the players' statistics and ratings over the finished games"),
                           ("records", cmd_records, "every finished game's record (--csv: one row per player "
                                                    "per game)")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--game", default=None, help="one game's id (default: every game)")
        p.add_argument("--period", default="all", help="all (default), year, month or tonight")
        p.add_argument("--data-dir", default=argparse.SUPPRESS)
        p.set_defaults(fn=fn)
        if name == "stats":
            p.add_argument("--player", default=None, help="one player's statistics (any spelling of the name)")
            p.add_argument("--json", action="store_true", help="as JSON")
        else:
            p.add_argument("--csv", action="store_true", help="as CSV (the only form for now)")
    for name, other, text in (("rename-player", "new", "rename a player in every record"),
                              ("merge-players", "into", "two spellings of one person: NAME's records count for INTO")):
        p = sub.add_parser(name, help=text)
        p.add_argument("name")
        p.add_argument(other)
        p.add_argument("--data-dir", default=argparse.SUPPRESS)
        p.set_defaults(fn=cmd_players)


def serve_the_table(args: argparse.Namespace, own_program: bool) -> int:
    """Serve the app (the web server must be installed); the `companion` program itself runs
    on the system's malloc."""
    if importlib.util.find_spec("flet_web") is None:
        print("The web server is not installed: pip install 'card-companion[server]' (make run does it).",
              file=sys.stderr)
        return 2
    if own_program:
        system_malloc()
    from card_companion.app import serve

    phone_dir, phone_line = phone_app_of(args.phone_dir, address_of(args.host, args.port))
    admin = args.admin_password or os.environ.get(ENV_ADMIN) or None

    def listening() -> None:
        """The address (and what else is served) once the server listens, not a moment before."""
        print_address(args.host, args.port)
        if phone_line:
            print(phone_line)
        if admin:
            print("The host view is on: open /admin and type the host password.")
        sys.stdout.flush()

    try:
        serve(args.host, args.port, args.data_dir, open_browser=not args.no_open, admin_password=admin,
              allow_hosts=tuple(args.allow_host), per_address=args.per_address, new_per_minute=args.new_per_minute,
              session_timeout=args.session_timeout, phone_dir=phone_dir, on_listening=listening)
    except CannotListen as exc:
        print(f"Card Companion cannot serve: {exc}.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
