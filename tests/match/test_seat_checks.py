"""A seat checks its own fields (a frozen dataclass: a new game makes seats without pydantic)."""

import pytest

from app.match import Seat


def test_a_seat_keeps_its_nations_as_a_tuple_and_compares_by_value():
    s = Seat(name="Ada", nations=["England", "France"])
    assert s.nations == ("England", "France")
    assert s == Seat(name="Ada", nations=("England", "France")) and s.is_person and not s.is_computer
    assert s.with_nations(("Italy",)) == Seat(name="Ada", nations=("Italy",))
    assert Seat(**{"name": "Bots", "nations": ("Russia",), "controller": "computer", "level": "easy"}).is_computer


@pytest.mark.parametrize("fields, words", [
    ({"name": "", "nations": ("France",)}, "1 to 40 characters"),
    ({"name": "x" * 41, "nations": ("France",)}, "1 to 40 characters"),
    ({"name": "Ada", "nations": ()}, "at least one nation"),
    ({"name": "Ada", "nations": ("France",), "colour": "red"}, "#rrggbb"),
    ({"name": "Ada", "nations": ("France",), "controller": "robot"}, "controller 'robot'"),
])
def test_a_seat_out_of_bounds_is_refused_naming_the_field(fields, words):
    with pytest.raises(ValueError, match=words):
        Seat(**fields)


def test_a_seat_is_frozen():
    s = Seat(name="Ada", nations=("France",))
    with pytest.raises(AttributeError):
        s.name = "Ben"
