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
