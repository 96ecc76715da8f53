"""The standard map's split coasts as a thrown fleet meets them (RULES.md §9: "a fleet in a
province with two coasts stands on the coast nearer to the disc's centre").

The truth here is taken from the map's provinces, never from the drawn coast lines: a
fleet resting on Spain's border with the Gulf of Lyon or the Western Mediterranean is on
the south coast; along the Mid-Atlantic (which washes both coasts), north of Portugal is
the north coast (Galicia, Asturias), south of it the south coast (Cádiz).
The defect was a ``coast-spa-sc`` line drawn along the north coast too and a
``spa/nc`` line along the Cádiz coast, so fleets thrown at Cádiz landed on spa/nc.
"""

from __future__ import annotations

import pytest
import shapely
import shapely.ops
from shapely.geometry import Point

from app.engine.variants.variant import load_variant
from tests.winks.spots import footprints

V = load_variant("standard")


def _landings(province: str, sea: str, step: float = 4.0) -> list[tuple[float, float]]:
    """Points along ``province``'s border with ``sea``, a little out to sea, where a fleet's
    disc overlaps the province: the places a thrown fleet comes to rest on that coast."""
    fp = footprints()
    geo = fp.geometry
    border = geo.provinces[province].boundary.intersection(geo.provinces[sea].buffer(0.5))
    out = []
    for part in getattr(border, "geoms", [border]):
        if part.geom_type != "LineString" or part.length < 1:
            continue
        n = max(1, int(part.length / step))
        for k in range(n + 1):
            p = part.interpolate(k / n, normalized=True)
            # a few units into the sea, so the disc overlaps both the sea and the province
            inner = geo.provinces[sea].buffer(-6)
            if inner.is_empty:
                continue
            q = shapely.ops.nearest_points(inner, p)[0]
            x, y = (p.x + q.x) / 2, (p.y + q.y) / 2
            if province in fp.provinces_under(x, y):
                out.append((x, y))
    return out


def _expected_spain(sea: str, y: float) -> str:
    if sea in ("wes", "lyo"):
        return "spa/sc"
    return "spa/nc" if y < _portugal_middle() else "spa/sc"


def _portugal_middle() -> float:
    return footprints().geometry.provinces["por"].centroid.y


@pytest.mark.parametrize("sea", ["mao", "wes", "lyo"])
def test_a_fleet_thrown_on_spains_coast_lands_on_the_coast_it_lies_on(sea):
    fp = footprints()
    points = _landings("spa", sea)
    assert len(points) >= 5, f"too few landings sampled along Spain's border with {sea}"
    wrong = [(round(x), round(y), fp.nearer_coast(("spa/nc", "spa/sc"), x, y), _expected_spain(sea, y))
             for x, y in points if fp.nearer_coast(("spa/nc", "spa/sc"), x, y) != _expected_spain(sea, y)]
    assert wrong == []
    # and through the candidates a thrown fleet gets
    for x, y in points:
        assert _expected_spain(sea, y) in fp.candidates("F", x, y)


def test_both_mid_atlantic_coasts_of_spain_are_sampled():
    ys = [y for _, y in _landings("spa", "mao")]
    assert sum(y < _portugal_middle() for y in ys) >= 5 and sum(y > _portugal_middle() for y in ys) >= 5


@pytest.mark.parametrize("province", ["spa", "stp", "bul"])
def test_split_coast_lines_do_not_overlap_and_lie_on_their_own_seas(province):
    geo = footprints().geometry
    coasts = V.coasts_of[province]
    lines = {c: geo.coasts[c] for c in coasts}
    a, b = (lines[c] for c in coasts)
    assert a.intersection(b).length < 1.0, f"{coasts} overlap"
    for c, line in lines.items():
        seas = {x.split("/")[0] for pair in _fleet_pairs() for x in pair if c in pair and x != c}
        water = shapely.union_all([geo.provinces[s] for s in seas if V.kind(s) == "sea"])
        # drawn lines are simplified 2 units off the border at most
        along = geo.provinces[province].boundary.intersection(water.buffer(1.0)).buffer(2.5)
        assert line.difference(along).length < 1.0, f"{c} leaves its province's border with {sorted(seas)}"


def _fleet_pairs():
    import json
    from pathlib import Path
    adj = json.loads((Path(V.map_path).parent / "adjacency.json").read_text())
    return [tuple(p) for p in adj["fleet"]]


def test_landings_on_every_split_coast_resolve_to_a_coast_bordering_that_sea():
    """On every two-coast province, a fleet resting against a sea only one coast borders
    stands on that coast."""
    fp = footprints()
    pairs = _fleet_pairs()
    for prov, coasts in V.coasts_of.items():
        for sea in sorted({s for a, b in pairs for s, c in ((a, b), (b, a)) if c in coasts and V.kind(s) == "sea"}):
            owners = [c for c in coasts if (sea, c) in pairs or (c, sea) in pairs]
            if len(owners) != 1:
                continue
            for x, y in _landings(prov, sea):
                assert fp.nearer_coast(coasts, x, y) == owners[0], (prov, sea, round(x), round(y))
