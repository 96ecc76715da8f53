"""A game grown with ``selfplay --no-victory`` shows the same target, "nobody can win",
before and after a submission (issue 31: '28/18' in bold, then '28/35')."""

from app.bots.selfplay import grow_world
from app.match.chart import ChartBuilder
from app.match.storage import open_match

from .helpers import submit


def _centres_column(window):
    table = window.nations_panel.table
    return [table.item(i, 1).text() for i in range(table.rowCount())]


def _saved_no_victory_game(tmp_path):
    path = tmp_path / "huge.json"
    game = grow_world(seed=0, boards=120, victory=False)
    game.save(path)
    return path


def test_a_no_victory_game_shows_no_target_before_and_after_a_submission(qtbot, window, tmp_path):
    path = _saved_no_victory_game(tmp_path)
    assert window.open_game(path)
    variant = window.match.game.variant
    shown = _centres_column(window)
    assert shown and all(text.isdigit() for text in shown), shown       # "28", never "28/18"
    assert not any(window.nations_panel.table.item(i, 1).font().bold() for i in range(len(shown)))
    assert "Nobody can win" in window.nations_panel.summary.text()
    assert "Nobody can win" in window.nations_panel.table.horizontalHeaderItem(1).toolTip()
    submit(qtbot, window)
    assert window.match.world.variant is variant           # the no-victory copy only adjudicated
    after = _centres_column(window)
    assert all(text.isdigit() for text in after), after     # not "28/35" either
    assert "Nobody can win" in window.nations_panel.summary.text()


def test_every_world_of_a_no_victory_game_keeps_the_games_variant(tmp_path):
    match = open_match(_saved_no_victory_game(tmp_path))
    assert not match.victory and match.victory_target is None
    before = match.world.variant
    match.submit()
    assert match.world.variant is before and match.world.variant.victory_centres == before.victory_centres
    assert match.world.phase != "over"
    chart = ChartBuilder().build(match.game, victory=match.victory)
    assert chart.victory is None


def test_a_game_that_can_be_won_still_shows_its_target(qtbot, window):
    window.new_game(confirmed=True)
    assert window.match.victory_target == 18
    assert all(text.endswith("/18") for text in _centres_column(window))
