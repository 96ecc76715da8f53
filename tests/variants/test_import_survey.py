"""tools/import_survey.py (issue 22's survey table) runs end to end on one package map and on
our own small .cfg variants, in a temporary data folder that it gives back afterwards."""
from __future__ import annotations

import os
from pathlib import Path

from tools.import_survey import main

DATA = Path(__file__).parent / "data"


def test_survey_of_one_map_and_our_cfg_files(capsys, monkeypatch):
    monkeypatch.delenv("DIPLO5D_DATA_DIR", raising=False)
    assert main(["--only", "pure", "isthmus", "--years", "1", "--parlance-dir", str(DATA)]) == 0
    out = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): line for line in out.splitlines() if line.startswith("| ")}
    assert "| yes | 0 E (0 in map)" in rows["diplomacy:pure"]
    assert "own SVG converted" in rows["diplomacy:pure"]
    assert "| yes | 0 E (0 in map)" in rows["parlance:isthmus"]
    assert "stand-in" in rows["parlance:isthmus"]
    assert "1 y," in rows["parlance:isthmus"]
    assert "DIPLO5D_DATA_DIR" not in os.environ
