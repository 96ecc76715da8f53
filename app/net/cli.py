"""The command line of play across computers.

``python -m app serve [--host 127.0.0.1] [--port 8765] [--db FILE]`` runs the server with no
window until stopped (Ctrl+C); ``python -m app table --db FILE new|host|reissue|export|list``
keeps its tables (also while it runs: it reads a new table when first asked for it);
``python -m app join INVITATION`` plays a seat from a terminal; ``python -m app lobby
--server HOST:PORT`` lists a server's tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import ssl
import sys
from pathlib import Path

from app.data_folder import data_dir

from . import protocol as p

DEFAULT_PORT = 8765


def default_db() -> Path:
    return data_dir() / "tables.sqlite3"


def _port(text: str) -> int:
    """--port: a number from 0 (any free port) to 65535."""
    if not text.strip().isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port from 0 (any free one) to 65535")
    return int(text)


def _address(text: str) -> str:
    """HOST:PORT, checked (a server given as ws:// or wss:// keeps its scheme)."""
    from .invitations import checked_address, InvitationError
    scheme, sep, rest = text.strip().partition("://")
    try:
        return f"{scheme}{sep}{checked_address(rest)}" if sep else checked_address(text)
    except InvitationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# -- serve -------------------------------------------------------------------------------------
def serve_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app serve",
                                 description="Hold tables for players at other computers (no window).")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network)")
    ap.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    ap.add_argument("--db", type=Path, default=None, help="the tables' database (default: in the data folder)")
    ap.add_argument("--advertise", type=_address, metavar="HOST:PORT",
                    help="the address invitations name (default: --host:--port)")
    ap.add_argument("--certfile", type=Path, help="TLS certificate (with --keyfile)")
    ap.add_argument("--keyfile", type=Path, help="TLS private key")
    args = ap.parse_args(argv)
    if (args.certfile is None) != (args.keyfile is None):
        ap.error("--certfile and --keyfile go together")
    context = None
    if args.certfile is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as e:
            ap.error(f"--certfile/--keyfile: {e}")
    from .collector import tune_for_serving
    from .server import Server
    from .serving_lock import ServedElsewhere
    from .store import Store, StoreError
    try:
        store = Store(args.db or default_db())
    except StoreError as e:
        print(f"serve: {e}", file=sys.stderr)
        return 2

    async def run() -> int:
        server = Server(store, args.host, args.port, advertise=args.advertise, ssl=context)
        try:
            await server.start()
        except ServedElsewhere as e:
            print(f"serve: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"serve: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
            return 2
        tune_for_serving()          # this process only serves: its tables' games, read, are long-lived
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        print(f"serving {len(server.tables)} table(s) on {'wss' if context else 'ws'}://{server.address}"
              f" (database {store.path}); Ctrl+C stops", flush=True)
        await stop.wait()
        await server.stop()
        return 0

    try:
        return asyncio.run(run())
    finally:
        store.close()


# -- table -------------------------------------------------------------------------------------
def table_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app table", description="A server's tables, in its database.")
    ap.add_argument("--db", type=Path, default=None, help="the tables' database (default: in the data folder)")
    ap.add_argument("--address", type=_address, default=f"127.0.0.1:{DEFAULT_PORT}", metavar="HOST:PORT",
                    help="the server's address as the players reach it, written in invitations")
    sub = ap.add_subparsers(dest="verb", required=True)
    new = sub.add_parser("new", help="a new game; prints one invitation per person seat")
    new.add_argument("--variant", default="standard")
    new.add_argument("--seat", action="append", required=True, metavar="NAME=NATION,NATION",
                     help="a person's seat (repeat for each)")
    new.add_argument("--computer", metavar="LEVEL", help="the other nations to the computer (default: they hold)")
    new.add_argument("--fog", action="store_true", help="fog of war (RULES.md §8)")
    new.add_argument("--name", default="a table")
    new.add_argument("--deadline", type=float, metavar="SECONDS",
                     help="each round's time limit: then every seat's orders go as they stand")
    new.add_argument("--sealed", action="store_true",
                     help="each seat's computer seals its pending orders: not even the server can read them "
                          "before every seat is done")
    host = sub.add_parser("host", help="host a saved game (its seats as saved); prints the invitations")
    host.add_argument("save", type=Path)
    host.add_argument("--name", default=None)
    host.add_argument("--sealed", action="store_true", help="as for new")
    again = sub.add_parser("reissue", help="a new invitation for a seat (the old one stops working)")
    again.add_argument("table")
    again.add_argument("seat", type=int)
    export = sub.add_parser("export", help="a table as an ordinary save file")
    export.add_argument("table")
    export.add_argument("--out", type=Path, required=True)
    sub.add_parser("list", help="the tables")
    args = ap.parse_args(argv)

    from app.engine import GameFileError, write_text_atomic
    from .server import issue
    from .store import match_from_text, match_text, Store, StoreError, UnhostableGame
    try:
        store = Store(args.db or default_db())
    except StoreError as e:
        print(f"table: {e}", file=sys.stderr)
        return 2
    try:
        if args.verb in ("new", "host"):
            try:
                match = _new_match(args) if args.verb == "new" else _saved_match(args.save)
            except (ValueError, GameFileError) as e:
                print(f"table {args.verb}: {e}", file=sys.stderr)
                return 2
            name = args.name or (args.save.stem if args.verb == "host" else "a table")
            deadline = getattr(args, "deadline", None)
            if deadline is not None and deadline <= 0:
                print(f"table {args.verb}: --deadline {deadline:g}: a number of seconds above 0", file=sys.stderr)
                return 2
            try:
                table = store.add_table(match, name, sealed=args.sealed, round_seconds=deadline)
            except UnhostableGame as e:
                print(f"table {args.verb}: {e}", file=sys.stderr)
                return 2
            print(f"table {table} ({name}):")
            for i, s in enumerate(match.seats):
                if s.is_person:
                    print(f"  {s.name} ({', '.join(s.nations)}): {issue(store, args.address, table, i)}")
            return 0
        stored = {t.id: t for t in store.tables()}
        if args.verb == "list":
            for t in stored.values():
                print(f"{t.id}  {t.name}  ({len(t.actions)} action(s) since its last adjudication)")
            return 0
        if args.table not in stored:
            print(f"table {args.verb}: no table {args.table} in {store.path}", file=sys.stderr)
            return 2
        if args.verb == "reissue":
            match = match_from_text(stored[args.table].save, args.table)
            if not 0 <= args.seat < len(match.seats) or not match.seats[args.seat].is_person:
                print(f"table reissue: seat {args.seat} is not a person's seat at table {args.table}", file=sys.stderr)
                return 2
            print(issue(store, args.address, args.table, args.seat))
            return 0
        from .server import stored_table       # its actions done again as a restarted server does
        match = stored_table(stored[args.table], store).match
        write_text_atomic(args.out, match_text(match))
        print(f"table {args.table} written to {args.out}")
        return 0
    except StoreError as e:
        print(f"table {args.verb}: {e}", file=sys.stderr)
        return 2
    finally:
        store.close()


def _new_match(args):
    from app.match import Match, MatchError, Seat
    seats = []
    for spec in args.seat:
        name, eq, nations = spec.partition("=")
        if not eq or not nations.strip():
            raise ValueError(f"--seat {spec!r}: write NAME=NATION,NATION")
        seats.append(Seat(name=name.strip(), nations=tuple(n.strip() for n in nations.split(",") if n.strip())))
    try:
        match = Match.new(args.variant, seats=seats, fog=args.fog)
    except MatchError as e:
        raise ValueError(str(e)) from None
    rest = tuple(n for n in match.game.variant.nation_names if match.seat_of(n) is None)
    if rest:
        controller = "computer" if args.computer else "nobody"
        match.add_seat(Seat(name="Computer" if args.computer else "Nobody", nations=rest,
                            controller=controller, level=args.computer))
    return match


def _saved_match(path: Path):
    from app.match.storage import open_match
    return open_match(path)


# -- join and lobby ----------------------------------------------------------------------------
CAFILE_HELP = ("a TLS server's CA certificate to trust (e.g. its self-signed certificate), besides the "
               "system's: the certificate is always checked")


def join_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app join",
                                 description="Play a seat at a table on another computer, from this terminal.")
    ap.add_argument("invitation", help="the seat's invitation, 5d://HOST:PORT/TABLE/SEAT/SECRET (5ds://: TLS)")
    ap.add_argument("--cafile", type=Path, help=CAFILE_HELP)
    args = ap.parse_args(argv)
    from .client import Client
    from .invitations import InvitationError
    try:
        client = Client(invitation=args.invitation, on_message=_print_message, cafile=args.cafile)
    except (InvitationError, ValueError) as e:
        print(f"join: {e}", file=sys.stderr)
        return 2
    print("type an order (e.g. A par - bur), 'remove ORDER', 'write SEAT TEXT', 'done' or 'quit'", flush=True)
    # printed once the client has taken the message in (a sealed seat's box opened)
    client.on_message = lambda m: asyncio.get_running_loop().call_soon(_print_message, m, client)
    return asyncio.run(_terminal(client))


async def _terminal(client) -> int:
    from .letters import LetterError
    task = client.start()
    loop = asyncio.get_running_loop()
    try:
        await client.wait_for(lambda c: c.view is not None or c.closed is not None, 30)
    except TimeoutError:
        print(f"join: no answer from the server ({client.status})", file=sys.stderr)
    while not task.done():
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line or line.strip() == "quit":
            break
        line = line.strip()
        heard = len(client.messages)
        try:
            if line == "done":
                await client.done()
            elif line.startswith("remove "):
                await client.remove(line[len("remove "):])
            elif line.startswith("write "):                    # write SEAT TEXT
                _, seat, text = (line.split(" ", 2) + ["", ""])[:3]
                if not seat.isdigit() or not text:
                    print("write SEAT_NUMBER TEXT", flush=True)
                    continue
                await client.write(int(seat), text)
            elif line:
                await client.order(line)
            else:
                continue
            # the server's answer before the next line (a piped script reads as it plays)
            await client.wait_for(lambda c: len(c.messages) > heard or c.closed is not None, 30)
        except (ConnectionError, TimeoutError) as e:
            print(f"({e or 'no answer'}: {client.status})", flush=True)
        except LetterError as e:
            print(f"({e})", flush=True)
    await client.stop()
    if client.closed is not None:
        from .client_connection import CLOSE_UNTRUSTED
        said = "cannot connect securely" if client.closed[0] == CLOSE_UNTRUSTED else "closed by the server"
        print(f"{said}: {client.closed[1]}", file=sys.stderr)
        return 1
    return 0


def _print_message(m, client=None) -> None:
    if isinstance(m, p.Welcome):
        print(f"seat {m.seat_name}: {', '.join(m.nations)} at table {m.table}" + (" (fog of war)" if m.fog else ""))
    elif isinstance(m, p.View):
        view = client.view if client is not None and client.view is not None else m
        seen = [u for b in view.boards for u in b["units"]]
        print(f"-- submission {view.submissions}, {view.phase}; {len(view.boards)} board(s), {len(seen)} unit(s) seen")
        for o in view.pending:
            print(f"   pending: {o}")
    elif isinstance(m, p.Pending):
        view = client.view if client is not None and client.view is not None else m
        print(f"   pending: {'; '.join(view.pending) or 'none'}" + (" (done)" if view.done else ""))
    elif isinstance(m, p.Kept):
        print(f"   message to seat {m.to} kept for it")
    elif isinstance(m, p.Mail) and client is not None:
        # opened again here with the seat's key, to say plainly in the terminal why one does not open
        from .letters import LetterError
        try:
            print(f"message from seat {m.sender}: {client.seals.read_letter(m)}")
        except LetterError as e:
            print(f"a message from seat {m.sender} that does not open: {e}")
    elif isinstance(m, p.Refused):
        print(f"refused {m.text!r}: {m.reason}")
    elif isinstance(m, p.TableState):
        left = f"; {m.seconds_left:.0f} s left" if m.seconds_left is not None else ""
        print(f"   seats done: {m.done_seats or 'none'}{left}")
    sys.stdout.flush()


def lobby_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m app lobby", description="A server's tables.")
    ap.add_argument("--server", required=True, type=_address, metavar="HOST:PORT",
                    help="wss://HOST:PORT for a server with TLS")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cafile", type=Path, help=CAFILE_HELP)
    args = ap.parse_args(argv)
    from .client import Client
    try:
        Client(server=args.server, cafile=args.cafile)
    except ValueError as e:
        print(f"lobby: {e}", file=sys.stderr)
        return 2

    async def ask():
        client = Client(server=args.server, backoff=(0.2, 1.0), cafile=args.cafile)
        task = client.start()
        try:
            await asyncio.wait_for(asyncio.shield(task), 15)
        except TimeoutError:
            await client.stop()
        return client
    client = asyncio.run(ask())
    if client.lobby is None:
        print(f"lobby: no answer from {args.server} ({client.closed[1] if client.closed else client.status})",
              file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(client.lobby.tables, indent=1))
        return 0
    for t in client.lobby.tables:
        free = [s["name"] for s in t["seats"] if s["controller"] == "person" and not s["connected"]]
        print(f"{t['table']}  {t['name']}: {t['variant']}, {t['phase']}, {t['submissions']} submission(s)"
              f"{', fog of war' if t['fog'] else ''}; seats waiting: {', '.join(free) or 'none'}"
              f"{'; watchable' if t['watchable'] else ''}")
    return 0


def watch_main(argv: list[str]) -> int:
    """``python -m app watch --server HOST:PORT [--table ID]``: follow a table's adjudicated
    world from a terminal (without ``--table``: the server's watchable tables)."""
    ap = argparse.ArgumentParser(prog="python -m app watch --server",
                                 description="Watch a table on a server: its adjudicated world after each round.")
    ap.add_argument("--server", required=True, type=_address, metavar="HOST:PORT",
                    help="wss://HOST:PORT for a server with TLS")
    ap.add_argument("--table", help="the table to watch (default: list the tables that may be watched)")
    ap.add_argument("--cafile", type=Path, help=CAFILE_HELP)
    args = ap.parse_args(argv)
    if args.table is None:
        return lobby_main(["--server", args.server] + (["--cafile", str(args.cafile)] if args.cafile else []))
    from .client import Client

    def show(m) -> None:
        if isinstance(m, p.View):
            counts: dict[str, int] = {}
            for u in client.view.boards if client.view else m.boards:
                for unit in u["units"]:
                    counts[unit.split()[0]] = counts.get(unit.split()[0], 0) + 1
            print(f"-- submission {m.submissions}, {m.phase}" + (f", won by {m.winner}" if m.winner else "")
                  + f"; units: {', '.join(f'{n} {c}' for n, c in sorted(counts.items()))}", flush=True)

    try:
        client = Client(server=args.server, table=args.table, cafile=args.cafile)
    except ValueError as e:
        print(f"watch: {e}", file=sys.stderr)
        return 2

    async def follow():
        task = client.start()
        client.on_message = lambda m: asyncio.get_running_loop().call_soon(show, m)
        try:
            await task
        except asyncio.CancelledError:
            pass
    try:
        asyncio.run(follow())
    except KeyboardInterrupt:
        return 0
    if client.closed is not None and client.closed[0] != 1000:
        print(f"watch: {client.closed[1]}", file=sys.stderr)
        return 1
    return 0
