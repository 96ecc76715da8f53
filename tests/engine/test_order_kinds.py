"""Every order kind has its module and its line in ``app.engine.rules.kinds.KINDS``, and
its text there prints and reads back through every reader: the notation's parser, the
save files' canonical reader, and the relative board texts."""

from types import SimpleNamespace
from typing import get_args

import pytest

from app.engine.notation.board_text import BoardTextReader, order_text
from app.engine.notation.notation import CanonicalReader, format_order, parse_order
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.kinds import KINDS
from app.engine.rules.orders import (ADJUSTMENT_KINDS, MOVEMENT_KINDS, UNIT_KINDS, Build, Convoy, Disband, Hold, Move,
                                     Order, Retreat, Support, Waive)
from app.engine.rules.world import World
from app.engine.variants.variant import load_variant

V = load_variant()
SPRING = BoardKey(1, Turn.parse("S1902"))
WINTER = BoardKey(1, Turn.parse("W1901"))
PAST = BoardKey(2, Turn.parse("F1901"))


def at(key: BoardKey, loc: str) -> Location:
    return Location(key, loc)


# One order of each kind (and each form of one), with its text in full and relative to its board.
EXAMPLES = [
    (Hold("Germany", "A", at(SPRING, "mun")),
     "Germany: A 1:mun:S1902 H", "Germany: A mun H"),
    (Move("Germany", "A", at(SPRING, "mun"), at(SPRING, "tyr")),
     "Germany: A 1:mun:S1902 - 1:tyr:S1902", "Germany: A mun - tyr"),
    (Move("England", "A", at(SPRING, "lon"), at(PAST, "bel"), True),
     "England: A 1:lon:S1902 - 2:bel:F1901 via convoy", "England: A lon - bel@+1-2 via convoy"),
    (Support("Germany", "F", at(SPRING, "kie"), "A", at(SPRING, "mun")),
     "Germany: F 1:kie:S1902 S A 1:mun:S1902 H", "Germany: F kie S A mun H"),
    (Support("Germany", "F", at(SPRING, "kie"), None, at(SPRING, "ber"), at(PAST, "pru")),
     "Germany: F 1:kie:S1902 S 1:ber:S1902 - 2:pru:F1901", "Germany: F kie S ber - pru@+1-2"),
    (Convoy("England", "F", at(SPRING, "nth"), at(SPRING, "lon"), at(SPRING, "bel")),
     "England: F 1:nth:S1902 C A 1:lon:S1902 - 1:bel:S1902", "England: F nth C A lon - bel"),
    (Retreat("France", "F", at(SPRING, "bre"), at(SPRING, "gas")),
     "France: F 1:bre:S1902 R 1:gas:S1902", "France: F bre R gas"),
    (Disband("Italy", "A", at(WINTER, "ven")),
     "Italy: A 1:ven:W1901 D", "Italy: A ven D"),
    (Build("Russia", "F", at(WINTER, "stp/nc")),
     "Russia: build F 1:stp/nc:W1901", "Russia: build F stp/nc"),
    (Waive("Austria", WINTER),
     "Austria waive 1:W1901", "Austria waive"),
]


def test_every_order_class_has_its_kind():
    classes = get_args(Order)
    assert {cls.kind for cls in classes} == set(KINDS) == UNIT_KINDS | ADJUSTMENT_KINDS | MOVEMENT_KINDS
    for cls in classes:
        assert KINDS[cls.kind].order is cls
    assert {type(o) for o, _, _ in EXAMPLES} == set(classes)


@pytest.mark.parametrize("order,full,relative", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_each_kind_prints_and_reads_back(order, full, relative):
    assert format_order(order) == full
    assert order_text(order, order.board) == relative
    world = World.initial(V)
    assert world.resolve(parse_order(full, V), literal=True) == order
    assert CanonicalReader(V).read(full) == order
    assert BoardTextReader(V).order(relative, order.board) == order


@pytest.mark.parametrize("order,full,relative", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_without_the_nation_only_a_waive_still_names_it(order, full, relative):
    text = format_order(order, with_nation=False)
    assert text == (full if order.kind == "waive" else full.removeprefix(f"{order.nation}: "))


def test_what_is_no_order_is_refused():
    with pytest.raises(TypeError):
        format_order("A mun H")
    unknown = SimpleNamespace(kind="teleport", nation="Germany", unit_type="A", unit=at(SPRING, "mun"))
    with pytest.raises(TypeError):
        format_order(unknown)
    with pytest.raises(TypeError):
        order_text(unknown, SPRING)
