"""Broken variants in the windows, offscreen: the preview lists what is wrong (naming the
file) and offers no game; the main window refuses to start a game on them with a message
naming the file; never a traceback."""

import pytest

from app.ui.preview.window import LISTED_PROBLEMS, PreviewWindow
from tests.broken_variants import broken_variant

KINDS = ["svg:no-provinces", "svg:zero-viewbox", "svg:negative-viewbox", "svg:huge-viewbox", "svg:nan-viewbox",
         "svg:not-svg", "svg:malformed-xml", "svg:enormous-path", "svg:wrong-ids", "svg:missing",
         "provinces.json:truncated", "adjacency.json:unknown-references", "nations.json:wrong-types",
         "start.json:empty", "variant.json:a-folder"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_preview_lists_it_and_the_window_refuses_a_game(kind, qtbot, window, tmp_path):
    folder = broken_variant(kind, tmp_path)
    preview = PreviewWindow(str(folder), play=lambda f: f)
    qtbot.addWidget(preview)
    with qtbot.waitSignal(preview.game_ready, timeout=20000):    # its game preview is made after the list
        preview.show()
    errors = [p for p in preview.inspection.problems if p.severity == "error"]
    named = "map.svg" if kind.startswith("svg") else kind.split(":")[0]
    assert errors and any(named in f"{p.file}:{p.element}: {p.message}" for p in errors)
    assert not preview.play_action.isEnabled()            # never a game of a variant with errors
    before = window.match
    assert not window.new_game("sandbox", variant=str(folder), confirmed=True)
    assert window.match is before and named in window.last_message


def test_the_preview_cuts_a_huge_problem_list(qtbot, tmp_path):
    folder = broken_variant("provinces.json:many-errors", tmp_path)
    preview = PreviewWindow(str(folder), play=lambda f: f)
    qtbot.addWidget(preview)
    assert preview.problem_list.count() == LISTED_PROBLEMS + 1
    assert "more problems" in preview.problem_list.item(LISTED_PROBLEMS).text()


def test_a_saved_game_whose_variant_map_broke_since_is_refused_by_name(qtbot, window, tmp_path):
    from app.engine.game import Game
    from app.engine.variants.variant import load_variant
    folder = broken_variant("adjacency.json:huge-numbers", tmp_path)     # sound, for now
    path = tmp_path / "g.json"
    Game.new(load_variant(str(folder))).save(path)
    (folder / "map.svg").write_text((folder / "map.svg").read_text().replace('class="province', 'class="x'))
    before = window.match
    assert not window.open_game(str(path))
    assert window.match is before
    assert "g.json" in window.last_message and "map.svg" in window.last_message
