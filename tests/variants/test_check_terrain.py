"""``variant check`` compares the data with the drawing (kinds, fleet routes along coasts, split
coast lines) and the start with the nations' homes: each defect planted in a temp copy of the
standard variant is reported, naming the file and the element at fault."""

import json
import re
from pathlib import Path

import pytest

from app.engine.variants.variant import load_variant
from app.variants.check import check_variant
from tests.variants.helpers import copy_variant, edit_json

BEFORE_FIX = Path(__file__).parent / "data" / "spain_before_fix.svg.txt"


@pytest.fixture
def folder(tmp_path):
    return copy_variant(tmp_path)


def _found(folder, file, element, *words, severity="error"):
    problems = check_variant(str(folder))
    hits = [p for p in problems if p.file == file and p.element == element and p.severity == severity
            and all(w in p.message for w in words)]
    assert hits, "\n".join(map(str, problems))
    return hits[0]


def _errors(folder):
    return [str(p) for p in check_variant(str(folder)) if p.severity == "error"]


def _index(items, pred):
    return next(i for i, x in enumerate(items) if pred(x))


def test_a_fleet_edge_between_coasts_on_different_seas(folder):
    # Rome (Tyrrhenian) and Apulia (Adriatic, Ionian) share a land border but no sea
    edit_json(folder / "adjacency.json", lambda d: d["fleet"].append(["apu", "rom"]))
    n = len(json.loads((folder / "adjacency.json").read_text())["fleet"]) - 1
    p = _found(folder, "adjacency.json", f"fleet.{n}", "apu-rom", "different seas")
    assert set(p.provinces) == {"apu", "rom"}


def test_a_coastal_pair_that_lost_its_fleet_edge(folder):
    edit_json(folder / "adjacency.json",
              lambda d: d["fleet"].pop(_index(d["fleet"], lambda e: set(e) == {"bre", "pic"})))
    _found(folder, "map.svg", "bre", "pic", "eng", "no fleet edge")


def test_an_inland_province_declared_coastal(folder):
    i = _index(json.loads((folder / "provinces.json").read_text())["provinces"], lambda p: p["id"] == "mun")
    edit_json(folder / "provinces.json", lambda d: d["provinces"][i].update(kind="coast"))
    load_variant(str(folder))  # the data alone is consistent: only the drawing shows it
    _found(folder, "provinces.json", f"provinces.{i}.kind", "'mun'", "borders no sea")


def test_a_coastal_province_declared_inland(folder):
    i = _index(json.loads((folder / "provinces.json").read_text())["provinces"], lambda p: p["id"] == "bur")
    edit_json(folder / "provinces.json", lambda d: d["provinces"][i].update(kind="coast"))
    j = _index(json.loads((folder / "provinces.json").read_text())["provinces"], lambda p: p["id"] == "pic")

    def inland(d):
        d["provinces"][j]["kind"] = "land"
    edit_json(folder / "provinces.json", inland)
    edit_json(folder / "adjacency.json", lambda d: d.update(fleet=[e for e in d["fleet"] if "pic" not in e]))
    _found(folder, "provinces.json", f"provinces.{j}.kind", "'pic'", "'land'", "eng")


def test_a_home_centre_with_no_owner_at_the_start(folder):
    edit_json(folder / "start.json", lambda d: d["centres"]["France"].remove("par"))
    _found(folder, "start.json", "centres", "'par'", "France", "no owner", severity="warning")


def test_a_nation_starting_with_another_nations_home_centre(folder):
    def give(d):
        d["centres"]["Germany"].remove("mun")
        d["centres"]["France"].append("mun")
    edit_json(folder / "start.json", give)
    # a warning: some variants mean it (Parlance's Shift Around starts each power on another's homes)
    _found(folder, "start.json", "centres.France", "'mun'", "home centre of Germany", severity="warning")
    load_variant(str(folder))


def test_a_nation_without_units(folder):
    edit_json(folder / "start.json", lambda d: d.update(units=[u for u in d["units"] if not u.startswith("England")]))
    _found(folder, "start.json", "units", "England has no unit", severity="warning")
    edit_json(folder / "start.json", lambda d: d["centres"].update(England=[]))
    _found(folder, "start.json", "units", "England has no unit and no centre")


def _with_spain(folder, lines: str) -> None:
    svg = folder / "map.svg"
    text = svg.read_text()
    for line in lines.strip().splitlines():
        eid = re.search(r'id="([^"]+)"', line).group(1)
        text, n = re.subn(rf'<[a-z]+ id="{eid}"[^>]*/>', line.strip(), text)
        assert n == 1, eid
    svg.write_text(text)


def test_coast_lines_that_overlap_are_refused_on_a_copy_of_the_old_spain(folder):
    assert _errors(folder) == []  # Spain as drawn now: each stretch of coast is one coast's
    _with_spain(folder, BEFORE_FIX.read_text())  # both Spanish coasts along the whole coast, as before
    p = _found(folder, "map.svg", "coast-spa-nc", "spa/nc and spa/sc overlap")
    assert p.provinces == ("spa",)


def test_a_coast_line_off_its_provinces_sea_border(folder):
    # spa/sc drawn across the middle of Spain, then on along Spain's border with Portugal
    _with_spain(folder, '<path id="coast-spa-sc" class="split-coast" data-location="spa/sc" '
                        'd="M120,700 160,720 200,740"/>')
    _found(folder, "map.svg", "coast-spa-sc", "away from spa's border with the sea")
