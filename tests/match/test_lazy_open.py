"""Opening a saved match reads its past boards' orders lazily (app.engine.saves.lazy_orders),
except where every board is read at once anyway: a fogged seat's view walks them all."""

from app.bots import selfplay
from app.engine.saves.lazy_orders import Later, raw_value
from app.match.fog import fogged_world
from app.match.storage import open_match


def unread(world) -> int:
    """Boards whose orders are not made yet."""
    stand_ins = [raw_value(world.orders, k) for k in world.orders.keys()]
    return sum(isinstance(v, Later) and v.value is None for v in stand_ins)


def seats(game, fog: bool) -> dict:
    nations = list(game.variant.nation_names)
    return {"version": 1, "mode": "hotseat", "fog": fog, "turn": 0, "done": [], "pending": {},
            "seats": [{"name": "Ada", "nations": nations[:3], "controller": "person"},
                      {"name": "Ben", "nations": nations[3:], "controller": "person"}]}


def test_a_plain_match_opens_lazily_and_a_fogged_one_reads_every_board_at_open(tmp_path):
    g = selfplay.grow_world(seed=150, turns=8)
    for fog in (False, True):
        g.meta = seats(g, fog)
        path = tmp_path / f"fog-{fog}.json"
        g.save(path)
        m = open_match(path, replay_later=True)     # as the window opens it (its check runs after)
        assert m.fog is fog
        assert (unread(m.game.world) == 0) is fog and len(m.game.world.orders) > 0
        view = fogged_world(m.game.world, ["England"])
        again = fogged_world(g.world, ["England"])
        assert dict(view.orders) == dict(again.orders) and dict(view.refs) == dict(again.refs)
