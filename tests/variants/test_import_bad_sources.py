"""`variant import` of damaged sources: a .map of the installed diplomacy package cut at
many points, and things that are no ordinary file (a named pipe would wait for a writer
forever). Always a clear message naming the file: never a traceback, never a hang."""

import os

import pytest

from app.variants.cli import main
from app.variants.importer import ImportError_, import_variant, resolve_source

MODERN = resolve_source("diplomacy:modern")
CUTS = 24


@pytest.mark.parametrize("part", range(CUTS))
def test_a_truncated_map_imports_or_is_refused_by_name(part, tmp_path):
    text = MODERN.read_bytes()
    cut = len(text) * part // CUTS + part * 37 % 89      # spread over the file, off round numbers
    source = tmp_path / "cut.map"
    source.write_bytes(text[:cut])
    try:
        import_variant(source, tmp_path / "out")
    except ImportError_ as e:
        assert "cut.map" in str(e)


def test_the_cut_that_gave_no_board_now_draws_one(tmp_path):
    """Cut here, the stand-in board's layout once came out with an empty province (shapely's
    ValueError 'The first input geometry is empty' escaped, then was refused by name). The
    layout now gives every province its size: the cut map imports with a region for every
    province it has."""
    import json

    from app.mapgeo import load_map
    source = tmp_path / "cut.map"
    source.write_bytes(MODERN.read_bytes()[:8973])
    import_variant(source, tmp_path / "out")
    provinces = json.loads((tmp_path / "out" / "provinces.json").read_text())["provinces"]
    drawn = load_map(tmp_path / "out" / "map.svg").provinces
    assert provinces and all(drawn[p["id"]].area > 100 for p in provinces)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_at_once(tmp_path, capsys):
    pipe = tmp_path / "pipe.map"
    os.mkfifo(pipe)
    assert main(["import", str(pipe), "--out", str(tmp_path / "x")]) == 2     # returns: it never opened it
    assert "pipe.map: is a named pipe" in capsys.readouterr().err


@pytest.mark.parametrize("source,what", [(os.devnull, "is a device"), ("{tmp}", "is a folder"),
                                         ("{tmp}/missing.map", "cannot be read")])
def test_other_things_that_are_no_map_file(source, what, tmp_path, capsys):
    source = source.format(tmp=tmp_path)
    assert main(["import", source, "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert f"{source}: {what}" in err and "Traceback" not in err


def test_the_stand_in_layout_does_not_change_with_the_hash_seed(tmp_path):
    """A cut source is a map in pieces; the pieces were joined from an arbitrary member of
    each (a set's order), so one file drew a different board, or none, from run to run."""
    import subprocess
    import sys
    source = tmp_path / "cut.map"
    source.write_bytes(MODERN.read_bytes()[:8973])
    probe = ("import sys, hashlib, json\n"
             "from pathlib import Path\n"
             "from app.variants.importer import read_source\n"
             "from app.variants.drawing.data import BoardData\n"
             "from app.variants.drawing.layout import layout\n"
             "draft, _ = read_source(Path(sys.argv[1]), [])\n"
             "lay = layout(BoardData.of(draft.files()))\n"
             "print(hashlib.sha256(json.dumps([lay.points, lay.triangles], sort_keys=True).encode()).hexdigest())\n")
    seen = set()
    for seed in ("1", "2", "3"):
        run = subprocess.run([sys.executable, "-c", probe, str(source)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        seen.add(run.stdout.strip())
    assert len(seen) == 1
