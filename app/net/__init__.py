"""Play across computers (RULES.md §6 "Across computers"), with no Qt.

- :mod:`.protocol` — the messages, as JSON checked by pydantic models, with a version and limits.
- :mod:`.invitations` — a seat's invitation: a secret naming one seat, kept only hashed.
- :mod:`.store` — the tables in SQLite: each accepted action one transaction.
- :mod:`.views` — what one connection may receive (a seat's view, a watcher's), as changes.
- :mod:`.sealing` and :mod:`.sealed_round` — a sealed table's orders: sealed by each seat's
  computer, a commitment, the keys revealed when every seat is done.
- :mod:`.letters` — messages between seats, sealed to their receiver.
- :mod:`.endings` — a draw or a concession proposed and answered through the server (RULES.md §11),
  votes kept secret; :mod:`.remote_endings` — the same as a window at the table sees it.
- :mod:`.judging` — a thrown play-out judged after every season (RULES.md §9), each seat's
  name sealed (:mod:`.judging_seal`) until every seat has named; :mod:`.remote_judging` — the
  same as a window at the table sees it.
- :mod:`.server` — the server: WebSockets (the ``websockets`` package), any number of tables,
  each round's deadline.
- :mod:`.client` — a headless client (tests, benchmark, ``join``, a window): what a seat does
  and what it keeps of the table; its connection, which comes back by itself, in
  :mod:`.client_connection`, and what the seat seals and opens with its secret in :mod:`.seat_seals`.
- :mod:`.remote` — a table on a server as a window plays it: a ``Match`` that sends what its
  seat does (:mod:`.remote_outbox`) and never adjudicates, over the world rebuilt from the
  seat's views (:mod:`.remote_world`) and the rounds it saw (:mod:`.remote_rounds`), taking in
  what the server says (:mod:`.remote_inbox`); :mod:`.link` — the client on a thread of its own.
- :mod:`.hosting` — the same server inside the app (Table → Host a table…), on a thread.
- :mod:`.cli` — ``python -m app serve``, ``table`` and ``join``.

The server holds each game as an :class:`app.match.Match` and adjudicates it with the
engine; clients only send what a seat does and receive what the seat may see.
"""
