"""A submission's report in one line for the status bar and the toast."""

from __future__ import annotations

from app.engine import Report


def summary(report: Report, fog: bool = False) -> str:
    """``fog``: only what is public under fog of war (the grid, that the world waits for
    retreats), not how others' orders went nor how many units were dislodged."""
    n = len(report.new_boards)
    parts = [f"{n} new board{'s' if n != 1 else ''}"]
    if report.new_timelines:
        parts.append("new timeline" + ("s " if len(report.new_timelines) > 1 else " ")
                     + ", ".join(str(t) for t in report.new_timelines))
    fails = sum(1 for r in report.results if r.status in ("fails", "invalid"))
    waiting = sum(1 for r in report.results if r.status == "pending")
    w = report.world
    if fog:
        return " · ".join(parts + (["the world waits for retreats"] if w.phase == "retreats" else []))
    if fails:
        parts.append(f"{fails} order{'s' if fails != 1 else ''} failed or invalid")
    if waiting:
        parts.append(f"{waiting} Winter order{'s' if waiting != 1 else ''} wait{'s' if waiting == 1 else ''} "
                     f"for the retreats")
    if w.phase == "retreats":
        parts.append(f"{len(w.pause.dislodged)} dislodged unit(s) must retreat")
    return " · ".join(parts)
