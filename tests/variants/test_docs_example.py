"""docs/variants.md's worked example is a whole variant a designer can copy: the test builds
the folder from the page's code blocks (```json file=NAME) and the variant loads, plays and
passes the check with no problem at all."""

import re
from pathlib import Path

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.variants.check import check_variant

DOC = Path(__file__).resolve().parents[2] / "docs" / "variants.md"
BLOCK = re.compile(r"^```\w+ file=(\S+)\n(.*?)^```", re.M | re.S)


def _build(folder: Path) -> list[str]:
    folder.mkdir()
    names = []
    for name, body in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        (folder / name).write_text(body, encoding="utf-8")
        names.append(name)
    return names


def test_the_worked_example_is_every_file_of_a_variant(tmp_path):
    names = _build(tmp_path / "twinbays")
    assert sorted(names) == ["adjacency.json", "map.svg", "nations.json", "provinces.json", "start.json",
                             "variant.json"]
    assert '"nations": [' in DOC.read_text() and "within 15 px of its coast line" in DOC.read_text()


def test_the_worked_example_loads_plays_and_passes_the_check(tmp_path):
    _build(tmp_path / "twinbays")
    assert [str(p) for p in check_variant(str(tmp_path / "twinbays"))] == []
    v = load_variant(str(tmp_path / "twinbays"))
    assert v.kinds["peak"] == "land" and set(v.coasts) == {"isth/wc", "isth/ec"}
    g = Game.new(v)
    g.submit_text(["Avalon: F ford - isth/wc", "Brenn: A cape - peak"])
    board = g.world.boards[g.world.active_boards()[0]]
    assert board.units["isth"].loc == "isth/wc" and board.units["peak"].nation == "Brenn"
