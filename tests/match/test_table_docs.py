"""The table's docstring examples run (seat changes, deadlines, messages, watching, judging,
proposals to end the game)."""

import doctest

import pytest

import app.match.table.deadlines
import app.match.table.judging
import app.match.table.messages
import app.match.table.proposals
import app.match.table.seat_changes
import app.match.table.watching
import app.winks.physics


@pytest.mark.parametrize("module", [app.match.table.seat_changes, app.match.table.deadlines,
                                    app.match.table.messages, app.match.table.watching,
                                    app.match.table.judging, app.match.table.proposals, app.winks.physics])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
