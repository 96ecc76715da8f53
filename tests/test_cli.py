"""The command line as outside suites use it: exit codes and the report format."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return str(p)


def test_scenario_ok_and_report_format(tmp_path):
    f = write(tmp_path, "ok.json", {"name": "bounce", "steps": [
        {"orders": ["A mun - tyr", "A vie - tyr"],
         "expect": {"orders": {"A mun - tyr": "fails"}, "phase": "movement"}}]})
    r = run("scenario", f)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout.strip())
    assert rep["ok"] and rep["name"] == "bounce"
    step = rep["steps"][0]
    assert set(step) >= {"adjudication_ms", "orders", "boards", "phase", "winner", "failures"}
    assert step["orders"][0] == {"text": "A mun - tyr", "status": "fails", "reason": step["orders"][0]["reason"]}
    assert {"board": "1:F1901", "parent": None} .items() <= next(b for b in step["boards"] if b["board"] == "1:F1901").items()


def test_scenario_failed_expectation_exits_1(tmp_path):
    f = write(tmp_path, "bad.json", {"steps": [{"orders": ["A mun - tyr"], "expect": {"orders": {"A mun - tyr": "fails"}}}]})
    r = run("scenario", f)
    assert r.returncode == 1
    assert "expected fails, got succeeds" in json.loads(r.stdout)["steps"][0]["failures"][0]
    assert run("scenario", "--no-check", f).returncode == 0


def test_scenario_unusable_file_exits_2_naming_the_fault(tmp_path):
    f = write(tmp_path, "broken.json", {"steps": [{"orders": ["A mun - atlantis"]}]})
    r = run("scenario", f)
    assert r.returncode == 2
    assert "broken.json" in r.stderr and "step 1" in r.stderr and "atlantis" in r.stderr
    assert "Traceback" not in r.stderr
    g = write(tmp_path, "field.json", {"adjacency": "wobbly"})
    r = run("scenario", g)
    assert r.returncode == 2 and "adjacency" in r.stderr and "Traceback" not in r.stderr
    h = write(tmp_path, "half.json", {"steps": [{"orders": ["A par"]}]})
    r = run("scenario", h)     # the order is named once, not twice
    assert r.returncode == 2 and "step 1: order 'A par': what should the unit do?" in r.stderr
    assert r.stderr.count("A par") == 1


def test_selfplay_same_seed_same_file(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("selfplay", "--turns", "8", "--seed", "4", "--out", str(a), "--quiet").returncode == 0
    assert run("selfplay", "--turns", "8", "--seed", "4", "--out", str(b), "--quiet").returncode == 0
    assert json.loads(a.read_text())["world"] == json.loads(b.read_text())["world"]


# -- files the command must refuse cleanly (exit 2), reporting every other file ---------------

OK_FILE = {"name": "fine", "steps": [{"orders": ["A mun H"]}]}


def one_board(turn):
    return {"start": {"boards": [{"timeline": 1, "turn": turn, "units": ["Germany A mun"]}]},
            "steps": [{"orders": ["A mun H"]}, {"orders": []}, {"orders": []}]}


def refused_beside_a_good_file(tmp_path, bad, *needles):
    good = write(tmp_path, "good.json", OK_FILE)
    r = run("scenario", bad, good)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    for needle in (Path(bad).name, *needles):
        assert needle in r.stderr
    reports = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rep["name"] for rep in reports] == ["fine"]  # the good file still has its report
    return r.stderr


def test_years_that_cannot_be_written_back_are_refused(tmp_path):
    refused_beside_a_good_file(tmp_path, write(tmp_path, "y0.json", one_board("S0000")), "start.boards.0.turn", "start at 1")
    refused_beside_a_good_file(tmp_path, write(tmp_path, "y10000.json", one_board("S10000")), "start.boards.0.turn")
    refused_beside_a_good_file(tmp_path, write(tmp_path, "y9999.json", one_board("S9999")), "step 3", "9999")


def test_bad_board_key_in_expectations(tmp_path):
    for field in ("centres", "boards", "no_boards"):
        value = ["1:X1901"] if field == "no_boards" else {"1:X1901": {} if field == "centres" else []}
        bad = write(tmp_path, f"{field}.json", {"steps": [{"orders": [], "expect": {field: value}}]})
        refused_beside_a_good_file(tmp_path, bad, "step 1", f"expect.{field}", "X1901")


def test_folder_and_deep_nesting(tmp_path):
    (tmp_path / "folder.json").mkdir()
    refused_beside_a_good_file(tmp_path, str(tmp_path / "folder.json"), "folder")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    refused_beside_a_good_file(tmp_path, str(deep), "nested too deeply")
    deep.write_text('{"steps": [{"orders": [], "expect": {"boards": {"1:S1901": ' + "[" * 5000 + "]" * 5000 + "}}}]}")
    refused_beside_a_good_file(tmp_path, str(deep))


def test_a_crash_in_one_file_costs_no_other_file_its_report(tmp_path, monkeypatch, capsys):
    """A fault of ours in one file (simulated here) is reported for that file only."""
    from app.engine.scenarios import scenario
    real = scenario.run_file

    def crash_on_first(path, check=True):
        if path.name == "first.json":
            raise KeyError("simulated engine fault")
        return real(path, check)

    monkeypatch.setattr(scenario, "run_file", crash_on_first)
    files = [write(tmp_path, "first.json", OK_FILE), write(tmp_path, "second.json", OK_FILE)]
    assert scenario.main(files) == 2
    out, err = capsys.readouterr()
    assert "first.json: internal error" in err and "simulated engine fault" in err
    assert [json.loads(line)["file"] for line in out.splitlines()] == [files[1]]


def test_help_lists_every_command_from_the_one_table(capsys):
    from app.__main__ import COMMANDS, main
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "--open FILE" in out and "--screenshot" in out        # the window's options
    for name, command in COMMANDS.items():
        assert f"python -m app {name} {command.usage}" in out and command.does in out
    assert {"scenario", "selfplay", "throw", "tournament", "variant", "preview", "install-desktop"} <= set(COMMANDS)


def test_every_command_answers_help(capsys):
    from app.__main__ import COMMANDS, main
    for name in COMMANDS:
        try:
            status = main([name, "--help"])
        except SystemExit as e:           # argparse's own --help exits 0
            status = e.code
        out = capsys.readouterr()
        assert status in (0, None), (name, out.err)
        assert "usage" in out.out.lower() and "no such file" not in out.err, name


def test_a_word_that_is_no_command_is_answered_with_what_was_meant(tmp_path, capsys):
    # "python -m app chrat" or "python -m app game.json" got argparse's bare
    # "unrecognized arguments: …" (after the window's whole usage).
    from app.__main__ import main
    assert main(["chrat", "game.json"]) == 2
    err = capsys.readouterr().err
    assert "no command 'chrat'" in err and "did you mean chart" in err and "--help" in err
    saved = tmp_path / "game.json"
    saved.write_text("{}")
    assert main([str(saved)]) == 2
    assert f"python -m app --open {saved}" in capsys.readouterr().err
