"""The drawn map (issue 18): fog over every sea and strait, labels that fit their regions
and are readable at the default view, nations told apart by more than hue."""

from PySide6.QtCore import QPointF

from app.engine.coords import BoardKey
from app.engine.variant import load_variant
from app.engine.world import World
from app.ui.multiverse.fog_art import _veil_path, unseen_by_board
from app.ui.multiverse.map_art import BoardState, map_art, render_board_image

S1901 = BoardKey.parse("1:S1901")


def _standard():
    v = load_variant("standard")
    return v, map_art(v), World.initial(v)


def test_fog_is_drawn_over_the_straits_and_inland_seas(qapp):
    v, art, world = _standard()
    assert set(art.geo.impassable_water) == {"dan", "mar"}
    england = unseen_by_board(world, ("England",))[S1901]
    veil = _veil_path(art, england)
    width = 1600
    s = width / art.rect.width()
    clear = render_board_image(art, BoardState((), ()), width)
    fogged = render_board_image(art, BoardState((), (), fog=england), width)
    for name, water in art.geo.impassable_water.items():
        pt = water.representative_point()
        assert veil.contains(QPointF(pt.x, pt.y)), f"{name} is not veiled for England"
        px = (round(pt.x * s), round(pt.y * s))
        assert clear.pixel(*px) != fogged.pixel(*px), f"{name} is drawn unveiled"
    # Turkey sees every province around the Sea of Marmara: it is not veiled for Turkey
    turkey = unseen_by_board(world, ("Turkey",))[S1901]
    mar = art.geo.impassable_water["mar"].representative_point()
    assert not _veil_path(art, turkey).contains(QPointF(mar.x, mar.y))
