"""``python -m app chart``: PNG and CSV of a saved game's centre chart, order statistics,
and under fog of war only a seat's own nations (with its PIN), never everybody's."""

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.bots.selfplay import grow_world
from app.match import Match, Seat
from app.match.chart import ChartBuilder
from app.match.storage import save_match

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "app", "chart", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, input=stdin, env=env)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    d = tmp_path_factory.mktemp("chart")
    g = grow_world(seed=4, turns=12)
    path = d / "g.json"
    g.save(path)
    return g, path


def test_png_csv_and_statistics(played, tmp_path):
    g, path = played
    out = run(path, "--out", tmp_path / "c.png", "--stats")
    assert out.returncode == 0, out.stderr
    assert "nation" in out.stdout and "Austria" in out.stdout
    from PySide6.QtGui import QImage
    img = QImage(str(tmp_path / "c.png"))
    assert (img.width(), img.height()) == (1200, 700)
    out = run(path, "--out", tmp_path / "c.csv")
    assert out.returncode == 0, out.stderr
    rows = list(csv.reader(io.StringIO((tmp_path / "c.csv").read_text())))
    assert "".join(",".join(r) + "\n" for r in rows) == ChartBuilder().build(g).to_csv()
    out = run(path, "--out", tmp_path / "t.png", "--timeline", 1, "--width", 640, "--height", 400)
    assert out.returncode == 0 and QImage(str(tmp_path / "t.png")).width() == 640


@pytest.mark.parametrize("args, message", [
    (["--out", "x.gif"], "written as .png or .csv"),
    (["--timeline", "99", "--stats"], "no timeline 99"),
    ([], "nothing to do"),
])
def test_bad_arguments_are_named(played, args, message):
    out = run(played[1], *args)
    assert out.returncode == 2 and message in out.stderr


def test_a_damaged_file_is_named(tmp_path):
    (tmp_path / "bad.json").write_text("{")
    out = run(tmp_path / "bad.json", "--stats")
    assert out.returncode == 2 and "bad.json" in out.stderr and "Traceback" not in out.stderr


def test_a_fogged_game_in_progress_shows_one_seats_own_nations_behind_its_pin(tmp_path):
    ada = Seat(name="Ada", nations=("France", "England"))
    ben = Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey"))
    m = Match.new(seats=[ada, ben], pins={0: "2718"}, fog=True)
    path = tmp_path / "fog.json"
    save_match(m, path)
    out = run(path, "--out", tmp_path / "c.csv")
    assert out.returncode == 2 and "fog of war" in out.stderr and "--seat" in out.stderr
    assert not (tmp_path / "c.csv").exists()
    out = run(path, "--out", tmp_path / "c.csv", "--seat", "Ada", stdin="0000\n")
    assert out.returncode == 2 and "not Ada's PIN" in out.stderr
    out = run(path, "--out", tmp_path / "c.csv", "--seat", "ada", "--stats", stdin="2718\n")
    assert out.returncode == 0, out.stderr
    head = (tmp_path / "c.csv").read_text().splitlines()[0]
    assert head == "submission,turn,timeline,England,France"
    assert "Germany" not in out.stdout and "France" in out.stdout and "not shown" in out.stdout
    out = run(path, "--out", tmp_path / "b.csv", "--seat", "Ben")
    assert out.returncode == 0 and "France" not in (tmp_path / "b.csv").read_text()
    out = run(path, "--stats", "--seat", "Nobody")
    assert out.returncode == 2 and "no seat 'Nobody'" in out.stderr


def test_no_pin_given_is_said_so_not_called_a_wrong_one(tmp_path):
    # Run with nothing on standard input (a script, a pipe that ended), the command said
    # "that is not Ada's PIN" to a PIN never typed.
    ada = Seat(name="Ada", nations=("France", "England"))
    ben = Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey"))
    path = tmp_path / "fog.json"
    save_match(Match.new(seats=[ada, ben], pins={0: "2718"}, fog=True), path)
    out = run(path, "--stats", "--seat", "Ada", stdin="")
    assert out.returncode == 2 and "no PIN was given for Ada" in out.stderr and "not Ada's PIN" not in out.stderr


def test_help_says_what_a_fogged_game_shows():
    out = run("--help")
    assert out.returncode == 0 and "fog of war" in out.stdout and "--seat" in out.stdout


def test_a_damaged_sealed_box_is_named_not_a_traceback(tmp_path, monkeypatch, capsys):
    """The seat's PIN opens a sealed box that does not read: the file and field are named
    (check_pin's MatchFileError escaped as a traceback)."""
    import json
    from app.match.storage import open_match
    from app.ui.studio.chart_cli import main
    m = Match.new(seats=[Seat(name="Ada", nations=("France", "England")),
                         Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey"))],
                  pins={0: "2718"}, fog=True)
    path = tmp_path / "fog.json"
    save_match(m, path)
    doc = json.loads(path.read_text())
    m2 = open_match(path)
    m2.locks.reset(0, "2718")
    doc["meta"]["seats"][0]["sealed"] = m2.locks.box(0, b'{"orders": 5}').model_dump(exclude_none=True)
    path.write_text(json.dumps(doc))
    monkeypatch.setattr(sys, "stdin", io.StringIO("2718\n"))
    assert main([str(path), "--stats", "--seat", "Ada"]) == 2
    err = capsys.readouterr().err
    assert "fog.json" in err and "meta.seats.0.sealed" in err
