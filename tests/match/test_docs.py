"""The match layer's docstring examples run (they are its quick tour)."""

import doctest

import pytest

import app.match.attention
import app.match.match
import app.match.pin_tries
import app.match.seats
import app.match.secret


@pytest.mark.parametrize("module", [app.match.attention, app.match.match, app.match.pin_tries, app.match.seats,
                                    app.match.secret])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
