"""A scenario of many steps: its report lists every board after every step, which grows
with the square of the steps. One too big for that is refused with a clear message at the
step it would overflow, in bounded memory (it ended in 'internal error (MemoryError)'
after tens of gigabytes)."""

import json
import tracemalloc

from app.engine.scenarios.scenario import MAX_REPORTED_BOARDS, main, run_file


def test_ten_thousand_empty_steps_are_refused_by_name_and_step(tmp_path, capsys):
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"steps": [{} for _ in range(10_000)]}))
    tracemalloc.start()
    try:
        assert main([str(path)]) == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    err = capsys.readouterr().err
    assert f"long.json: step 315: the report would list more than {MAX_REPORTED_BOARDS:,} boards" in err
    assert "internal error" not in err
    assert peak < 400 << 20


def test_a_long_scenario_within_the_bound_runs(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"steps": [{} for _ in range(300)]}))     # 45,150 boards listed in all
    report = run_file(path)
    assert report["ok"] and len(report["steps"]) == 300 and len(report["steps"][-1]["boards"]) == 301
