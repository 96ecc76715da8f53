"""The game record (app/ui/record): ``python -m app record`` on a real 30-submission game:
the animation's frames (one per submission that made boards, counted by Pillow) and the PDF
(its pages counted, and rendered and read where poppler's tools are installed)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from PIL import Image

from app.bots.selfplay import grow_world
from app.ui.record.cli import main as record


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    game = grow_world(seed=3, turns=30, time_travel=0.05, max_travellers=1)
    path = tmp_path_factory.mktemp("record") / "game.json"
    game.save(path)
    return game, path


def _steps_that_made_boards(game) -> list[int]:
    return [i for i in range(1, len(game.submissions) + 1)
            if set(game.world_at(i).boards) - set(game.world_at(i - 1).boards)]


@pytest.mark.parametrize("suffix", [".gif", ".webp"])
def test_the_animation_has_a_frame_per_submission_that_made_boards(qapp, saved, tmp_path, capsys, suffix):
    game, path = saved
    out = tmp_path / f"record{suffix}"
    assert record([str(path), "--out", str(out), "--width", "480", "--height", "300"]) == 0
    made = _steps_that_made_boards(game)
    assert 0 < len(made) <= 30 and len(game.world.timelines) > 1
    with Image.open(out) as im:
        assert im.size == (480, 300)
        assert im.n_frames == len(made)
        first = im.convert("RGB").tobytes()
        im.seek(im.n_frames - 1)
        assert im.convert("RGB").tobytes() != first, "the frames show different boards"
    assert f"{len(made)} frames" in capsys.readouterr().out
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp):
    """The record is made under either theme the window may be in (the window's own way of
    switching: the application's palette), and the palette is put back after."""
    from app.ui.theme import DARK, LIGHT, apply_palette
    before = qapp.palette()
    apply_palette(qapp, DARK if request.param == "dark" else LIGHT)
    yield request.param
    qapp.setPalette(before)


def test_the_pdf_record_has_a_title_page_and_every_submission(qapp, saved, tmp_path, capsys, theme):
    # Under the dark theme the transcript's pages were drawn in its pale text on white paper
    # (page 2 on: lightest ink 168 of 255); the paper is white whatever the theme.
    game, path = saved
    out = tmp_path / "record.pdf"
    assert record([str(path), "--out", str(out), "--headline", "Draw: England, France, Russia"]) == 0
    said = capsys.readouterr().out
    pages = int(re.search(r"(\d+) pages", said).group(1))
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) == pages > 2
    if shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftoppm/pdftotext are not installed: the pages were counted, not rendered")
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(out), str(tmp_path / "page")], check=True, timeout=120)
    rendered = sorted(tmp_path.glob("page-*.png"))
    assert len(rendered) == pages
    for png in rendered:
        with Image.open(png) as im:
            lo, hi = im.convert("L").getextrema()
            assert lo < 100 < hi, f"{png.name} has something written on it"
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                          check=True, timeout=120).stdout
    first = text.split("\f")[0]
    assert "Draw: England, France, Russia" in first and "The biggest fork" in first
    for i in range(1, len(game.submissions) + 1):
        assert f"Submission {i}:" in text
    assert f"page {pages} of {pages}" in text


def test_bad_input_is_one_clear_line(qapp, saved, tmp_path, capsys):
    _game, path = saved
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    cases = [([str(broken), "--out", str(tmp_path / "a.gif")], "broken.json"),
             ([str(tmp_path / "missing.json"), "--out", str(tmp_path / "a.gif")], "missing.json"),
             ([str(path), "--out", str(tmp_path / "a.png")], "written as .gif, .webp or .pdf, not .png"),
             ([str(path), "--out", str(tmp_path / "no" / "a.pdf")], "there is no folder"),
             ([str(path), "--out", str(tmp_path)], "written as .gif, .webp or .pdf")]
    for argv, says in cases:
        assert record(argv) == 2
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not list(tmp_path.glob("a.*"))


def test_a_cancelled_record_writes_nothing(qapp, saved, tmp_path):
    from app.match.story import story_of
    from app.ui.multiverse.map_art import map_art
    from app.ui.record.animation import Cancelled, FrameStyle
    from app.ui.record.make import prepare_art, write_record
    game, _path = saved
    story = story_of(game)
    style = FrameStyle(320, 200)
    for name in ("c.gif", "c.pdf"):
        out = tmp_path / name
        art = map_art(game.variant)
        prepare_art(out, art, story, style)
        with pytest.raises(Cancelled):
            write_record(out, game, story, "x", art, style, cancelled=lambda: True)
        assert not out.exists() and not list(tmp_path.glob(".*.tmp"))


def test_the_command_is_listed(capsys):
    from app.__main__ import main
    assert main(["--help"]) == 0
    assert "python -m app record GAME.json --out" in capsys.readouterr().out


def test_a_fogged_game_in_progress_is_refused(qapp, tmp_path, capsys):
    from app.match import Match, Seat
    from app.match.storage import save_match
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)),
                         Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey", "England"))],
                  fog=True)
    path = tmp_path / "fog.json"
    save_match(m, path)
    assert record([str(path), "--out", str(tmp_path / "fog.gif")]) == 2
    assert "fog of war" in capsys.readouterr().err and not (tmp_path / "fog.gif").exists()
