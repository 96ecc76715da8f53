"""Pasted orders (app.engine.notation.paste, app.match.paste): classic short forms, our own
notation read back, and every line not used reported with its number, word and reason."""

import doctest
import random

import pytest

import app.engine.notation.paste
import app.match.paste
from app.bots.selfplay import random_orders
from app.engine.game import Game
from app.engine.notation.notation import format_order
from app.engine.notation.paste import read_pasted
from app.engine.variants.variant import load_variant
from app.match import Match, Seat
from app.match.paste import add_pasted


@pytest.mark.parametrize("module", [app.engine.notation.paste, app.match.paste])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("line, kind, unit, dest, target, via, nation", [
    ("A PAR - BUR", "move", "par", "bur", None, False, None),
    ("A Par-Bur", "move", "par", "bur", None, False, None),
    ("France: A Par-Bur", "move", "par", "bur", None, False, "France"),
    ("F NTH C A LON - NWY", "convoy", "nth", "nwy", "lon", False, None),
    ("A LON - NTH - NWY", "move", "lon", "nwy", None, True, None),
    ("A Par MOVE BUR", "move", "par", "bur", None, False, None),
    ("A Par S A Mar - Bur", "support", "par", "bur", "mar", False, None),
    ("F Lon Supports F Nth", "support", "lon", None, "nth", False, None),
    ("F Spa(sc) - Wes", "move", "spa/sc", "wes", None, False, None),
    ("F STP/SC - BOT", "move", "stp/sc", "bot", None, False, None),
    ("F Mid-Atlantic Ocean - Spain (north coast)", "move", "mao", "spa/nc", None, False, None),
    ("3. A Par - Bur (*bounce*)", "move", "par", "bur", None, False, None),
    ("- A Mun H;", "hold", "mun", None, None, False, None),
    ("A Bur - Mun -> fails", "move", "bur", "mun", None, False, None),
    ("Build A Par", "build", "par", None, None, False, None),
    ("Remove F Lon", "disband", "lon", None, None, False, None),
])
def test_classic_short_forms_read(line, kind, unit, dest, target, via, nation):
    [got] = read_pasted(line, load_variant())
    assert got.ok, got.problem()
    s = got.spec
    assert (s.kind, s.unit.loc, s.dest.loc if s.dest else None, s.target.loc if s.target else None,
            s.via_convoy, s.nation) == (kind, unit, dest, target, via, nation)


def test_a_nation_on_its_own_line_names_the_nation_of_the_lines_below():
    lines = read_pasted("England:\nF Lon - Nth\n\n# a comment\n// another\nGermany\nA Mun - Ruh\nFrance: A Par H",
                        load_variant())
    assert [(l.line, l.spec.nation) for l in lines] == [(2, "England"), (7, "Germany"), (8, "France")]


@pytest.mark.parametrize("text, line, word, reason", [
    ("A Par - Bur\nA Xyz - Bur", 2, "Xyz", "'Xyz' is not a province"),
    ("A Par Foo Bur", 1, "Foo", "is not a province"),
    ("Frnace: A Par - Bur", 1, "Frnace", "did you mean 'France'?"),
    ("A Par - Bur - Mar S A Bur", 1, "-", "unexpected '-'"),
    ("\n\nF Lon", 3, None, "what should the unit do?"),
    ("A Par - 1:Bur:X1901", 1, "X1901", "is not a turn"),
])
def test_each_line_not_read_names_its_number_word_and_reason(text, line, word, reason):
    bad = [l for l in read_pasted(text, load_variant()) if not l.ok]
    assert len(bad) == 1
    assert (bad[0].line, bad[0].word) == (line, word) and reason in bad[0].reason
    assert bad[0].problem().startswith(f"line {line}")


def test_our_own_notation_reads_back_to_the_same_orders():
    rng = random.Random(5)
    g = Game.new()
    for _ in range(8):
        g.submit(random_orders(g.world, rng, 0.5))
    orders = random_orders(g.world, random.Random(9), 0.5)
    text = "\n".join(format_order(o) for o in orders)
    lines = read_pasted(text, g.variant)
    assert all(l.ok for l in lines)
    assert [g.world.resolve(l.spec) for l in lines] == orders


def test_pasting_into_a_seat_adds_what_it_may_give_and_reports_the_rest():
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=(
        "Germany", "England", "Italy", "Austria", "Russia", "Turkey"))])
    report = add_pasted(m, "France:\nA PAR - BUR\nF Bre - MAO\nA Mar - Spa\nA Mun - Ruh\nF Bre - Lon\nA Mars - Gas")
    assert [(n, format_order(o)) for n, o in report.added] == [
        (2, "France: A 1:par:S1901 - 1:bur:S1901"), (3, "France: F 1:bre:S1901 - 1:mao:S1901"),
        (4, "France: A 1:mar:S1901 - 1:spa:S1901")]
    problems = {p.line: p for p in report.problems}
    assert problems[5].word == "Mun" and "Germany's" in problems[5].reason
    assert problems[6].word is None and "out of reach" in problems[6].reason
    assert problems[7].word == "Mars" and "not a province" in problems[7].reason
    assert len(m.pending(0)) == 3 and m.pending(1) == []
    assert report.summary() == "3 orders added; 3 lines not used"
    # a later line for the same unit replaces the earlier, as when typed
    add_pasted(m, "A Par - Pic")
    assert sorted(str(o.dest) for o in m.pending(0)) == ["1:mao:S1901", "1:pic:S1901", "1:spa:S1901"]
    # another seat's unit is refused as not yours
    r = add_pasted(m, "A Mun - Ruh")
    assert r.added == [] and r.problems[0].word == "Mun" and "not yours" in r.problems[0].reason


@pytest.mark.parametrize("header", ["**France**", "__France__", "[b]France[/b]", "[color=blue]FRANCE[/color]:",
                                    "== France ==", "France -", "France —", "France (Ada):", "France's orders:",
                                    "France orders", "  france  "])
def test_a_nation_header_as_forum_posts_dress_it_names_the_nation(header):
    """A forum post's headers: the lines below are that nation's (they were read as orders,
    "'France' is not a province", and the next nation's lines as the previous one's)."""
    lines = read_pasted(f"England:\nF Lon - Nth\n{header}\nA Par - Bur", load_variant())
    assert [(l.line, l.ok, l.spec.nation if l.ok else l.problem()) for l in lines] == \
        [(2, True, "England"), (4, True, "France")]


@pytest.mark.parametrize("line", ["France: A Par - Bur", "Par - Bur", "A Par -", "Paris", "**A Par - Bur**"])
def test_an_order_or_a_province_is_no_header(line):
    """Only a nation's name makes a header: orders and other words are read (or refused) as lines."""
    [got] = read_pasted(f"England:\n{line}", load_variant())
    assert got.line == 2


@pytest.mark.parametrize("line", ["Frnace:", "**Frnace**", "Germny -"])
def test_a_header_with_its_nation_misspelt_says_so(line):
    """Not "'Frnace' is not a timeline": the header's word, and the nation it was close to."""
    [got] = read_pasted(line, load_variant())
    assert not got.ok and got.word in line and "is not a nation (did you mean" in got.reason


@pytest.mark.parametrize("line, kind, unit, dest, target, via", [
    ("The army at Vienna move to Galicia.", "move", "vie", "gal", None, False),
    ("The army at Vienna move to Galicia. (fail)", "move", "vie", "gal", None, False),
    ("The army at London move to Norway via convoy.", "move", "lon", "nwy", None, True),
    ("The army at Kiel hold.", "hold", "kie", None, None, False),
    ("The army at Budapest support hold to Vienna.", "support", "bud", None, "vie", False),
    ("The army at Budapest support move to Serbia from Vienna.", "support", "bud", "ser", "vie", False),
    ("The fleet at North Sea convoy to Norway from London.", "convoy", "nth", "nwy", "lon", False),
    ("The fleet at St. Petersburg (South Coast) move to Gulf of Bothnia.", "move", "stp/sc", "bot", None, False),
    ("The army at Munich retreat to Bohemia. (dislodged)", "retreat", "mun", "boh", None, False),
    ("The fleet at Kiel disband.", "disband", "kie", None, None, False),
    ("Build fleet at St. Petersburg (North Coast).", "build", "stp/nc", None, None, False),
    ("Destroy the unit at Paris.", "disband", "par", None, None, False),
])
def test_webdiplomacy_s_order_history_in_words_reads(line, kind, unit, dest, target, via):
    """webDiplomacy's order history prints sentences, not the short form."""
    [got] = read_pasted(line, load_variant())
    assert got.ok, got.problem()
    s = got.spec
    assert (s.kind, s.unit.loc, s.dest.loc if s.dest else None, s.target.loc if s.target else None,
            s.via_convoy) == (kind, unit, dest, target, via)


def test_a_webdiplomacy_turn_pasted_whole_gives_every_order():
    """A turn copied off webDiplomacy's order history page: nations as headers, one sentence an order."""
    m = Match.new()
    report = add_pasted(m, "Spring, 1901:\nAustria:\nDiplomacy\nThe army at Vienna move to Galicia.\n"
                           "The army at Budapest support move to Galicia from Vienna.\n"
                           "The fleet at Trieste hold.\nEngland:\nDiplomacy\nThe fleet at London move to North Sea.\n"
                           "The fleet at Edinburgh move to Norwegian Sea.\nThe army at Liverpool move to Yorkshire.\n")
    assert [format_order(o) for _, o in report.added] == [
        "Austria: A 1:vie:S1901 - 1:gal:S1901", "Austria: A 1:bud:S1901 S A 1:vie:S1901 - 1:gal:S1901",
        "Austria: F 1:tri:S1901 H", "England: F 1:lon:S1901 - 1:nth:S1901", "England: F 1:edi:S1901 - 1:nwg:S1901",
        "England: A 1:lvp:S1901 - 1:yor:S1901"]
    assert [p.line for p in report.problems] == [1, 3, 8]      # the date and the phase's headings are named, not guessed


@pytest.mark.parametrize("name, province", [("Yorkshire", "yor"), ("Skagerrack", "ska"), ("Nrg", "nwg"),
                                            ("Mid", "mao"), ("NAt", "nao"), ("GoL", "lyo")])
def test_the_names_webdiplomacy_and_the_rulebook_use_are_provinces(name, province):
    """webDiplomacy's Yorkshire and Skagerrack, the rulebook's Nrg, Mid, NAt and GoL."""
    [got] = read_pasted(f"F {name} H", load_variant())
    assert got.ok, got.problem()
    assert got.spec.unit.province == province


@pytest.mark.parametrize("line", ["A Ber -- Kie", "A Ber --> Kie", "A Ber - - Kie"])
def test_a_double_hyphen_is_one_move_not_a_convoy_route(line):
    """"A Ber -- Kie" was read as a convoy route with no sea between ("no chain of fleets
    could convoy this army to Kiel"): it is the move it looks like."""
    [got] = read_pasted(line, load_variant())
    assert got.ok, got.problem()
    assert (got.spec.kind, got.spec.unit.loc, got.spec.dest.loc, got.spec.via_convoy) == ("move", "ber", "kie", False)
