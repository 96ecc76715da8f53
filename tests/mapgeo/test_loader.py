"""app.mapgeo reads any SVG that follows docs/map-conventions.md."""
from __future__ import annotations

from app.mapgeo import load_map

TINY = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
<g id="provinces">
 <path id="aaa" class="province land coast" d="M0,0 50,0 50,50 0,50Z"/>
 <path id="bbb" class="province sea" d="M50,0 L100,0 L100,50 L50,50 Z M60,10 70,10 70,20 60,20Z"/>
</g>
<g id="impassable"><path id="impassable-isl" class="impassable land" d="M60,10 70,10 70,20 60,20Z"/></g>
<g id="coasts"><path id="coast-aaa-ec" class="split-coast" data-location="aaa/ec" d="M50,0 50,50"/></g>
<g id="straits"><line id="strait-aaa-ccc" class="strait" data-from="aaa" data-to="ccc" x1="1" y1="2" x2="3" y2="4"/></g>
<g id="labels"><text id="label-aaa" class="label" x="25" y="25">Aaa</text></g>
<g id="supply-centres"><circle id="sc-aaa" class="supply-centre" data-province="aaa" cx="20" cy="20" r="3"/></g>
<g id="unit-anchors">
 <circle id="unit-aaa" class="unit-anchor" data-location="aaa" cx="25" cy="30" r="0.5"/>
 <circle id="unit-aaa-ec" class="unit-anchor" data-location="aaa/ec" cx="45" cy="30" r="0.5"/>
</g></svg>"""


def test_tiny_variant(tmp_path):
    f = tmp_path / "tiny.svg"
    f.write_text(TINY)
    m = load_map(f)
    assert m.view_box == (0, 0, 100, 50)
    assert set(m.provinces) == {"aaa", "bbb"}
    assert m.provinces["bbb"].area == 50 * 50 - 100  # even-odd hole
    assert m.province_class == {"aaa": "land", "bbb": "sea"}
    assert m.province_at(10, 10) == "aaa"
    assert m.province_at(65, 15) is None  # the hole (an impassable island)
    assert m.province_at(80, 40) == "bbb"
    assert m.unit_anchor("aaa/ec") == (45, 30)
    assert m.centre_anchor("aaa") == (20, 20)
    assert m.label_anchor("aaa") == (25, 25) and m.labels["aaa"] == "Aaa"
    assert m.shared_border("aaa", "bbb") == 50
    assert m.geometric_adjacency(3) == {frozenset(("aaa", "bbb"))}
    assert m.strait_pairs() == {frozenset(("aaa", "ccc"))}
    assert m.coasts["aaa/ec"].length == 50
    assert "isl" in m.impassable


SHAPES = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
<g id="provinces"{transform}>
 <polygon id="aaa" class="province land" points="0,0 50,0,50,50 0 50"/>
 <rect id="bbb" class="province sea" x="50" y="0" width="50" height="50"/>
 <circle id="ccc" class="province land" cx="75" cy="25" r="10"/>
 <ellipse id="ddd" class="province land" cx="25" cy="25" rx="10" ry="5"/>
</g>
<g id="impassable"><rect id="impassable-rock" class="impassable land" x="0" y="45" width="10" height="5"/></g>
<g id="unit-anchors"><circle id="unit-aaa" class="unit-anchor" data-location="aaa" cx="5" cy="5" r="0.5"/></g>
</svg>"""


def test_polygon_rect_circle_and_ellipse_regions_are_read(tmp_path):
    for transform in ("", ' transform="translate(0,0)"'):  # read directly, and through svgelements
        f = tmp_path / "shapes.svg"
        f.write_text(SHAPES.format(transform=transform))
        m = load_map(f)
        assert set(m.provinces) == {"aaa", "bbb", "ccc", "ddd"}, transform
        assert m.provinces["aaa"].area == 2500
        assert abs(m.provinces["ccc"].area - 3.1416 * 100) < 4  # a polygon of many sides
        assert abs(m.provinces["ddd"].area - 3.1416 * 50) < 2
        assert abs(m.provinces["bbb"].area - (2500 - m.provinces["ccc"].area)) < 1e-6  # water under land
        assert m.province_at(75, 25) == "ccc" and m.province_at(95, 45) == "bbb"
        assert m.province_class["bbb"] == "sea" and "rock" in m.impassable
        assert m.unit_anchor("aaa") == (5, 5)  # a circle is still a unit anchor
