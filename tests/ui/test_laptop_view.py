"""Readable at the default view on a 1366×768 laptop (issue 18): names at least ~9 px tall on
boards at working size (short names far out, full names near), names fitted to their
regions and never cut, a side panel that gives the map room (collapsible, remembering its
width), all seven nations in the Nations table."""

import json

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QHeaderView

from app.engine.variants.variant import load_variant
from app.ui.multiverse.labels import MIN_BOARD_PX, fitter, label_px, shape_of
from app.ui.multiverse.map_art import map_art

from .helpers import key


def _laptop(window):
    window.resize(1366, 768)
    window.new_game(confirmed=True)
    window.view.go_to_present()
    return window


def test_names_are_readable_at_the_default_view(qtbot, window):
    _laptop(window)
    item = window.scene.items_by_key[key("1:S1901")]
    sw = window.view.scale_factor() * item._rect.width()
    assert sw >= MIN_BOARD_PX, f"the board is {sw:.0f} px wide at the default view"
    labels = fitter(item.art).labels(window.view.scale_factor())
    assert min(lab.px for lab in labels) >= 9, "names under 9 px at the default view"
    provinces = set(item.art.geo.label_anchors)
    named = {lab.province for lab in labels}
    assert len(named) >= 0.9 * len(provinces), f"only {len(named)} of {len(provinces)} provinces are named"
    far = fitter(item.art).labels(0.25)
    near = fitter(item.art).labels(1.5)
    names = {p: i.name for p, i in item.art.variant.provinces.items()}
    assert sum(lab.text == names[lab.province] for lab in near) > 2 * sum(lab.text == names[lab.province] for lab in far), \
        "full names near, short ones far"


def test_names_fit_their_regions_and_are_never_cut(qtbot):
    art = map_art(load_variant("standard"))
    names = {p: i.name for p, i in art.variant.provinces.items()}
    for scale in (0.3, 0.5, 1.0, 2.0):
        for lab in fitter(art).labels(scale):
            # whole: one of the province's names, never a clipped piece of one
            assert lab.text in (names[lab.province], art.geo.labels.get(lab.province), lab.province.capitalize()), lab
            if lab.fitted:
                x0, y0, x1, y1 = lab.box
                region = shape_of(art.geo.provinces[lab.province])
                from shapely.geometry import box
                assert region.buffer(0.5).contains(box(x0, y0, x1, y1)), (scale, lab)
            else:           # only the map's own short label may overflow, where nothing fits
                assert len(lab.text) <= 4, (scale, lab)


def test_a_long_map_label_is_drawn_whole(qtbot, tmp_path):
    """A map label longer than 8 letters (the old fixed 60-unit box cut it) is drawn whole,
    on one line or two, as the designer's preview shows it."""
    from app.engine.variants.variant import load_variant as load
    from app.ui.multiverse.map_art import MapArt
    from app.mapgeo import load_map
    v = load("standard")
    geo = load_map(v.map_path)
    geo.labels["mos"] = "Muscovy and the Volga"
    art = MapArt(v, geo)
    labs = {lab.province: lab for lab in fitter(art).labels(1.0)}
    assert labs["mos"].text in ("Moscow", "Muscovy and the Volga")
    labs = {lab.province: lab for lab in fitter(art).labels(0.6)}
    assert labs["mos"].text in ("Moscow", "Muscovy and the Volga", "Mos"), labs["mos"]


def test_all_seven_nations_show_in_the_nations_table_at_1366x768(qtbot, window):
    _laptop(window)
    dock = next(d for d in window.docks if d.objectName() == "nations")
    dock.raise_()
    qtbot.waitUntil(lambda: window.nations_panel.table.isVisible())
    table = window.nations_panel.table
    vp = table.viewport()

    def seven_rows_shown():      # the side panel makes room once its new size is laid out
        assert table.rowCount() == 7
        last = table.rowViewportPosition(6) + table.rowHeight(6)
        assert last <= vp.height(), f"7 rows need {last} px, the table shows {vp.height()}"
    qtbot.waitUntil(seven_rows_shown, timeout=20000)
    header = table.horizontalHeader()
    fm = QFontMetrics(header.font())
    for col in range(table.columnCount()):
        text = table.horizontalHeaderItem(col).text()
        assert fm.horizontalAdvance(text) + 8 <= header.sectionSize(col), f"header '{text}' is clipped"
    assert header.sectionViewportPosition(3) + header.sectionSize(3) <= vp.width() + 1


def test_the_side_panel_collapses_and_remembers_its_width(qtbot, window):
    from app.ui.window.main_window import MainWindow
    _laptop(window)
    view_w = window.view.width()
    window.side_panel.action.trigger()
    qtbot.waitUntil(lambda: window.view.width() > view_w + 200)
    assert not any(d.isVisible() for d in window.docks if d.objectName() in ("orders", "nations", "results"))
    window.side_panel.action.trigger()
    qtbot.waitUntil(lambda: window.docks[0].isVisible())
    window.resizeDocks([window.docks[0]], [420], __import__("PySide6.QtCore").QtCore.Qt.Horizontal)
    qtbot.waitUntil(lambda: abs(window.docks[0].width() - 420) < 30, timeout=20000)
    width = window.docks[0].width()
    window.close()
    again = MainWindow(theme="light")
    qtbot.addWidget(again)
    again.files.ask_unsaved = lambda doing: "discard"
    again.resize(1366, 768)
    again.show()
    qtbot.waitUntil(lambda: again.docks[0].isVisible())
    qtbot.waitUntil(lambda: abs(again.docks[0].width() - width) < 30, timeout=20000)


def test_long_names_of_an_imported_map_fit_their_regions_or_give_way(qtbot, tmp_path):
    """The diplomacy package's Ancient Mediterranean, imported with its own drawing: names up
    to "Province of Carthage" are drawn whole inside their provinces when near, and where a
    name does not fit, only a short label (never a cut piece of the name) takes its place."""
    from shapely.geometry import box
    from app.variants.dpimport import package_maps_dir
    from app.variants.importer import import_variant
    folder = tmp_path / "ancmed"
    import_variant(package_maps_dir() / "ancmed.map", folder)
    art = map_art(load_variant(str(folder)))
    names = {p: i.name for p, i in art.variant.provinces.items()}
    assert max(len(n) for n in names.values()) >= 20
    for scale in (0.3, 0.5, 1.0, 2.0):
        labs = fitter(art).labels(scale)
        for lab in labs:
            assert lab.text in (names[lab.province], art.geo.labels.get(lab.province), lab.province.capitalize()), lab
            if lab.fitted:
                assert shape_of(art.geo.provinces[lab.province]).buffer(0.5).contains(box(*lab.box)), (scale, lab)
            else:
                assert len(lab.text) <= 4, (scale, lab)
    near = fitter(art).labels(2.0)
    long_whole = [lab.text for lab in near if lab.fitted and lab.text == names[lab.province] and len(lab.text) > 10]
    assert len(long_whole) >= 5, f"long names drawn whole near: {long_whole}"


def test_the_names_kept_between_runs_are_those_fitted_and_a_damaged_file_is_fitted_again(qtbot, tmp_path):
    """A start after the first reads its names from the file kept beside the plain map (no
    shapely); what it reads is what fitting gives, and a damaged file is fitted anew."""
    from app.ui.multiverse.labels import LabelFitter
    art = map_art(load_variant("standard"))
    kept = tmp_path / "map-labels.json"
    first = LabelFitter(art)
    first.kept.path = kept
    fitted = first.labels(0.5)
    assert first._shaped and kept.exists()
    again = LabelFitter(art)
    again.kept.path = kept
    assert again.labels(0.5) == fitted and not again._shaped, "read back, nothing fitted"
    kept.write_text('{"key": "', encoding="utf-8")
    damaged = LabelFitter(art)
    damaged.kept.path = kept
    assert damaged.labels(0.5) == fitted and damaged._shaped
    assert json.loads(kept.read_text())["buckets"], "kept again whole"
