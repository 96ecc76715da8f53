"""Pasted orders into a seat's pending orders: every line read (:mod:`app.engine.notation.paste`),
resolved on the world the seat sees and checked as a typed order would be. No Qt.

Lines that read and are legal are added (a unit's later order replaces its earlier one, as
when typed); every other line is reported with its number, the word at fault where one is,
and the reason, so the player can mend just those.

>>> from app.match import Match
>>> m = Match.new()
>>> report = add_pasted(m, "France:\\nA PAR - BUR\\nF Bre-MAO\\nA Mun - Tyr\\nA Foo - Bur")
>>> [format_order(o, with_nation=False) for _, o in report.added]
['A 1:par:S1901 - 1:bur:S1901', 'F 1:bre:S1901 - 1:mao:S1901']
>>> [p.problem() for p in report.problems]
["line 4, 'Mun': France has no unit there: the unit in Munich is Germany's", "line 5, 'Foo': 'Foo' is not a province"]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.engine import format_order, NotationError, Order, PastedLine, read_pasted

from .match import Match, OrderRefused


@dataclass
class PasteReport:
    """What a paste did: the orders added (with their line numbers) and the lines not used."""

    added: list[tuple[int, Order]] = field(default_factory=list)
    problems: list[PastedLine] = field(default_factory=list)

    def summary(self) -> str:
        n, bad = len(self.added), len(self.problems)
        text = f"{n} order{'s' if n != 1 else ''} added"
        return text + (f"; {bad} line{'s' if bad != 1 else ''} not used" if bad else "")


def add_pasted(match: Match, text: str, seat: int | None = None) -> PasteReport:
    """Add every order of ``text`` the seat may give; report the rest."""
    report = PasteReport()
    seat = match._seat(seat)
    view = match.view_for(seat)
    # read with the nations the seat may name (in a civilisations game its known ones), as typed orders are
    for line in read_pasted(text, match._notation_variant(seat)):
        if not line.ok:
            report.problems.append(line)
            continue
        spec = line.spec
        word = _written(line.text, spec.unit.province if spec.unit is not None else None, match)
        try:
            order = view.resolve(spec)
        except (NotationError, ValueError) as e:
            report.problems.append(replace(line, spec=None, word=word, reason=_short(str(e))))
            continue
        unit = view.unit_at(order.unit) if hasattr(order, "unit") else None
        if spec.nation is not None and unit is not None and unit.nation != spec.nation:
            name = match.game.variant.provinces[order.unit.province].name
            report.problems.append(replace(line, spec=None, word=word, reason=(
                f"{spec.nation} has no unit there: the unit in {name} is {unit.nation}'s")))
            continue
        try:
            order = match.add_order(order, seat)
        except OrderRefused as e:
            report.problems.append(replace(line, spec=None, word=word if e.kind == "owner" else None,
                                           reason=e.reason.removeprefix("Refused: ").rstrip(".")))
            continue
        report.added.append((line.line, order))
    return report


def _written(text: str, province: str | None, match: Match) -> str | None:
    """How the line spells the unit's province (``Mun`` for ``mun``), to name it."""
    if province is None:
        return None
    v = match.game.variant
    for w in text.replace("-", " ").replace(":", " ").split():
        if v.lookup_province(w.strip("();,.")) == province:
            return w.strip("();,.")
    return province


def _short(message: str) -> str:
    import re
    m = re.match(r"^'.*?': (.*)$", message)
    return m.group(1) if m else message


__all__ = ["PasteReport", "add_pasted", "format_order"]
