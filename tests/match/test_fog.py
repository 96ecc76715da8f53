"""Fog of war views (RULES.md §8): what a seat is shown, and that nothing leaks.

The leak tests build two worlds that differ only in a unit the seat cannot see and hold
that everything the seat is shown or offered is identical: the view itself, the targets
of every own unit, the check of every order it could type (refusals and their wording),
the reading of typed orders, and each board rendered to an image with the real drawing
code. Each leak test also shows that the whole world *would* have told the difference, so
it cannot pass vacuously.
"""

from __future__ import annotations

import random
from types import MappingProxyType

import pytest

from app.bots.selfplay import random_orders
from app.engine.rules import targets
from app.engine.rules.adjacency import adjacent_board_keys
from app.engine.rules.coords import BoardKey, Location, Space
from app.engine.game import Game
from app.engine.notation.notation import NotationError, parse_order
from app.engine.rules.orders import Convoy, Move, Support, Unit
from app.engine.rules.submission import submit
from app.engine.rules.validation import check
from app.engine.variants.variant import load_variant
from app.engine.fog.visibility import board_sight, sight
from app.engine.rules.world import Board, World, make_board
from app.match.fog import VOID_UNSEEN, fogged_world

S1901 = BoardKey.parse("1:S1901")


def world_of(*units: str, centres=None, adjacency="strict") -> World:
    v = load_variant()
    owners = {c: n for n, cs in (centres or {}).items() for c in cs}
    board = make_board(S1901, [tuple(u.split()) for u in units], owners)
    return World.from_boards(v, [board], adjacency)


def with_unit(world: World, key: BoardKey, unit: Unit) -> World:
    """The same world with one more unit on board ``key`` (nothing else changes)."""
    b = world.boards[key]
    units = dict(b.units)
    units[unit.loc.split("/")[0]] = unit
    boards = dict(world.boards)
    boards[key] = Board(key, MappingProxyType(units), b.centres)
    return world.derive(boards=MappingProxyType(boards))


# -- what a view holds -----------------------------------------------------------------------


def test_view_keeps_seen_units_and_owners_and_own_orders_only():
    w = world_of("England A yor", "England F nth", "France A wal", "Germany A kie", "Russia A mos",
                 centres={"England": ["lon"], "Russia": ["mos", "war"], "Germany": ["kie"]})
    w = submit(w, [w.resolve(parse_order(t, w.variant)) for t in
                   ("A yor - lvp", "A wal - lon", "A kie - hol", "A mos - stp")]).world
    view = fogged_world(w, ["England"])
    s1 = view.boards[S1901]
    # Wales is next to Yorkshire; Kiel and Moscow are out of sight, and so are their owners
    assert sorted(str(u) for u in s1.units.values()) == ["England A yor", "England F nth", "France A wal"]
    assert dict(s1.centres) == {"lon": "England"}
    shown = {str(o.unit.province) for o in view.orders[S1901]}
    assert shown == {"yor", "nth", "wal"}                               # not A kie - hol, A mos - stp
    assert len(view.results[S1901]) == len(view.orders[S1901])
    assert view.order_of(Space(S1901, "wal"))[0].dest.province == "lon"
    assert view.order_of(Space(S1901, "mos")) is None
    assert w.order_of(Space(S1901, "mos")) is not None
    # the grid, the phase, the winner are public
    assert set(view.boards) == set(w.boards) and view.ends == w.ends and view.phase == w.phase
    # sight from the view is the sight from the whole world: the front end veils from the view
    assert sight(view, ["England"]) == sight(w, ["England"])


def test_a_seat_of_several_nations_sees_what_any_of_them_sees():
    w = world_of("England A yor", "France A par", "Russia A mos")
    view = fogged_world(w, ["England", "France"])
    assert {u.nation for u in view.boards[S1901].units.values()} == {"England", "France"}


def test_retreat_pause_is_public_but_only_seen_dislodged_units_are_shown():
    w = world_of("England F nth", "France F eng", "France F bel", "Russia A mos", "Turkey A ukr",
                 "Turkey A sev", "England F hel")
    orders = ["F eng - nth", "F bel S F eng - nth", "A ukr - mos", "A sev S A ukr - mos"]
    paused = submit(w, [w.resolve(parse_order(t, w.variant)) for t in orders]).world
    assert paused.phase == "retreats"
    assert {loc.province for loc in paused.pause.dislodged} == {"nth", "mos"}
    view = fogged_world(paused, ["England"])
    assert view.phase == "retreats"                                      # everyone waits
    assert {loc.province for loc in view.pause.dislodged} == {"nth"}     # Moscow is out of sight
    assert targets.retreat_targets(view, Location(S1901, "nth"))
    assert "mos" not in view.boards[S1901].units


def test_own_invalid_support_of_an_unseen_place_gets_one_neutral_reason():
    """Supporting a place the seat cannot see is allowed; whatever stood there, the seat
    reads the same reason."""
    base = world_of("England A yor", "Russia A mos")
    for w in (base, with_unit(base, S1901, Unit("France", "A", "cly"))):
        order = w.resolve(parse_order("A yor S A cly - lvp", w.variant))
        assert check(w, order)[1] is None          # not refused: void at adjudication
        report = submit(w, [order])
        assert report.results[0].status == "invalid" and not report.results[0].illegal
        view = fogged_world(report.world, ["England"])
        mine = [r for o, r in zip(view.orders[S1901], view.results[S1901]) if o.unit.province == "yor"]
        assert [r.reason for r in mine] == [VOID_UNSEEN]


# -- nothing leaks through order entry ---------------------------------------------------------


def entry_transcript(view: World, nations: frozenset[str], around_board: BoardKey | None = None) -> list:
    """Everything order entry can show the seat: targets of each own unit, and the check and
    reading of every order its units could be given towards any location near them
    (``around_board``: only units on that board and the boards next to it)."""
    v = view.variant
    out = []
    for loc in targets.orderable_units(view, set(nations)):
        if around_board is not None and loc.board != around_board and loc.board not in adjacent_board_keys(around_board):
            continue
        unit = view.unit_at(loc)
        out.append(("moves", loc, targets.move_targets(view, loc)))
        out.append(("supports", loc, sorted(targets.support_options(view, loc).items())))
        out.append(("convoys", loc, sorted(targets.convoy_options(view, loc).items())))
        out.append(("retreats", loc, targets.retreat_targets(view, loc)))
        boards = targets.reachable_boards(view, loc.board)
        near = set(v.army_adjacent.get(loc.province, ())) | set(v.fleet_adjacent_provinces.get(loc.province, ()))
        around = sorted(near | {q for p in near for q in v.army_adjacent.get(p, ()) | v.fleet_adjacent_provinces.get(p, ())})
        for key in boards:
            for p in around:
                there = Location(key, p)
                for t in ("A", "F"):
                    for dest in [None] + [Location(key, q) for q in sorted(near)]:
                        sup = Support(unit.nation, unit.type, loc, t, there, dest)
                        out.append(("check", sup, check(view, sup)))
                    if dest is not None and v.kinds[p] == "coast":
                        con = Convoy(unit.nation, unit.type, loc, there, dest)
                        out.append(("check", con, check(view, con)))
                out.append(("check", Move(unit.nation, unit.type, loc, there), check(view, Move(unit.nation, unit.type, loc, there))))
                text = f"{unit.type} {loc.board.timeline}:{loc.province}:{loc.board.turn} S A {key.timeline}:{p}:{key.turn}"
                out.append(("text", text, _read(view, text)))
                text2 = f"{unit.type} {loc.province} - {p}"
                out.append(("text", text2, _read(view, text2)))
    for key in view.active_boards():
        for n in sorted(nations):
            out.append(("builds", key, n, targets.build_options(view, key, n)))
    return out


def _read(view: World, text: str):
    try:
        order = view.resolve(parse_order(text, view.variant))
    except NotationError as e:
        return ("refused", str(e))
    return (order, check(view, order))


def assert_no_leak(w1: World, w2: World, nations: frozenset[str], around_board: BoardKey | None = None) -> None:
    v1, v2 = fogged_world(w1, nations), fogged_world(w2, nations)
    assert v1 == v2
    assert entry_transcript(v1, nations, around_board) == entry_transcript(v2, nations, around_board)


def test_an_unseen_unit_changes_nothing_a_seat_is_offered_or_told():
    england = frozenset({"England"})
    w1 = world_of("England A yor", "England F nth", "England F lon", "Russia A mos")
    # France's army in Clyde could move to Liverpool, which England's army reaches: the whole
    # world would offer to support it; England cannot see Clyde.
    w2 = with_unit(w1, S1901, Unit("France", "A", "cly"))
    assert "cly" not in board_sight(w1, england, S1901)
    yor = Location(S1901, "yor")
    assert targets.support_options(w1, yor) != targets.support_options(w2, yor)   # the whole world tells
    assert_no_leak(w1, w2, england)


@pytest.mark.parametrize("adjacency", ["strict", "loose"])
def test_no_leak_across_a_grown_multiverse(adjacency):
    """Every nation in turn: an unseen enemy unit is added next to the edge of its sight on
    an active board (the place where it would matter most)."""
    rng = random.Random(11)
    game = Game.new("standard", adjacency, 11)
    for _ in range(6):
        game.submit(random_orders(game.world, rng, time_travel=0.6))
    w1 = game.world
    assert len(w1.timelines) > 1
    v = w1.variant
    tried = 0
    for nation in v.nation_names:
        seat = frozenset({nation})
        for key in w1.active_boards():
            if not key.turn.is_movement:
                continue
            seen = board_sight(w1, seat, key)
            board = w1.boards[key]
            edge = sorted(p for p in v.provinces if p not in seen and p not in board.units and v.kinds[p] != "sea"
                          and (v.army_adjacent[p] & seen))
            if not edge or not any(u.nation == nation for u in board.units.values()):
                continue
            other = next(n for n in v.nation_names if n != nation)
            w2 = with_unit(w1, key, Unit(other, "A", edge[0]))
            assert_no_leak(w1, w2, seat, key)
            tried += 1
            break
    assert tried >= 3


def test_the_drawn_board_is_the_same_whether_or_not_an_unseen_unit_is_there(qapp):
    """Rendered with the real drawing code, veil included, at a thumbnail and a close-up size."""
    from app.ui.multiverse.fog_art import unseen_by_board
    from app.ui.multiverse.map_art import map_art, render_board_image
    from app.ui.multiverse.state import board_state
    england = frozenset({"England"})
    w1 = world_of("England A yor", "England F nth", "Russia A mos", centres={"Russia": ["mos"]})
    w2 = with_unit(w1, S1901, Unit("France", "A", "cly"))
    art = map_art(w1.variant)
    for width in (96, 1600):
        full = [render_board_image(art, board_state(w, S1901, art), width) for w in (w1, w2)]
        assert full[0] != full[1]                                    # the unit is drawn in the whole world
        drawn = []
        for w in (w1, w2):
            view = fogged_world(w, england)
            drawn.append(render_board_image(art, board_state(view, S1901, art, unseen_by_board(view, england)[S1901]), width))
        assert drawn[0] == drawn[1]
        # and the veil is really there: unveiled, the same view looks different
        bare = render_board_image(art, board_state(fogged_world(w1, england), S1901, art), width)
        assert bare != drawn[0]


def test_veil_covers_exactly_the_unseen_provinces(qapp):
    from app.ui.multiverse.fog_art import unseen_by_board
    w = world_of("England A yor")
    unseen = unseen_by_board(fogged_world(w, ["England"]), ["England"])[S1901]
    assert unseen == frozenset(w.variant.provinces) - board_sight(w, "England", S1901)
    assert "yor" not in unseen and "mos" in unseen



def test_the_fog_lifts_when_the_game_is_over():
    from app.match import Match, Seat
    seats = [Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("Russia",))]
    m = Match(Game.new(), seats, fog=True)
    assert "mos" not in m.view_for(0).boards[S1901].units
    assert m.view_for(None).boards[S1901].units == {}            # nobody at the table: nothing seen
    over = Match(Game.from_world(m.world.derive(winner="England")), seats, fog=True)
    assert over.view_for(0) is over.world


def test_a_fogged_seat_types_orders_against_what_it_sees():
    """Reading and checking typed orders under fog use the seat's view: naming an unseen
    place is allowed, and the refusals are those of the view."""
    from app.match import Match, OrderRefused, Seat
    seats = [Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("Russia",))]
    m = Match(Game.new(), seats, fog=True)
    order = m.add_text("F edi S F nwy - nth", 0)      # Norway is out of England's sight
    assert order.kind == "support"
    with pytest.raises(OrderRefused):
        m.add_text("A war - gal", 0)                      # not England's (and not seen)


def test_computer_players_under_fog_decide_from_their_nations_view():
    from app.match import Match, Seat
    asked = []

    def decide(level, world, nation, *, seed):
        asked.append((nation, world))
        return []

    seats = [Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("Russia",)),
             Seat(name="Bot", nations=("Turkey",), controller="computer", level="random")]
    m = Match(Game.new(), seats, fog=True, decide=decide)
    m.done(0)
    m.done(1)
    m.submit()
    [(nation, world)] = asked
    assert nation == "Turkey"
    units = {u.nation for u in world.boards[S1901].units.values()}
    assert "Turkey" in units and "England" not in units and "France" not in units


def test_under_fog_every_seat_takes_its_turn_in_a_retreat_pause():
    """Skipping the seats with nothing to retreat would tell the others who has retreats."""
    from app.match import Match, Seat
    seats = [Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("France", "Russia"))]
    start = world_of("England F nth", "France F eng", "France F bel", "Russia A mos")
    for fog, turns in ((False, [0]), (True, [0, 1])):
        m = Match(Game.from_world(start), seats, fog=fog)
        m.add_text("F eng - nth", 1)
        m.add_text("F bel S F eng - nth", 1)
        m.done(0)
        m.done(1)
        m.submit()
        assert m.world.phase == "retreats"
        seen = []
        while m.turn is not None and len(seen) < 3:
            seen.append(m.turn)
            m.done(m.turn)
        assert seen == turns, (fog, seen)


# -- views made from the view before --------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.worlds import take_step  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from app.engine.fog import visibility  # noqa: E402
from app.match import fog  # noqa: E402


def _same_view(a: World, b: World) -> None:
    assert dict(a.boards) == dict(b.boards) and list(a.boards) == list(b.boards)
    assert dict(a.orders) == dict(b.orders) and dict(a.results) == dict(b.results)
    assert dict(a.retreats) == dict(b.retreats)
    assert {k: dict(v) for k, v in a.refs.items()} == {k: dict(v) for k, v in b.refs.items()}
    assert dict(a.incoming) == dict(b.incoming)
    assert (a.pause is None) == (b.pause is None)
    if a.pause is not None:
        assert dict(a.pause.dislodged) == dict(b.pause.dislodged)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), adjacency=st.sampled_from(["strict", "loose"]),
       steps=st.lists(st.sampled_from(["submit", "submit", "submit", "undo", "redo"]), min_size=4, max_size=14))
def test_a_view_made_from_the_view_before_equals_one_made_from_scratch(seed, adjacency, steps):
    rng = random.Random(seed)
    game = Game.new("standard", adjacency, seed)
    undone = []
    fog.clear_cache()
    seats = [("England",), ("France", "Germany"), ("Turkey",)]
    for step in steps:
        take_step(game, step, rng, undone, 0.6)
        for seat in seats:
            kept = fogged_world(game.world, seat)          # made from this seat's view before
            scratch = fog._fog(game.world, frozenset(seat), None).view
            _same_view(kept, scratch)
            assert visibility.sight(kept, seat) == visibility.WorldSight.build(kept).of(seat) \
                == visibility.sight(game.world, seat)       # the seat sees in its view what it sees
            for (key, i) in [r for rs in kept.refs.values() for refs in rs.values() for r in refs]:
                assert i < len(kept.orders[key])
            for refs in (r for rs in kept.refs.values() for r in rs.values()):
                assert list(refs) == sorted(refs)          # each space's orders in board order


def test_kept_views_are_bounded():
    fog.clear_cache()
    game = Game.new()
    rng = random.Random(5)
    for _ in range(fog.KEEP_VIEWS + 4):
        game.submit(random_orders(game.world, rng))
        for seat in (("England",), ("France",)):
            fogged_world(game.world, seat)
    assert len(fog._VIEWS) == fog.KEEP_VIEWS
