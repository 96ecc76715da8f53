"""The engine's docstring examples run (the submission's steps and the order table are
taught by them)."""

import doctest

import pytest

import app.engine.order_table
import app.engine.orders
import app.engine.province_set
import app.engine.submission
import app.engine.visibility


@pytest.mark.parametrize("module", [app.engine.submission, app.engine.order_table, app.engine.orders,
                                    app.engine.province_set, app.engine.visibility])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
