"""The coach (app.bots.coach, issue 36): Hard's orders for a seat's nations, each with the
reason the engine's adjudication of its alternative gives, and an evaluation per nation and
timeline — from the seat's view only, so nothing out of its sight reaches the advice."""

import pytest

from app.bots import decide
from app.bots.coach import advise, Cancelled
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Move, Support, Unit
from app.engine.rules.world import World, make_board
from app.engine.variants.variant import load_variant
from app.match.fog import fogged_world

FALL = Turn.parse("F1902")
SPRING = Turn.parse("S1902")


def _two_timelines(here: list[Unit], there: list[Unit], tunis: str) -> World:
    """Timeline 1: France owns every centre. Timeline 2: Italy every centre but Tunis (``tunis``'s)."""
    v = load_variant()
    one = make_board(BoardKey(1, FALL), here, {c: "France" for c in v.supply_centres})
    two = make_board(BoardKey(2, FALL), there, {c: (tunis if c == "tun" else "Italy") for c in v.supply_centres})
    return World.from_boards(v, [one, two])


def _reason_of(advice, order_kind, timeline: int) -> str:
    return next(r.text for r in advice.reasons
                if type(r.order).__name__ == order_kind and r.order.unit.board.timeline == timeline)


def test_a_support_that_saves_a_centre_reads_keeps():
    """Timeline 2: France's army in Tunis, two Italian fleets that reach it; the army in Tunis
    on timeline 1 can back it. The support's reason: it keeps Tunis, which falls without it."""
    world = _two_timelines([Unit("France", "A", "tun")],
                           [Unit("France", "A", "tun"), Unit("Italy", "F", "tys"), Unit("Italy", "F", "ion")],
                           "France")
    advice = advise(world, ["France"], seed=1)
    assert advice.orders == tuple(decide("hard", world, "France", seed=1))   # Hard's own orders, unchanged
    support = _reason_of(advice, "Support", 1)
    assert support.startswith("keeps Tunis on timeline 2 (without it Tunis falls to Italy)"), support
    assert "saves the French army in Tunis on timeline 2" in support
    assert "holds Tunis on timeline 2 against the Italian attack" == _reason_of(advice, "Hold", 2)
    assert advice.rivals == ("Italy",) and advice.adjudications == 2


def test_a_supported_attack_reads_takes():
    """Timeline 2: an Italian army in Tunis, a French one in North Africa, backed from timeline 1."""
    world = _two_timelines([Unit("France", "A", "tun")], [Unit("France", "A", "naf"), Unit("Italy", "A", "tun")],
                           "Italy")
    advice = advise(world, ["France"], seed=1)
    assert any(isinstance(o, Support) for o in advice.orders)
    for timeline, kind in ((2, "Move"), (1, "Support")):
        assert _reason_of(advice, kind, timeline).startswith("takes Tunis on timeline 2"), advice.reasons
    two = next(s for s in advice.standings if s.timeline == 2)
    assert (two.centres, two.units, two.rival, two.centres_after) == (0, 1, "Italy", 1)
    assert "France on timeline 2: 0 centres, 1 unit, -34 against Italy" in two.words(True)


def test_the_same_view_and_seed_give_the_same_advice():
    world = _two_timelines([Unit("France", "A", "tun")], [Unit("France", "A", "naf"), Unit("Italy", "A", "tun")],
                           "Italy")
    assert advise(world, ["France"], seed=4) == advise(world, ["France"], seed=4)


def _classic(extra: list[Unit]) -> World:
    v = load_variant()
    units = [Unit("France", "A", "bur"), Unit("France", "A", "par"), Unit("France", "F", "bre"),
             Unit("Germany", "A", "mun")] + extra
    centres = {"par": "France", "bre": "France", "mar": "France", "mun": "Germany", "ber": "Germany",
               "kie": "Germany"}
    return World.from_boards(v, [make_board(BoardKey(1, SPRING), units, centres)])


def test_a_unit_hidden_by_fog_neither_shows_nor_counts():
    """A German army in Holland, out of France's sight, would change the advice (it could
    bounce France in Belgium); in France's view it is not there, and the advice from the
    view is the same as if it did not exist."""
    hidden = Unit("Germany", "A", "hol")
    with_it, without = _classic([hidden]), _classic([])
    view = fogged_world(with_it, ["France"])
    assert "hol" not in view.boards[BoardKey(1, SPRING)].units            # out of sight indeed
    assert advise(with_it, ["France"], seed=3) != advise(without, ["France"], seed=3)   # it would matter
    seen = advise(view, ["France"], seed=3)
    assert seen == advise(fogged_world(without, ["France"]), ["France"], seed=3)
    words = " ".join([r.text for r in seen.reasons] + [s.words(True) for s in seen.standings]
                     + [m.words() for m in seen.measures])
    assert "Holland" not in words


def test_a_listener_can_stop_it():
    world = _classic([])

    def stop(done, text):
        if done > 0.1:
            raise Cancelled()
    with pytest.raises(Cancelled):
        advise(world, ["France"], seed=1, progress=stop)


def test_several_nations_and_none_of_another_seat():
    """A seat playing France and England gets both nations' orders, no one else's."""
    world = _classic([Unit("England", "F", "lon")])
    advice = advise(world, ["France", "England"], seed=2)
    assert {o.nation for o in advice.orders} == {"France", "England"}
    assert {s.nation for s in advice.standings} == {"France", "England"}
    assert advice.rivals == ("Germany",)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_reason_agrees_with_the_position(seed):
    """Over played 5D worlds, for every nation: each order has a reason; a centre "taken" was
    not the nation's on that timeline before; a new timeline is split off only by an order
    that reaches into a past board (nothing else forks)."""
    from app.bots.coach import held_centres
    from app.bots.selfplay import grow_world
    world = grow_world(seed=seed, turns=5, time_travel=0.3).world
    names = {p.name: k for k, p in world.variant.provinces.items()}
    seen = set()
    for nation in world.variant.nation_names:
        advice = advise(world, [nation], seed=seed)
        assert advice.orders == tuple(decide("hard", world, nation, seed=seed))
        for r in advice.reasons:
            assert r.text, r
            seen.add(r.text.split(" ")[0])
            for part in r.text.split("; "):
                if part.startswith("takes "):
                    name, _, timeline = part[len("takes "):].partition(" on timeline ")
                    t = int(timeline) if timeline else world.timelines[0]
                    assert names[name] not in held_centres(world, world.active_key(t)).get(nation, ()), r
                if part.startswith("splits off"):
                    o = r.order
                    target = o.dest if isinstance(o, Move) else (o.dest or o.supported)
                    assert not world.is_active(target.board), r
    assert {"takes", "moves"} <= seen


def test_a_civilisation_not_met_is_never_named():
    """RULES.md §10: a seat knows its own civilisation and those in contact; the advice, read
    from its view, names no other (nor counts on one: the view is all it is given)."""
    from app.engine.civ.civstart import civ_start
    from app.engine.civ.nations import default_nations
    from app.match.civ_view import civ_view, known_civilisations
    world = civ_start(load_variant(), default_nations(8), seed=1)
    me = world.variant.nation_names[0]
    known = set(known_civilisations(world, [me]))
    advice = advise(civ_view(world, [me]), [me], seed=1)
    assert advice.orders and set(advice.rivals) <= known | {"Unknown"}
    words = " ".join([r.text for r in advice.reasons] + [s.words(True) for s in advice.standings]
                     + [m.words() for m in advice.measures])
    for other in set(world.variant.nation_names) - known:
        assert other not in words, other


def test_the_bars_after_the_orders_are_the_world_after_them_even_when_units_must_retreat():
    """Each timeline's bar "after these orders" counts the world the orders make (with the
    others' likely orders, the Standard computer's; a dislodged unit counted as disbanded),
    also when the submission pauses for retreats: then it showed the world before them, the
    bars unchanged beside reasons that "take Holland"."""
    from app.bots.coach import held_centres
    from app.bots.selfplay import grow_world
    from app.engine.rules.submission import submit
    paused = 0
    for seed, turns in ((4, 9), (1, 5), (2, 5)):
        world = grow_world(seed=seed, turns=turns, time_travel=0.15, max_travellers=2).world
        for nation in world.variant.nation_names:
            advice = advise(world, [nation], seed=seed)
            if not advice.orders or world.pause is not None:
                continue
            theirs = [o for n in advice.rivals
                      for o in decide("standard", world, n, seed=seed, budget=0, time_travel=False)]
            after = submit(world, list(advice.orders) + theirs).world
            if after.pause is not None and after.phase != "over":
                paused += 1
                after = submit(after, []).world
            for s in advice.standings:
                if s.timeline in after.ends:
                    assert s.centres_after == len(held_centres(after, after.active_key(s.timeline)).get(nation, ())), s
    assert paused, "no advice made a retreat phase: the case is not covered"
