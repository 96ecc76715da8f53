"""``variant check``: each kind of defect planted in a temp copy of the standard variant is
reported with the file and the element at fault."""

import pytest

from app.variants.check import check_variant, main
from tests.variants.helpers import copy_variant, edit_json, move_svg_element


@pytest.fixture
def folder(tmp_path):
    return copy_variant(tmp_path)


def _found(folder, file, element, *words, severity="error"):
    problems = check_variant(str(folder))
    hits = [p for p in problems if p.file == file and p.element == element and p.severity == severity
            and all(w in p.message for w in words)]
    assert hits, "\n".join(map(str, problems))
    return hits[0]


def _index(edges, a, b):
    return next(i for i, e in enumerate(edges) if set(e) == {a, b})


def test_the_standard_variant_has_no_error():
    assert [str(p) for p in check_variant("standard") if p.severity == "error"] == []


def test_missing_adjacency(folder):
    edit_json(folder / "adjacency.json", lambda d: d["army"].pop(_index(d["army"], "bur", "mun")))
    p = _found(folder, "map.svg", "bur", "mun", "no edge")
    assert set(p.provinces) == {"bur", "mun"}


def test_adjacency_with_no_shared_border(folder):
    edit_json(folder / "adjacency.json", lambda d: d["army"].append(["mun", "par"]))
    _found(folder, "adjacency.json", "army.%d" % (len(_army(folder)) - 1), "mun-par", "0.0 px")


def _army(folder):
    import json
    return json.loads((folder / "adjacency.json").read_text())["army"]


def test_label_outside_its_province(folder):
    move_svg_element(folder / "map.svg", "label-mun", 518.5, 439.6)  # in Berlin
    _found(folder, "map.svg", "label-mun", "'ber'")


def test_centre_marker_outside_its_province(folder):
    move_svg_element(folder / "map.svg", "sc-mun", -5, -5)
    _found(folder, "map.svg", "sc-mun", "outside every province")


def test_unit_anchor_in_the_wrong_province(folder):
    move_svg_element(folder / "map.svg", "unit-mun", 518.5, 439.6)
    _found(folder, "map.svg", "unit-mun", "in 'ber'", "not in mun")


def test_duplicate_province_id(folder):
    edit_json(folder / "provinces.json", lambda d: d["provinces"].append(dict(d["provinces"][0])))
    _found(folder, "provinces.json", "provinces.75.id", "'adr'", "twice")


def test_duplicate_element_on_the_map(folder):
    svg = folder / "map.svg"
    text = svg.read_text()
    svg.write_text(text.replace('<text id="label-mun"', '<text id="label-mun" class="label" x="1" y="1">X</text>'
                                '<text id="label-mun"', 1))
    _found(folder, "map.svg", "label-mun", "twice")


def test_home_centre_that_is_not_a_centre(folder):
    edit_json(folder / "nations.json", lambda d: d["nations"][3]["home_centres"].append("boh"))
    _found(folder, "nations.json", "nations.3.home_centres", "'boh'", "not a supply centre")


def test_starting_fleet_inland(folder):
    def plant(d):
        d["units"][d["units"].index("Germany A mun")] = "Germany F mun"
    edit_json(folder / "start.json", plant)
    _found(folder, "start.json", "units.11", "a fleet cannot stand in 'mun'")


def test_split_coast_not_touching_its_declared_sea(folder):
    edit_json(folder / "adjacency.json", lambda d: d["fleet"].append(["spa/nc", "wes"]))
    p = _found(folder, "adjacency.json", "fleet.%d" % (_fleet_len(folder) - 1), "spa/nc", "wes", "does not touch")
    assert "coast-spa-nc" in p.message


def _fleet_len(folder):
    import json
    return len(json.loads((folder / "adjacency.json").read_text())["fleet"])


def test_centres_that_cannot_reach_the_victory_count(folder):
    edit_json(folder / "variant.json", lambda d: d.update(victory_centres=35))
    _found(folder, "variant.json", "victory_centres", "only 34")


def test_province_not_drawn_and_gap(folder):
    svg = folder / "map.svg"
    text = svg.read_text()
    start = text.index('<path id="boh"')
    svg.write_text(text[:start] + text[text.index("/>", start) + 2:])
    _found(folder, "map.svg", "boh", "not drawn")
    _found(folder, "map.svg", "provinces", "gap")


def test_model_errors_are_all_listed(folder):
    edit_json(folder / "provinces.json", lambda d: (d["provinces"][3].update(kind="mountain"),
                                                   d["provinces"][5].update(id="Bad Id")))
    problems = check_variant(str(folder))
    assert {p.element for p in problems} >= {"provinces.3.kind", "provinces.5.id"}


def test_command_prints_one_line_per_problem_errors_first(folder, capsys):
    edit_json(folder / "variant.json", lambda d: d.update(victory_centres=35))
    assert main([str(folder)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{folder}/variant.json:victory_centres: 35 centres to win, but the map has only 34 supply centres: no one can ever win"
    kinds = ["warning" if ": warning: " in line else "error" for line in lines]
    assert kinds == sorted(kinds)  # errors, then warnings
    assert all(line.startswith(str(folder)) for line in lines)


def test_command_exit_status(capsys):
    assert main(["standard"]) == 0
    assert main(["no/such/folder"]) == 1


def test_an_unreadable_map_is_one_problem_not_a_traceback(folder):
    (folder / "map.svg").write_text("<svg><g id='provinces'>")
    problems = check_variant(str(folder))
    assert [(p.file, p.element) for p in problems] == [("map.svg", "(file)")]


def test_geometry_problems_name_the_element(folder):
    svg = folder / "map.svg"
    svg.write_text(svg.read_text().replace('<path id="boh" class="province land', '<path id="boh" class="province sea', 1))
    _found(folder, "map.svg", "boh", "kind 'land'")


def test_two_unit_anchors_with_one_id(folder):
    """Two anchors of different places under one XML id: the id repeats, though neither place does."""
    svg = folder / "map.svg"
    text = svg.read_text()
    assert 'id="unit-ber"' in text and 'id="unit-kie"' in text
    svg.write_text(text.replace('id="unit-kie"', 'id="unit-ber"', 1))
    hit = _found(folder, "map.svg", "unit-ber", "twice")
    assert sum(p.element == "unit-ber" and "twice" in p.message for p in check_variant(str(folder))) == 1, hit


def test_a_split_coast_unit_far_from_its_coastline(folder):
    """stp/sc's fleet drawn up by the White Sea (where a converted drawing once put it): an error,
    for the fleet no longer touches the coast it stands on."""
    move_svg_element(folder / "map.svg", "unit-stp-sc", *_anchor(folder, "stp/nc"))
    _found(folder, "map.svg", "unit-stp-sc", "px from its coastline", "does not touch")


def _anchor(folder, loc):
    from app.mapgeo import load_map
    return load_map(folder / "map.svg").unit_anchors[loc]


def test_a_victory_of_half_the_centres_or_fewer_is_an_error(folder):
    """docs/variants.md: more than half, so that two nations cannot both reach it."""
    edit_json(folder / "variant.json", lambda d: d.update(victory_centres=17))
    _found(folder, "variant.json", "victory_centres", "17 of 34", "at least 18")


def test_a_first_home_centre_that_is_not_a_centre_is_a_problem_not_a_traceback(folder):
    # The check used to remember a nation's homes only from its first good one on, so a
    # nation whose list began with a wrong entry stopped the whole check with a KeyError.
    edit_json(folder / "nations.json", lambda d: d["nations"][3]["home_centres"].insert(0, "boh"))
    _found(folder, "nations.json", "nations.3.home_centres", "'boh'", "not a supply centre")
    edit_json(folder / "nations.json", lambda d: d["nations"][3]["home_centres"].__setitem__(0, "nowhere"))
    _found(folder, "nations.json", "nations.3.home_centres", "'nowhere'", "not a province")
