"""The engine's docstring examples run (the submission's steps and the order table are
taught by them)."""

import doctest

import pytest

import app.engine.order_table
import app.engine.orders
import app.engine.submission


@pytest.mark.parametrize("module", [app.engine.submission, app.engine.order_table, app.engine.orders])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
