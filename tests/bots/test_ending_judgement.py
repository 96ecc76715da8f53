"""The computer players' answer to a draw or a concession (app/bots/ending_judgement.py):
a documented rule of level, centres and seed."""

import pytest

from app.bots import LEVELS
from app.bots.ending_judgement import DRAW_CONTENT, accepts_concession, accepts_draw, coin


def test_a_draw_is_accepted_by_a_side_behind_and_refused_by_one_ahead_at_every_judging_level():
    for level in DRAW_CONTENT:
        assert accepts_draw(level, own=2, others=[10, 10], seed=0)
        assert not accepts_draw(level, own=20, others=[3, 3], seed=0)


def test_the_levels_differ_between_content_and_ambitious():
    # fair share 6: easy (1.5) takes 8, standard (1.0) does not, hard (0.75) refuses 5
    assert accepts_draw("easy", own=8, others=[5, 5], seed=0)
    assert not accepts_draw("standard", own=8, others=[5, 5], seed=0)
    assert accepts_draw("standard", own=5, others=[6, 7], seed=0)
    assert not accepts_draw("hard", own=5, others=[6, 7], seed=0)


def test_a_concession_goes_to_a_side_far_ahead_only():
    assert accepts_concession("easy", own=3, winner=12, rest=[10, 5], seed=0)
    assert not accepts_concession("hard", own=3, winner=12, rest=[10, 5], seed=0)
    assert not accepts_concession("easy", own=12, winner=11, rest=[], seed=0)   # never to a smaller side


def test_the_random_level_tosses_the_seeds_coin_the_same_each_time_and_both_ways():
    answers = [accepts_draw("random", own=5, others=[5], seed=s) for s in range(40)]
    assert answers == [coin(s) for s in range(40)] == [accepts_draw("random", own=5, others=[5], seed=s) for s in range(40)]
    assert True in answers and False in answers


def test_every_level_answers_and_an_unknown_one_is_named():
    for level in LEVELS:
        accepts_draw(level, own=1, others=[1], seed=1)
        accepts_concession(level, own=1, winner=2, rest=[], seed=1)
    with pytest.raises(ValueError, match="unknown computer level 'genius'"):
        accepts_draw("genius", own=1, others=[1], seed=1)
