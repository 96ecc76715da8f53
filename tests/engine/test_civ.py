"""Civilisations (RULES.md §10) in the engine: the seeded start, contact, homes per board,
gifts in a game's history, the calendar, saves. The rules case by case are scenario files
under tests/scenarios/civ/."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import decide
from app.engine.civ.civ import civ_of, contacts_of, contacts_with, in_contact
from app.engine.civ.civgame import gifts_of, give_gift, world_before_gift
from app.engine.civ.civstart import CivStartError, centre_neighbours, civ_range, civ_start, draw_centres
from app.engine.rules.coords import Location, Season, Turn
from app.engine.rules.dates import Calendar
from app.engine.game import Game, GameFileError
from app.engine.civ.gifts import Gift, GiftRefused
from app.engine.civ.nations import PALETTE, UNKNOWN, default_nations, name_problem, with_nations
from app.engine.variants.variant import load_variant
from app.engine.variants.variant_checks import MAX_NATIONS

VARIANTS = ["standard", "baltic", "isles"]


# -- the start -----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**9), data=st.data())
def test_a_start_never_has_two_adjacent_starting_centres(variant, seed, data):
    v = load_variant(variant)
    low, high = civ_range(v)
    n = data.draw(st.integers(low, high))
    world = civ_start(v, default_nations(n, variant=v), seed=seed)
    [key] = world.active_boards()
    board = world.boards[key]
    starts = sorted(board.centres)
    assert len(starts) == n == len(board.units) == len(set(board.centres.values()))
    near = centre_neighbours(v)
    for a in starts:
        assert not (near[a] & set(starts)), (a, near[a] & set(starts))
    for prov, unit in board.units.items():
        assert board.centres[prov] == unit.nation      # each on its own centre
        assert v.unit_can_stand(unit.type, unit.loc)
    assert key.turn == Turn(v.first_year, Season.SPRING) and key.timeline == 1
    assert contacts_of(world) == frozenset()


def test_the_seed_decides_the_start():
    v = load_variant()
    a = civ_start(v, default_nations(9, variant=v), seed=11)
    b = civ_start(v, default_nations(9, variant=v), seed=11)
    c = civ_start(v, default_nations(9, variant=v), seed=12)
    assert a.boards == b.boards and a.boards != c.boards


def test_civilisation_counts_per_variant():
    assert civ_range(load_variant("standard")) == (7, 13)
    assert civ_range(load_variant("baltic")) == (2, 8)          # 24 centres
    assert civ_range(load_variant("isles")) == (2, 3)           # 11 centres
    v = load_variant("isles")
    with pytest.raises(CivStartError, match="2 to 3"):
        civ_start(v, default_nations(4, variant=v), check_range=True)
    with pytest.raises(CivStartError):
        draw_centres(v, 9, 0)       # far more than the map holds apart


def test_a_player_chooses_a_fleet_on_a_coastal_centre_only():
    from app.engine.civ.civstart import CivSeat, choose_unit
    v = load_variant()
    assert choose_unit(v, "lon", True) == ("F", "lon")
    assert choose_unit(v, "lon", False) == ("A", "lon")
    assert choose_unit(v, "mun", True) == ("A", "mun")          # inland: an army whatever the choice
    assert choose_unit(v, "stp", True)[1] in ("stp/nc", "stp/sc")
    w = civ_start(v, [CivSeat("Sumer", PALETTE[0], True), *default_nations(6, ["Sumer"], variant=v)], seed=2)
    unit = next(u for u in w.boards[w.active_boards()[0]].units.values() if u.nation == "Sumer")
    assert unit.type == ("F" if v.kind(unit.loc.split("/")[0]) == "coast" else "A")


# -- nations per game ----------------------------------------------------------------------


def test_twenty_four_nations_with_twenty_four_distinct_colours():
    assert MAX_NATIONS == 24 and len(set(PALETTE)) == 24
    v = load_variant("baltic")
    game_variant = with_nations(v, default_nations(24, variant=v))
    assert len(game_variant.nation_names) == 24
    assert len({game_variant.nations[n].colour for n in game_variant.nation_names}) == 24
    assert game_variant.provinces is v.provinces and v.nation_names != game_variant.nation_names
    with pytest.raises(ValueError, match="1 to 24"):
        with_nations(v, default_nations(24, variant=v) + [("Zed", "#000000")])


@pytest.mark.parametrize("name, why", [("sumer", "capital"), ("Two Words", "one word"), ("Unknown", "uses"),
                                       ("Hold", "uses"), ("Delta", "uses"), ("Paris", "province"), ("Ur4", "letters")])
def test_bad_civilisation_names_are_refused_with_a_reason(name, why):
    assert why in name_problem(name, (), load_variant())
    assert name_problem("Sumer", ["sumer"]).endswith("taken by another civilisation")
    assert UNKNOWN not in default_nations(30, variant=load_variant())


# -- contact -------------------------------------------------------------------------------


def _play(world, turns, level="random", seed=0):
    game = Game.from_world(world)
    for _ in range(turns):
        w = game.world
        if w.phase == "over":
            break
        orders = []
        for n in w.variant.nation_names:
            orders += decide(level, w, n, seed=seed)
        game.submit(orders)
    return game


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), civs=st.integers(7, 13), adjacency=st.sampled_from(["strict", "loose"]))
def test_contact_is_symmetric_lasts_and_includes_every_meeting(seed, civs, adjacency):
    v = load_variant()
    game = _play(civ_start(v, default_nations(civs, variant=v, seed=seed), seed=seed, adjacency=adjacency), 12,
                 seed=seed)
    names = game.variant.nation_names
    before = frozenset()
    for i in range(len(game.submissions) + 1):
        w = game.world_at(i)
        now = contacts_of(w)
        assert before <= now                                     # contact lasts once made
        before = now
        for a in names:
            for b in names:
                assert in_contact(w, a, b) == in_contact(w, b, a)          # the same both ways
                assert (b in contacts_with(w, a)) == in_contact(w, a, b)
            assert a not in contacts_with(w, a)
    # rules 2 and 3 by brute force over every board a movement turn produced
    w = game.world
    for key, board in w.boards.items():
        if key.turn.season == Season.SPRING:
            continue
        for prov, unit in board.units.items():
            near = {prov} | set(v.army_adjacent.get(prov, ())) | set(v.fleet_adjacent_provinces.get(prov, ()))
            for q in near:
                other = board.units.get(q)
                if other is not None and other.nation != unit.nation:
                    assert in_contact(w, unit.nation, other.nation), (key, prov, q)
                owner = board.centres.get(q)
                if owner is not None and owner != unit.nation:
                    assert in_contact(w, unit.nation, owner), (key, prov, q)


def test_undo_and_load_give_the_same_contacts_and_homes(tmp_path):
    v = load_variant()
    world = civ_start(v, default_nations(10, variant=v), seed=4)
    game = Game.from_world(world)
    seen = [contacts_of(game.world)]
    homes = [dict(civ_of(game.world).homes)]
    for _ in range(14):
        w = game.world
        game.submit([o for n in w.variant.nation_names for o in decide("easy", w, n, seed=4)])
        seen.append(contacts_of(game.world))
        homes.append(dict(civ_of(game.world).homes))
    assert seen[-1], "ten civilisations meet within five years"
    path = tmp_path / "civ.json"
    game.save(path)
    text = path.read_text()
    for loaded in (Game.load(path), Game.from_json(json.loads(text), "x", None)):     # checksum / replayed
        assert loaded.variant.nation_names == game.variant.nation_names
        assert [contacts_of(loaded.world_at(i)) for i in range(len(seen))] == seen
        assert civ_of(loaded.world).homes == civ_of(game.world).homes
        assert loaded.calendar.title(loaded.world.active_boards()[0].turn).endswith("BC")
    for i in range(len(seen) - 1, 0, -1):
        game.undo()
        assert contacts_of(game.world) == seen[i - 1]
        assert {k: h for k, h in civ_of(game.world).homes.items() if k in game.world.boards} == \
               {k: h for k, h in homes[i - 1].items() if k in game.world.boards}


def test_a_save_names_its_civilisations_and_refuses_a_bad_one(tmp_path):
    v = load_variant()
    game = Game.from_world(civ_start(v, default_nations(7, variant=v), seed=1))
    data = game.to_json()
    assert [n[0] for n in data["civ"]["nations"]] == list(game.variant.nation_names)
    data["civ"]["nations"][0][0] = "not a name"
    with pytest.raises(GameFileError, match="civ.nations"):
        Game.from_json(data, "bad.json")
    plain = Game.new().to_json()
    assert "civ" not in plain and "civ" not in plain["world"]        # other games' files are as before


# -- gifts in a game's history -------------------------------------------------------------


def _met_game():
    """Two civilisations in contact, on the standard map."""
    from app.engine.civ.civstart import with_civ
    from app.engine.rules.world import World, make_board
    from app.engine.rules.coords import BoardKey
    v = with_nations(load_variant(), [("Sumer", PALETTE[0]), ("Akkad", PALETTE[1]), ("Elam", PALETTE[2])])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "bur"), ("Sumer", "A", "par"),
                                                    ("Akkad", "A", "mun"), ("Elam", "F", "ion")],
                       {"par": "Sumer", "mar": "Sumer", "mun": "Akkad", "nap": "Elam"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad", "Elam"]})
    return Game.from_world(world)


def test_gifts_are_logged_replayed_from_a_save_and_undone_with_their_submission(tmp_path):
    game = _met_game()
    game.submit([])
    bur = Location(game.world.active_boards()[0], "bur")
    give_gift(game, Gift("unit", "Sumer", "Akkad", unit=bur))
    give_gift(game, Gift("contact", "Sumer", "Akkad", third="Elam"))
    assert game.world.boards[bur.board].units["bur"].nation == "Akkad"
    assert in_contact(game.world, "Akkad", "Elam")
    with pytest.raises(GiftRefused, match="already in contact"):
        give_gift(game, Gift("contact", "Sumer", "Akkad", third="Elam"))
    # undo takes back the submission and the gifts given after it; redo puts both back
    orders, undone = game.undo()
    assert gifts_of(game) == () and not in_contact(game.world, "Akkad", "Elam")
    assert game.world.boards[game.world.active_boards()[0]].units["bur"].nation == "Sumer"
    game.redo(orders, undone)
    assert [g.kind for _, g in gifts_of(game)] == ["unit", "contact"] and in_contact(game.world, "Akkad", "Elam")
    game.submit([game.parse("Akkad: A bur - ruh")])
    path = tmp_path / "g.json"
    game.save(path)
    raw = json.loads(path.read_text())
    assert [g["kind"] for g in raw["civ"]["gifts"]] == ["unit", "contact"]
    replayed = Game.from_json(raw, "g.json", None)         # no checksum: replayed with its gifts
    assert replayed.world.boards == game.world.boards and gifts_of(replayed) == gifts_of(game)
    raw["civ"]["gifts"] = []
    with pytest.raises(GameFileError, match="not what its own submissions make"):
        Game.from_json(raw, "g.json", None)
    # a map given after the unit shows the unit as the receiver's; one given before, as the giver's
    game2 = _met_game()
    give_gift(game2, Gift("map", "Sumer", "Akkad"))
    give_gift(game2, Gift("unit", "Sumer", "Akkad", unit=Location(game2.world.active_boards()[0], "bur")))
    give_gift(game2, Gift("map", "Sumer", "Elam"))
    key = game2.world.active_boards()[0]
    assert world_before_gift(game2, 0).boards[key].units["bur"].nation == "Sumer"
    assert world_before_gift(game2, 2).boards[key].units["bur"].nation == "Akkad"


# -- the calendar --------------------------------------------------------------------------


def test_the_calendar_names_turns_from_4000_bc_without_a_year_0():
    c = Calendar.civilisations(1901)
    names = [c.title(Turn(1901 + i // 3, i % 3)) for i in range(6)]
    assert names == ["Spring 4000 BC", "Fall 3750 BC", "Winter before 3500 BC",
                     "Spring 3500 BC", "Fall 3250 BC", "Winter before 3000 BC"]
    assert c.year(Turn(1908, 1)) == "250 BC" and c.year(Turn(1909, 0)) == "AD 1" and c.year(Turn(1909, 1)) == "AD 250"
    for i in range(60):
        turn = Turn(1901 + i // 3, i % 3)
        assert c.parse(c.title(turn)) == turn and c.parse(c.short(turn)) == turn and c.parse(str(turn)) == turn
    assert Game.new().calendar.title(Turn(1901, 0)) == "Spring 1901"
    with pytest.raises(ValueError, match="begins in 4000 BC"):
        c.parse("4250 BC")


def test_a_contact_of_an_undone_submission_is_not_inherited_by_a_new_one():
    from app.engine.civ.civstart import with_civ
    from app.engine.rules.coords import BoardKey
    from app.engine.rules.world import World, make_board
    v = with_nations(load_variant(), [("Sumer", PALETTE[0]), ("Akkad", PALETTE[1])])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "pic"), ("Akkad", "A", "ruh")], {})
    game = Game.from_world(with_civ(World.from_boards(v, [board])))
    game.submit([game.parse("A pic - bur")])
    assert in_contact(game.world, "Sumer", "Akkad")
    text = game.dumps()
    game = Game.from_json(json.loads(text), "g.json", text)    # past worlds now rebuilt from the present
    game.undo()
    assert not in_contact(game.world, "Sumer", "Akkad")
    game.submit([game.parse("A pic H")])
    game.submit([])
    assert not in_contact(game.world, "Sumer", "Akkad")


def _cliques_map(tmp_path, *sizes: int):
    """A small imported map of land supply centres in groups: every centre of a group is
    adjacent to every other of it, and no two groups touch (one group: all centres adjacent,
    as on the imported 'pure' map)."""
    from app.variants.importer import import_map
    groups = [[f"p{chr(97 + g)}{chr(97 + i)}" for i in range(n)] for g, n in enumerate(sizes)]
    centres = [c for grp in groups for c in grp]
    a, b = centres[0].upper(), centres[-1].upper()
    lines = ["BEGIN SPRING 1901 MOVEMENT", "", f"ALPHA (ALPHAN) {a}", f"A {a}", "", f"BETA (BETAN) {b}", f"A {b}", "",
             "UNOWNED " + " ".join(c.upper() for c in centres[1:-1]), ""]
    lines += [f"Land {c} = {c}" for c in centres] + [""]
    for grp in groups:
        for c in grp:
            lines.append(f"LAND {c.upper()} ABUTS " + " ".join(o.upper() for o in grp if o != c))
    source = tmp_path / "cliques.map"
    source.write_text("\n".join(lines) + "\n")
    folder = tmp_path / "cliques"
    import_map(source, folder)
    return load_variant(str(folder))


def test_a_map_whose_centres_are_all_adjacent_offers_no_civilisations_start(tmp_path):
    v = _cliques_map(tmp_path, 6)                   # a third of 6 centres is 2, but no 2 lie apart
    counts = civ_range(v)
    assert not counts.possible and counts.high < counts.low == 2
    assert "No civilisations game can start" in counts.describe(v)
    with pytest.raises(CivStartError, match="No civilisations game can start"):
        civ_start(v, default_nations(2, variant=v), check_range=True)


def test_the_count_offered_is_what_can_really_start(tmp_path):
    v = _cliques_map(tmp_path, 5, 4)                # a third of 9 centres is 3, but only 2 lie apart
    assert civ_range(v) == (2, 2)
    for seed in range(5):
        world = civ_start(v, default_nations(2, variant=v), seed=seed, check_range=True)
        assert len(world.boards[world.active_boards()[0]].units) == 2
    with pytest.raises(CivStartError, match="takes 2 to 2"):
        civ_start(v, default_nations(3, variant=v), check_range=True)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_count_offered_starts_on_the_maps_shipped(variant):
    v = load_variant(variant)
    low, high = civ_range(v)
    assert low <= high
    civ_start(v, default_nations(high, variant=v), seed=0, check_range=True)
