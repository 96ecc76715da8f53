"""Every module's docstring examples run, and teach what the code really does: each
module under ``app/`` (engine, match, bots, variants, UI alike) is imported and its
``>>>`` examples are run by doctest, as a reader would type them. (The Qt modules run
offscreen: see tests/conftest.py.)"""

import doctest
import importlib
import pkgutil

import pytest

import app

MODULES = sorted(m.name for m in pkgutil.walk_packages(app.__path__, "app."))

# Modules whose examples teach a rule (the submission's steps, the order table…): if the
# finder stopped seeing them, every other module's examples would pass unseen too.
TAUGHT = ("app.engine.rules.submission", "app.engine.rules.order_table", "app.engine.rules.orders", "app.engine.fog.province_set",
          "app.engine.fog.visibility", "app.engine.variants.catalog", "app.variants.drawing.standin", "app.bots.convoys")


def _examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module, name) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    runner = doctest.DocTestRunner()
    report: list[str] = []
    for test in _examples(name):
        runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert not result.failed, "".join(report)


def test_every_module_is_collected():
    assert len(MODULES) > 200
    assert {"app.engine.rules.adjudicator", "app.ui.window.main_window", "app.variants.drawing.standin"} <= set(MODULES)


@pytest.mark.parametrize("name", TAUGHT)
def test_the_teaching_modules_have_examples(name):
    assert _examples(name)
