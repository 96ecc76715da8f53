"""A shipped variant broken in many ways (tests/broken_variants.py): `variant check` says
what is wrong, naming the file, without a traceback and in bounded time; the game's entry
points refuse it (a variant with errors never opens as a game); long problem lists are cut
with a count of the rest."""

import time

import pytest

from app.ui.app import main as app_main
from app.variants.playable import variant_problem
from app.variants.check import SHOWN_PROBLEMS, check_variant
from app.variants.check import main as check_main
from tests.broken_variants import KINDS, broken_variant

HARMLESS = {   # kinds that leave the variant sound: only "no traceback" is asked of them
    "variant.json:duplicates", "variant.json:cycles", "provinces.json:huge-numbers", "adjacency.json:huge-numbers",
    "nations.json:huge-numbers", "start.json:huge-numbers", "provinces.json:big",
    "adjacency.json:duplicates",     # warned about (an edge listed twice), and playable
    "nations.json:cycles",           # two nations sharing their homes: RULES.md §12 allows it
}
SLOW = {"svg:many-provinces"}      # its many problems are found in seconds: checked once, below


def _file_of(kind: str, folder) -> str:
    name = kind.split(":")[0]
    return "map.svg" if name == "svg" else name


@pytest.mark.parametrize("kind", sorted(set(KINDS) - SLOW))
def test_check_names_the_fault_and_the_game_refuses_it(kind, tmp_path, capsys):
    folder = broken_variant(kind, tmp_path)
    start = time.perf_counter()
    problems = check_variant(str(folder))          # no exception of any kind
    assert time.perf_counter() - start < 60
    errors = [p for p in problems if p.severity == "error"]
    problem = variant_problem(str(folder))
    if kind in HARMLESS:
        assert problem is None
        return
    assert errors, "the damage goes unseen"
    named = _file_of(kind, folder)
    assert any(named in (p.file, p.element) or named in p.message for p in errors), [str(p) for p in errors[:3]]
    assert problem is not None and named in problem          # the window's --variant refuses it, naming the file
    assert app_main(["--variant", str(folder)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_huge_problem_list_is_cut_with_a_count_of_the_rest(tmp_path, capsys):
    folder = broken_variant("provinces.json:many-errors", tmp_path)
    assert check_main([str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == SHOWN_PROBLEMS + 1
    assert "more problems" in out[-1] and "59,800" in out[-1]
    problem = variant_problem(str(folder))
    assert problem.count("\n") <= 11 and "provinces.json" in problem     # a message, not a listing


def test_a_map_of_twenty_thousand_unknown_provinces_is_refused(tmp_path, capsys):
    folder = broken_variant("svg:many-provinces", tmp_path)
    assert check_main([str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == SHOWN_PROBLEMS + 1 and "x0" in out[0]
