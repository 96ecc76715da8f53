"""Import of the ``diplomacy`` package's 14 maps, read from the installed package (never
copied: it is AGPL) and compared with the package's own reading: powers, units, the centres
each power owns and calls home, the supply centres, and every army and fleet border."""

from pathlib import Path

import diplomacy
import pytest
from shapely.geometry import LineString, Point

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.mapgeo import load_map
from app.variants.check import check_variant
from app.variants.cli import main
from app.variants.dpimport import package_maps_dir
from app.variants.draft import DraftNation, write_draft
from app.variants.importer import ImportError_, import_variant, read_source

MAPS = ["ancmed", "ancmed_age_of_empires", "colonial", "empire", "known_world_901", "modern", "pure", "standard",
        "standard_age_of_empires", "standard_age_of_empires_2", "standard_fleet_rome", "standard_france_austria",
        "standard_germany_italy", "world"]


def test_the_package_has_the_fourteen_maps():
    assert sorted(p.stem for p in package_maps_dir().glob("*.map")) == sorted(MAPS)


def _package_reading(name):
    m = _fresh_map(name)
    locs = [loc.upper() for loc in m.locs]
    provinces = sorted({loc[:3] for loc in locs if m.area_type(loc) != "SHUT"})
    army = {tuple(sorted((a.lower(), b.lower()))) for a in provinces for b in provinces if m.abuts("A", a, "-", b)}
    fleet = {tuple(sorted((a.lower(), b.lower()))) for a in locs for b in locs if m.abuts("F", a, "-", b)}
    return m, army, fleet


def _fresh_map(name):
    """The package's own reading of map ``name``, read anew. (``Map(name, use_cache=False)``
    comes back blank when a game played earlier in the session has cached that map: its
    ``__init__`` returns early for a cached name, so the test failed after the port test.)"""
    from diplomacy.engine.map import MAP_CACHE
    cached = MAP_CACHE.pop(name, None)
    try:
        return diplomacy.Map(name, use_cache=False)
    finally:
        if cached is not None:
            MAP_CACHE[name] = cached


@pytest.mark.parametrize("name", MAPS)
def test_each_map_reads_as_the_package_reads_it(name):
    m, army, fleet = _package_reading(name)
    draft, _ = read_source(package_maps_dir() / f"{name}.map")
    ours = {n.name.upper(): n for n in draft.nations}   # NEW-YORK is NewYork here, NEWYORK there
    played = [p for p in m.powers if p not in m.dummies]
    assert sorted(n for n, d in ours.items() if not d.neutral) == sorted(played)
    for power in played:
        n = ours[power]
        assert sorted(u.lower() for u in m.units.get(power, [])) == sorted(u.lower() for u in n.units), power
        assert sorted(c.lower() for c in m.centers[power]) == sorted(n.centres), power
        assert sorted(c.lower() for c in m.homes[power]) == sorted(n.homes), power
    for power in m.dummies:   # the neutral power (RULES.md §12): its units, no centre
        assert sorted(u.lower() for u in m.units[power]) == sorted(u.lower() for u in ours[power].units)
        assert ours[power].neutral and ours[power].centres == [] and ours[power].homes == []
    # the rules the package reads (RULES.md §12): BUILD_ANY, and PORT places
    assert draft.build_anywhere == ("BUILD_ANY" in m.rules)
    assert sorted(p.id for p in draft.provinces.values() if p.port) == sorted(
        loc.lower() for loc in m.locs if m.area_type(loc) == "PORT")
    assert sorted(c.lower() for c in m.scs) == sorted(draft.centres)
    assert draft.first_year == m.first_year
    assert draft.army == army
    assert draft.fleet == fleet


def test_a_dummy_power_is_the_neutral_power_and_its_centres_start_neutral():
    m = _fresh_map("known_world_901")
    draft, _ = read_source(package_maps_dir() / "known_world_901.map")
    assert m.dummies == ["NEUTRALSTATE"] and len(m.units["NEUTRALSTATE"]) == 49
    neutral = [n for n in draft.nations if n.neutral]
    assert [n.name for n in neutral] == ["NeutralState"] and len(draft.nations) == 16
    assert len(neutral[0].units) == 49
    owned = {c for n in draft.nations for c in n.centres}
    assert not owned & {c.lower() for c in m.centers["NEUTRALSTATE"]}
    assert sorted(c.lower() for c in m.scs) == sorted(draft.centres)   # still centres, held by nobody
    assert any(n.startswith("DUMMY NeutralState:") and "neutral power NeutralState" in n and "49 units hold" in n
               and "49 centres count for no nation" in n for n in draft.notes)
    assert draft.build_anywhere and not any("not carried over" in n and "BUILD_ANY" in n for n in draft.notes)


def test_the_rules_of_section_12_are_no_longer_listed_as_dropped():
    for name in ("modern", "ancmed", "ancmed_age_of_empires", "known_world_901"):
        draft, _ = read_source(package_maps_dir() / f"{name}.map")
        dropped = [n for n in draft.notes if any(w in n for w in ("BUILD_ANY", "DUMMY", "home", "PORT"))
                   and any(w in n for w in ("not carried over", "left out", "home to one"))]
        assert dropped == [], (name, dropped)


def test_hyphenated_powers_keep_their_units():
    draft, _ = read_source(package_maps_dir() / "empire.map")
    units = {n.name: n.units for n in draft.nations}
    assert units["NewYork"] and units["BritishColumbia"] and len(units["Heartland"]) == 3
    assert any("NEW-YORK is NewYork" in note for note in draft.notes)


def test_fleet_only_borders_stay_fleet_only():
    # ancmed: the Balearic islands are reached by sea only ('Bal', 'Tar', 'Sag' in the file)
    draft, _ = read_source(package_maps_dir() / "ancmed.map")
    assert ("bal", "tar") in draft.fleet and ("bal", "sag") in draft.fleet
    assert ("bal", "tar") not in draft.army and ("bal", "sag") not in draft.army


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """Some maps imported whole (data and drawing), once for the tests below."""
    base = tmp_path_factory.mktemp("dp")
    out = {}
    for name, stand_in in (("ancmed", False), ("standard_france_austria", False), ("colonial", False),
                           ("standard", True)):
        folder = base / (name + ("_standin" if stand_in else ""))
        out[folder.name] = (folder, import_variant(package_maps_dir() / f"{name}.map", folder, stand_in=stand_in))
    return out


def _errors(folder):
    return [str(p) for p in check_variant(str(folder)) if p.severity == "error"]


def test_the_packages_drawing_is_converted(imported):
    for name in ("ancmed", "standard_france_austria"):  # its own drawing; the other built on standard's
        folder, draft = imported[name]
        assert any("converted from the package's drawing" in n for n in draft.notes), name
        assert "converted from the diplomacy package's drawing" in (folder / "map.svg").read_text()[:600]
        assert _errors(folder) == [], name
    # the package puts F stp/sc on the Gulf of Bothnia; the way inland from the middle of that
    # coast leaves the province, and the fleet once went to a point near the White Sea instead
    std = load_map(imported["standard_france_austria"][0] / "map.svg")
    assert std.coasts["stp/sc"].distance(Point(std.unit_anchors["stp/sc"])) <= 15
    board = load_map(imported["ancmed"][0] / "map.svg")
    # the package's frame runs on 40 px below the map: no impassable band along the bottom
    width, height = board.view_box[2], board.view_box[3]
    bottom_row = LineString([(0, height - 1), (width, height - 1)])
    walls = [g for g in [*board.impassable.values(), *board.impassable_water.values()]]
    assert sum(bottom_row.intersection(g).length for g in walls) < width / 10
    # the Tyrrhenian Sea lies between Rome and Sardinia on the package's map, as on ours
    assert board.shared_border("tyn", "rom") > 0 and board.shared_border("tyn", "sad") > 0


def test_a_map_built_on_another_and_a_year_before_1000_play(imported):
    v = load_variant(str(imported["standard_france_austria"][0]))
    assert v.nation_names == ("Austria", "France") and len(v.start_units) == 6
    folder = imported["ancmed"][0]
    g = Game.new(str(folder))
    assert str(g.world.active_boards()[0]) == "1:S0001"
    g.submit_text(["Rome: A rom - apu", "Greece: F spa - mes"])
    assert str(g.world.active_boards()[0]) == "1:F0001"


def _stand_in_is_usable(folder):
    """Every province a region of usable size, clickable at its unit, no two overlapping, units
    apart; and no error from the check."""
    assert _errors(folder) == []
    problems = check_variant(str(folder))
    board = load_map(folder / "map.svg")
    v = load_variant(str(folder))
    assert not [p for p in problems if "overlap by" in p.message or "would overlap" in p.message]
    for p in v.provinces:
        assert board.province_at(*board.unit_anchor(p)) == p, p
    small = [p for p in problems if "holds a circle" in p.message]
    assert len(small) <= len(v.provinces) // 20, small
    return problems


def test_the_stand_in_map_is_playable(imported):
    for name in ("colonial", "standard_standin"):
        problems = _stand_in_is_usable(imported[name][0])
        assert len(problems) <= 5, [str(p) for p in problems]


def _data_only(draft, folder):
    """The variant's data with an empty drawing: enough to load it (the drawing is tested above)."""
    write_draft(draft, folder, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    return load_variant(str(folder))


def test_seventeen_powers_import_and_more_than_twenty_four_are_refused(tmp_path, capsys):
    draft, _ = read_source(package_maps_dir() / "world.map")
    v = _data_only(draft, tmp_path / "w")
    assert len(v.nation_names) == 17
    draft, _ = read_source(package_maps_dir() / "world.map", ["OZ"])   # --unplayed still leaves one out
    v = _data_only(draft, tmp_path / "w2")
    assert len(v.nation_names) == 16 and "Oz" not in v.nations
    assert {"nsw", "vic", "wau"} <= set(v.supply_centres)  # Oz's homes stay, neutral
    draft.nations += [DraftNation(f"Extra{chr(65 + i)}", "Extra", [], [], []) for i in range(9)]
    assert "25 nations" in draft.check_size() and "at most 24" in draft.check_size()


def test_known_world_loads_in_901_with_its_neutral_power(tmp_path):
    draft, _ = read_source(package_maps_dir() / "known_world_901.map")
    v = _data_only(draft, tmp_path / "kw")
    assert len(v.nation_names) == 15 and v.first_year == 901 and v.neutral_nation == "NeutralState"
    assert len([u for u in v.start_units if u.startswith("NeutralState ")]) == 49
    assert v.build_anywhere
    from app.engine import delta_e2000   # the neutral grey is told from every nation's colour
    assert all(delta_e2000(v.nations[n].colour, v.nations["NeutralState"].colour) >= 15 for n in v.nation_names)
    assert len(v.supply_centres) == 109 and sum(map(len, v.start_centres.values())) == 109 - 49
    g = Game.new(v)
    board = g.world.boards[g.world.active_boards()[0]]
    assert sum(u.nation == "NeutralState" for u in board.units.values()) == 49


def _winter_build_sites(v, draft, game):
    """For each power of the package's ``game`` (in an adjustment phase) that may build: the
    provinces where the package lets it build, and where this engine does, on one board
    holding the same units and centres."""
    from app.engine.rules.dates import Season, Turn
    from app.engine.rules.orders import Unit
    from app.engine.rules.position import Position
    from app.engine.rules.targets import build_options
    names = {n.name.upper(): n.name for n in draft.nations}
    units = tuple(Unit(names[p], u[0], u[2:].lower()) for p, us in game.get_units().items() for u in us
                  if not u.startswith("*"))
    centres = {c.lower(): names[p] for p, cs in game.get_centers().items() for c in cs}
    world = Position(v, Turn(int(game.get_current_phase()[1:5]), Season.WINTER), units, centres).world()
    key = world.active_boards()[0]
    for power in game.powers:
        if power not in game.map.dummies and len(game.get_centers(power)) > len(game.get_units(power)):
            theirs = {loc.lower().split("/")[0] for loc in game.get_orderable_locations(power)}
            yield power, theirs, set(build_options(world, key, names[power]))


@pytest.mark.parametrize("name", ["standard", "modern", "ancmed_age_of_empires"])
def test_random_games_agree_with_the_package_on_where_each_winter_builds(tmp_path, name):
    # modern and ancmed_age_of_empires build anywhere (BUILD_ANY); standard in home centres
    import random
    draft, _ = read_source(package_maps_dir() / f"{name}.map")
    v = _data_only(draft, tmp_path / name)
    assert v.build_anywhere == (name != "standard")
    compared = 0
    for seed in range(2):
        rng = random.Random(seed)
        game = diplomacy.Game(map_name=name)
        first_year = int(game.get_current_phase()[1:5])
        while game.get_current_phase() != "COMPLETED" and int(game.get_current_phase()[1:5]) < first_year + 6:
            if game.get_current_phase().endswith("A"):
                for power, theirs, ours in _winter_build_sites(v, draft, game):
                    assert ours == theirs, (game.get_current_phase(), power)
                    compared += 1
            possible = game.get_all_possible_orders()
            for power in game.powers:
                locs = game.get_orderable_locations(power)
                game.set_orders(power, [rng.choice(sorted(possible[loc])) for loc in sorted(locs) if possible[loc]])
            game.process()
    assert compared >= 15, compared


@pytest.mark.parametrize("port", [True, False])
def test_a_fleet_in_a_port_convoys_as_in_the_package(tmp_path, port):
    # ancmed's Baleares is a PORT: A sag - mas via F bal and F lig moves the army there, as here
    from app.engine.rules.dates import Turn
    from app.engine.rules.orders import Unit
    from app.engine.rules.position import Position
    package = diplomacy.Game(map_name="ancmed")
    package.clear_units()
    package.set_units("ROME", ["A SAG", "F BAL", "F LIG"])
    package.set_orders("ROME", ["A SAG - MAS VIA", "F BAL C A SAG - MAS", "F LIG C A SAG - MAS"])
    package.process()
    assert "A MAS" in package.get_units("ROME")
    draft, _ = read_source(package_maps_dir() / "ancmed.map")
    assert draft.provinces["bal"].port
    draft.provinces["bal"].port = port
    v = _data_only(draft, tmp_path / "ancmed")
    units = (Unit("Rome", "A", "sag"), Unit("Rome", "F", "bal"), Unit("Rome", "F", "lig"))
    g = Game.from_world(Position(v, Turn(v.first_year, 0), units).world())
    g.submit_text(["A sag - mas via convoy", "F bal C A sag - mas", "F lig C A sag - mas"])
    moved = "mas" in g.world.boards[g.world.active_boards()[0]].units
    assert moved is port
