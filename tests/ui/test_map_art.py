"""The drawn map (issue 18): fog over every sea and strait, labels that fit their regions
and are readable at the default view, nations told apart by more than hue."""

from PySide6.QtCore import QPointF

from app.engine.rules.coords import BoardKey
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World
from app.ui.multiverse.fog_art import _veil_path, unseen_by_board
from app.ui.multiverse.map_art import BoardState, map_art, render_board_image
from app.ui.multiverse.labels import shape_of

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
        pt = shape_of(water).representative_point()
        assert veil.contains(QPointF(pt.x, pt.y)), f"{name} is not veiled for England"
        px = (round(pt.x * s), round(pt.y * s))
        assert clear.pixel(*px) != fogged.pixel(*px), f"{name} is drawn unveiled"
    # Turkey sees every province around the Sea of Marmara: it is not veiled for Turkey
    turkey = unseen_by_board(world, ("Turkey",))[S1901]
    mar = shape_of(art.geo.impassable_water["mar"]).representative_point()
    assert not _veil_path(art, turkey).contains(QPointF(mar.x, mar.y))


# -- nations told apart by more than hue ----------------------------------------------------------

SIXTEEN = {f"Nation{c}{i}": colour for i, (c, colour) in enumerate(zip(
    "ABCDEFGHIJKLMNOP",
    ["#c94c4c", "#2e5aa8", "#4aa8d8", "#6b6b6b", "#3f9e4d", "#8a5cb8", "#d9a521", "#c0392b",
     "#2f9e44", "#e8590c", "#0c8599", "#9c36b5", "#f08c00", "#c2255c", "#1971c2", "#5c940d"]))}


def test_nations_close_in_colour_carry_letters_for_up_to_16():
    from itertools import combinations
    from app.ui.multiverse.nation_look import CLOSE, NationLook, distance
    for safe in (False, True):
        look = NationLook.of(SIXTEEN, safe)
        assert set(look.colours) == set(SIXTEEN)
        if safe:
            assert len(set(look.colours.values())) == 16, "sixteen distinct safe colours"
        marks = list(look.letters.values())
        assert len(marks) == len(set(marks)), "every mark is its own"
        for a, b in combinations(SIXTEEN, 2):
            if distance(look.colours[a], look.colours[b]) < CLOSE:
                assert a in look.letters and b in look.letters, (a, b, safe)
    # the standard map: red Austria and green Italy, blue England and purple Russia, look alike
    # to many; the safe palette keeps all seven apart
    std = {n: v.colour for n, v in load_variant("standard").nations.items()}
    assert {"Austria", "Italy", "England", "Russia"} <= set(NationLook.of(std).letters)
    assert NationLook.of(std, safe=True).letters == {}


def test_a_letter_is_drawn_on_the_units_of_close_nations(qapp, monkeypatch):
    from app.ui.multiverse import map_art as ma
    from app.ui.multiverse.nation_look import NationLook, look_of
    v, art, _world = _standard()
    state = BoardState((("vie", "Austria", "A", False),), ())
    look = look_of(v)
    assert "Austria" in look.letters
    with_letter = render_board_image(art, state, 1600)
    monkeypatch.setattr(ma, "look_of", lambda variant: NationLook(look.colours, {}))
    without = render_board_image(art, state, 1600)
    x, y = art.unit_point("vie").x() * 1.6, art.unit_point("vie").y() * 1.6
    differ = sum(with_letter.pixel(int(x) + dx, int(y) + dy) != without.pixel(int(x) + dx, int(y) + dy)
                 for dx in range(-15, 16) for dy in range(-12, 13))
    assert differ > 30, "no letter on Austria's army"


def test_the_safe_palette_is_a_remembered_view_choice(qtbot, window):
    from app.ui.multiverse.map_art import colour_of
    from app.ui.multiverse.nation_look import safe_colours, set_safe
    window.new_game(confirmed=True)
    std = {n: x.colour for n, x in window.game.variant.nations.items()}
    try:
        window.commands.safe_colours.trigger()
        assert window.commands.safe_colours.isChecked()
        assert colour_of(window.game.variant, "France").name().lower() == safe_colours(std)["France"].lower()
        item = window.scene.items_by_key[next(iter(window.scene.items_by_key))]
        assert item.current_state().safe
        from app.ui.window.main_window import MainWindow
        again = MainWindow(theme="light")
        qtbot.addWidget(again)
        assert again.commands.safe_colours.isChecked()
        window.commands.safe_colours.trigger()
        assert colour_of(window.game.variant, "France").name().lower() == std["France"].lower()
    finally:
        set_safe(False)


def test_a_games_own_nations_look_the_same_whoever_else_plays():
    """Civilisations: a nation's colour and letters never depend on the other nations (an
    unmet civilisation must not show through a letter or a palette)."""
    from app.ui.multiverse.nation_look import NationLook
    two = {"Sumer": "#c92a2a", "Akkad": "#1971c2"}
    three = dict(two, Kish="#e03131")                     # a colour close to Sumer's
    for safe in (False, True):
        a, b = NationLook.of(two, safe, independent=True), NationLook.of(three, safe, independent=True)
        assert all(a.colours[n] == b.colours[n] and a.letters[n] == b.letters[n] for n in two)
    assert NationLook.of(three).letters != NationLook.of(two).letters      # (the standard rule would tell)


def test_a_province_path_has_exactly_the_elements_of_its_polygons():
    """Paths are made from moveTo/lineTo (twice as fast as a QPolygonF of QPointF per point):
    the same elements, closed, as addPolygon makes, holes included, and an empty ring adds none."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QPainterPath, QPolygonF

    from app.ui.multiverse.map_paths import poly_path

    polygons = (((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)), ((2.0, 2.0), (4.0, 2.0), (3.0, 4.0))), \
        ((), ((20.0, 20.0), (30.5, 20.0), (25.0, 28.25)))
    expected = QPainterPath()
    expected.setFillRule(Qt.OddEvenFill)
    for poly in polygons:
        for ring in poly:
            expected.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
            expected.closeSubpath()
    got = poly_path(polygons)
    assert got == expected and got.fillRule() == Qt.OddEvenFill
    assert got.elementCount() == 13           # each ring: its points and the line closing it


def _inked(img, colour) -> int:
    """How many pixels of ``img`` are close to ``colour``."""
    from PySide6.QtGui import QColor
    n = 0
    for y in range(img.height()):
        for x in range(img.width()):
            c = QColor(img.pixel(x, y))
            if abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + abs(c.blue() - colour.blue()) < 200:
                n += 1
    return n


def test_a_thin_arrow_between_boards_keeps_its_width_and_place_drawn_as_hairlines(qapp):
    """Far out an arrow between boards (under HAIRLINE_MAX_PX on screen) is drawn as
    hairlines without its halo, for speed: it covers about the pixels the wide stroke did."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QImage, QPainter
    from app.ui.multiverse.map_art import HAIRLINE_MAX_PX, paint_arrow
    red = QColor(200, 40, 20)

    def draw(hairline_px, kind="move"):
        img = QImage(400, 200, QImage.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.scale(0.25, 0.25)          # 7.2 units wide: 1.8 pixels on screen
        paint_arrow(p, QPointF(80, 400), QPointF(1500, 420), kind, red, 7.2, curve=0.18, hairline_px=hairline_px)
        p.end()
        return img

    for kind in ("move", "support"):
        wide, thin = _inked(draw(0.0, kind), red), _inked(draw(HAIRLINE_MAX_PX, kind), red)
        assert wide > 100 and 0.75 * wide <= thin <= 1.35 * wide, (kind, wide, thin)
    # the hairlines lie where the wide stroke was: most of their ink is on its pixels
    a, b = draw(0.0), draw(HAIRLINE_MAX_PX)
    both = sum(1 for y in range(0, 200) for x in range(0, 400)
               if a.pixel(x, y) != 0xffffffff and b.pixel(x, y) != 0xffffffff)
    assert both >= 0.7 * _inked(b, red)
    # close up (wider than HAIRLINE_MAX_PX on screen) it is the stroke with its halo, unchanged
    img = QImage(400, 200, QImage.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.scale(0.25, 0.25)
    paint_arrow(p, QPointF(80, 400), QPointF(1500, 420), "move", red, 16.0, curve=0.18, hairline_px=HAIRLINE_MAX_PX)
    p.end()
    assert _inked(img, red) > 1.5 * _inked(draw(HAIRLINE_MAX_PX), red)
