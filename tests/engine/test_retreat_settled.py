"""A retreat once resolved stays resolved (RULES.md §3, §4).

New orders can make a past board be adjudicated again: a unit arrives from the future, or
an old support is now cut. A unit dislodged there in an earlier submission has already
retreated (or been disbanded); the world must not pause to ask for that retreat again,
and the fork drawn from the past board keeps it. Only when the new outcome makes the
earlier retreat impossible (its destination now taken) may the unit retreat anew.

In each test Germany's army in Munich is dislodged in Spring 1901 and retreats to
Bohemia; the game moves on to Fall 1901.
"""

from app.engine.rules.coords import BoardKey, Turn
from app.engine.notation.notation import parse_order
from app.engine.rules.submission import submit
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board

S1901 = BoardKey(1, Turn.parse("S1901"))
F1901 = BoardKey(1, Turn.parse("F1901"))


def _submit(world, texts):
    return submit(world, [world.resolve(parse_order(t, world.variant)) for t in texts])


def _after_retreat_to_bohemia(adjacency):
    v = load_variant()
    units = ["France A bur", "France A ruh", "Germany A mun", "Germany A sil", "England F nth"]
    board = make_board(S1901, [u.split() for u in units], {c: n for n, cs in v.start_centres.items() for c in cs})
    world = _submit(World.from_boards(v, [board], adjacency), ["A bur - mun", "A ruh S A bur - mun"]).world
    assert set(world.pause.dislodged) == {world.resolve(parse_order("A mun H", v)).unit}
    world = _submit(world, ["A mun - boh"]).world
    assert world.phase == "movement" and "Germany A boh" in {str(u) for u in world.boards[F1901].units.values()}
    return world


def _units(world, key):
    return sorted(str(u) for u in world.boards[key].units.values())


def test_a_past_board_touched_elsewhere_does_not_ask_for_its_old_retreat_again():
    # Loose adjacency: England's fleet sails from Fall 1901 back to the Norwegian Sea of
    # Spring 1901, far from Munich. The Spring board is adjudicated again and forks (one
    # more fleet), but Munich's dislodgement was settled: no pause, and the fork keeps the
    # retreat to Bohemia.
    world = _after_retreat_to_bohemia("loose")
    report = _submit(world, ["F 1:nth:F1901 - 1:nwg:S1901"])
    assert report.results[0].status == "succeeds"
    new = report.world
    assert new.phase == "movement", f"the settled retreat was asked again: {dict(new.pause.dislodged)}"
    [fork] = report.new_timelines
    first = BoardKey(fork, Turn.parse("F1901"))
    assert new.parents[fork] == S1901
    assert "Germany A boh" in _units(new, first) and "England F nwg" in _units(new, first)
    assert "Germany A boh" in _units(new, F1901)


def test_a_dislodgement_adjudicated_again_keeps_its_retreat():
    # France's army, now in Munich in Fall 1901, supports its own earlier attack on
    # Munich: that attack is adjudicated again, with the same outcome. Nothing changes,
    # so nothing is asked and no timeline starts.
    world = _after_retreat_to_bohemia("strict")
    report = _submit(world, ["A 1:mun:F1901 S A 1:bur:S1901 - 1:mun:S1901"])
    assert report.results[0].status == "succeeds"
    new = report.world
    assert new.phase == "movement", f"the settled retreat was asked again: {dict(new.pause.dislodged)}"
    assert report.new_timelines == []
    mun = next(r for o, r in zip(new.orders[S1901], new.results[S1901]) if o.unit.province == "mun")
    assert mun.dislodged and mun.retreat_to == "boh"


def test_a_retreat_made_impossible_is_asked_again_elsewhere():
    # Germany's army travels from Bohemia in Fall 1901 back to Bohemia in Spring 1901,
    # where it arrives: the retreat to Bohemia is now impossible, so the dislodged army
    # may retreat again (not to Bohemia). The original timeline keeps its retreat.
    world = _after_retreat_to_bohemia("strict")
    report = _submit(world, ["A 1:boh:F1901 - 1:boh:S1901"])
    paused = report.world
    assert paused.phase == "retreats"
    [(loc, allowed)] = paused.pause.dislodged.items()
    assert (loc.board, loc.loc) == (S1901, "mun") and "boh" not in allowed and "tyr" in allowed
    report = _submit(paused, ["A 1:mun:S1901 - tyr"])
    new = report.world
    [fork] = report.new_timelines
    assert "Germany A tyr" in _units(new, BoardKey(fork, Turn.parse("F1901")))
    assert "Germany A boh" in _units(new, F1901)
