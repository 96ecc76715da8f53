"""The stand-in board's shape: regions of usable size, neighbours that touch, seas that join.

A stand-in is drawn for an imported variant that comes without a drawing. These properties
are measured on the stand-in of the shipped Standard variant's data (its own drawing unused):
75 provinces, nearly a planar graph, seas in one body of water."""

import json

import networkx as nx
import pytest
import shapely
from shapely.geometry import box

from app.engine.variants.catalog import find_folder
from app.mapgeo.terrain import derive_terrain
from app.variants.drawing.data import MIN_BORDER, TOUCH, WIDTH, BoardData
from app.variants.drawing.layout import layout, regions
from app.variants.drawing.mend import mend


@pytest.fixture(scope="module")
def drawn():
    files = {f.name: json.loads(f.read_text()) for f in find_folder("standard").glob("*.json")}
    data = BoardData.of(files)
    lay = layout(data)
    frame = box(0, 0, WIDTH, lay.height)
    board = mend(data, regions(lay, frame), frame)
    seas = {p for p in data.provinces if data.kinds[p] == "sea"}
    return data, board, derive_terrain(board.cells, seas, min_border=MIN_BORDER, touch=TOUCH)


def test_every_region_has_room_for_a_unit_and_its_name(drawn):
    data, board, _ = drawn
    radius = {p: shapely.maximum_inscribed_circle(board.cells[p], 0.5).length for p in data.provinces}
    cramped = {p: round(r, 1) for p, r in radius.items() if r < 16}
    assert not cramped


def test_no_region_is_many_times_the_size_of_the_others(drawn):
    """The provinces on the outside once took every corner of the frame (Standard's largest
    region was 12 times the middle one's size)."""
    data, board, _ = drawn
    areas = sorted(board.cells[p].area for p in data.provinces)
    median = areas[len(areas) // 2]
    assert areas[-1] <= 7 * median, (areas[-1], median)
    assert areas[0] >= median / 3, (areas[0], median)


def test_regions_border_exactly_where_the_data_says(drawn):
    data, board, terrain = drawn
    shown = set(terrain.borders)
    assert shown <= data.pairs, sorted(map(sorted, shown - data.pairs))
    unshown = data.pairs - shown
    assert len(unshown) <= len(data.pairs) // 20, sorted(map(sorted, unshown))   # a few straits at most
    assert {frozenset(s) for s in board.straits} >= unshown


def test_seas_that_join_in_the_data_are_one_body_of_water(drawn):
    data, board, _ = drawn
    seas = [p for p in data.provinces if data.kinds[p] == "sea"]
    graph = nx.Graph()
    graph.add_nodes_from(seas)
    graph.add_edges_from(tuple(pair) for pair in data.pairs if pair <= set(seas))
    for body in nx.connected_components(graph):
        water = shapely.union_all([board.cells[p].buffer(TOUCH) for p in sorted(body)])
        assert water.geom_type == "Polygon", sorted(body)


def test_the_provinces_fill_most_of_the_frame(drawn):
    """A freely relaxed layout comes out round; stretched to the frame, its corners are land
    and sea rather than an impassable border (on a board drawn at a fixed width, room the
    provinces do not use is room their names do not get)."""
    data, board, _ = drawn
    height = max(g.bounds[3] for g in board.cells.values())
    used = sum(board.cells[p].area for p in data.provinces) / (WIDTH * height)
    assert used >= 0.75, used


THIN = 0.25     # inscribed radius over the square root of the area: a disc 0.56, a square 0.5, a 1×4 strip 0.25


def thinness(cell) -> float:
    radius = max(shapely.maximum_inscribed_circle(part, 0.5).length for part in shapely.get_parts(cell))
    return radius / cell.area ** 0.5


def test_no_region_is_a_long_thin_strip(drawn):
    data, board, _ = drawn
    thin = {p: round(thinness(board.cells[p]), 3) for p in data.provinces if thinness(board.cells[p]) < THIN}
    assert not thin


# Why not yet: a map with no outside of its own (world wraps round the globe) has the embedding's
# largest face as its edge: five provinces (Known World 901: twelve) are all that can touch the
# board's rim while every border stays a border, so between them they run right round it. Five
# regions round a disc each at least as thick as a quarter of its length (the floor) would fill
# about half the board (twelve: near a quarter), not 5 of 192 (12 of 269). Only drawing some
# borders as straits (cutting the globe open) lets more provinces reach the rim.
@pytest.mark.xfail(strict=True, reason="not yet: a map with no outside of its own (world wraps round the "
                                       "globe) gets the embedding's largest face as its edge, five provinces "
                                       "drawn as long strips round the board, and their neighbours in rings")
@pytest.mark.parametrize("name", ["world", "known_world_901"])
def test_no_region_of_a_big_imported_stand_in_is_a_long_thin_strip(tmp_path, name):
    from app.mapgeo import load_map
    from app.variants.dpimport import package_maps_dir
    from app.variants.importer import import_variant
    import_variant(package_maps_dir() / f"{name}.map", tmp_path / name, ["Oz"] if name == "world" else [])
    cells = load_map(tmp_path / name / "map.svg").provinces
    thin = {p: round(thinness(g), 3) for p, g in cells.items() if thinness(g) < THIN}
    assert not thin


@pytest.mark.parametrize("name", ["world", "known_world_901"])
def test_every_unit_of_a_big_imported_stand_in_is_drawn_whole_on_the_board(tmp_path, name):
    """A unit's marker reaches UNIT_MARK from its anchor: an anchor nearer the board's edge
    (world's St Petersburg, in a strip along the top) drew a unit cut off by the edge, or
    (a coast's middle out at the rim) off the board altogether."""
    from app.mapgeo import load_map
    from app.variants.dpimport import package_maps_dir
    from app.variants.drawing.svgout import UNIT_MARK
    from app.variants.importer import import_variant
    import_variant(package_maps_dir() / f"{name}.map", tmp_path / name, ["Oz"] if name == "world" else [])
    m = load_map(tmp_path / name / "map.svg")
    x0, y0, w, h = m.view_box
    near = {loc: round(min(x - x0, y - y0, x0 + w - x, y0 + h - y), 1) for loc, (x, y) in m.unit_anchors.items()
            if min(x - x0, y - y0, x0 + w - x, y0 + h - y) < UNIT_MARK - 0.01}
    assert not near
    for loc, xy in m.unit_anchors.items():                # and each still in its own province
        assert m.provinces[loc.split("/")[0]].buffer(0.5).contains(shapely.Point(xy)), loc


@pytest.mark.parametrize("name", ["world", "known_world_901"])
def test_every_region_of_a_big_imported_stand_in_lies_on_the_board(tmp_path, name):
    """The stretch to the frame once took the outside provinces past it: Known World 901's
    West Sea lay 98 % off the board (its unit had nowhere to go), world's Iran 59 %."""
    from app.mapgeo import load_map
    from app.variants.dpimport import package_maps_dir
    from app.variants.importer import import_variant
    import_variant(package_maps_dir() / f"{name}.map", tmp_path / name, ["Oz"] if name == "world" else [])
    m = load_map(tmp_path / name / "map.svg")
    x0, y0, w, h = m.view_box
    board = box(x0, y0, x0 + w, y0 + h)
    off = {p: round(1 - g.intersection(board).area / g.area, 3) for p, g in m.provinces.items()}
    assert not {p: f for p, f in off.items() if f > 0.01}
