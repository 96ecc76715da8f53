"""A problem found in a variant: which file, which element or field, what is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Problem:
    """One finding, printed as ``FILE:ELEMENT: message``.

    ``file`` is a file name inside the variant's folder (``adjacency.json``, ``map.svg``);
    ``element`` a JSON field path (``nations.2.home_centres``) or an SVG element id
    (``label-mun``); an ``error`` makes the variant unplayable or wrong, a ``warning`` makes
    it hard to read or likely unintended.
    """

    file: str
    element: str
    message: str
    severity: Severity = "error"
    # Province ids the problem is about (the preview zooms to them); not printed.
    provinces: tuple[str, ...] = ()
    # A point of the map the problem is about, where no element or province names it (a gap
    # between provinces): the preview zooms to it; not printed.
    where: tuple[float, float] | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.element}: {self.message}"
