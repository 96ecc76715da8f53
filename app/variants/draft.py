"""A variant being imported: its data before it is written, and what could not be carried over.

Each importer (:mod:`.dpimport` for the ``diplomacy`` package's ``.map`` files,
:mod:`.parlance` for Parlance's ``.cfg`` files) fills a :class:`Draft`; :func:`write_draft`
then writes the five JSON files and a drawing (the source's own, converted, or the stand-in
map of :mod:`.standin`) into a folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from app.engine import MAX_NATIONS, ORDER_WORDS, delta_e2000

from .scaffold import NATION_COLOURS, write_json

NEUTRAL_COLOUR = "#8a8a8a"   # the neutral power's units: a grey no palette colour is near


@dataclass
class DraftProvince:
    id: str
    name: str
    kind: str                      # land, coast, sea
    centre: bool = False
    aliases: list[str] = field(default_factory=list)
    port: bool = False             # a fleet here may convoy (RULES.md §12)


@dataclass
class DraftNation:
    name: str
    adjective: str
    homes: list[str]
    centres: list[str]             # owned at the start
    units: list[str]               # "A par", "F stp/sc"
    colour: str | None = None
    neutral: bool = False          # the neutral power: its units hold, it plays no part (§12)


@dataclass
class Draft:
    name: str
    title: str
    description: str = ""
    first_year: int = 1901
    victory: int | None = None
    build_anywhere: bool = False                                  # RULES.md §12
    provinces: dict[str, DraftProvince] = field(default_factory=dict)
    coasts: dict[str, str] = field(default_factory=dict)          # coast id -> name
    army: set[tuple[str, str]] = field(default_factory=set)       # sorted province pairs
    fleet: set[tuple[str, str]] = field(default_factory=set)      # sorted location pairs
    nations: list[DraftNation] = field(default_factory=list)
    impassable: list[str] = field(default_factory=list)           # provinces left out as impassable
    notes: list[str] = field(default_factory=list)

    @property
    def centres(self) -> list[str]:
        return [p for p, d in self.provinces.items() if d.centre]

    def province_of(self, loc: str) -> str:
        return loc.split("/")[0]

    def files(self) -> dict[str, dict]:
        """The five JSON files of the variant (docs/variants.md)."""
        total = len(self.centres)
        victory = self.victory or total // 2 + 1
        # beside a neutral power, no nation is given a colour near its grey
        palette = ([c for c in NATION_COLOURS if delta_e2000(c, NEUTRAL_COLOUR) >= 15]
                   if any(n.neutral for n in self.nations) else NATION_COLOURS)
        return {
            "variant.json": {"name": self.name, "title": self.title, "map": "map.svg",
                             "first_year": self.first_year, "victory_centres": victory,
                             "description": self.description,
                             **({"build_anywhere": True} if self.build_anywhere else {})},
            "provinces.json": {
                "provinces": [{"id": p.id, "name": p.name, "kind": p.kind,
                               **({"supply_centre": True} if p.centre else {}),
                               **({"aliases": p.aliases} if p.aliases else {}),
                               **({"port": True} if p.port and p.kind == "coast" else {})}
                              for p in self.provinces.values()],
                "coasts": [{"id": c, "province": self.province_of(c), "name": n} for c, n in self.coasts.items()]},
            "adjacency.json": {"army": [list(e) for e in sorted(self.army)],
                               "fleet": [list(e) for e in sorted(self.fleet)]},
            "nations.json": {"nations": [
                {"name": n.name, "adjective": n.adjective,
                 "colour": n.colour or (NEUTRAL_COLOUR if n.neutral else palette[i % len(palette)]),
                 "home_centres": [] if n.neutral else n.homes, **({"neutral": True} if n.neutral else {})}
                for i, n in enumerate(self.nations)]},
            "start.json": {"units": [f"{n.name} {u}" for n in self.nations for u in n.units],
                           "centres": {n.name: n.centres for n in self.nations if not n.neutral}},
        }

    # -- helpers the importers share ---------------------------------------------------------

    def keep_aliases(self, wanted: dict[str, list[str]]) -> None:
        """Give each province the aliases of ``wanted`` that lead to it alone; list the others."""
        taken: dict[str, str] = {}
        for p in self.provinces.values():
            for n in (p.id, p.name):
                taken.setdefault(_norm(n), p.id)
        dropped = []
        for pid, aliases in wanted.items():
            prov = self.provinces.get(pid)
            if prov is None:
                continue
            for alias in aliases:
                key = _norm(alias)
                if not key or key in ORDER_WORDS or taken.setdefault(key, pid) != pid:
                    dropped.append(f"{alias} ({pid})")
                elif alias.lower() != pid and key != _norm(prov.name) and alias not in prov.aliases:
                    prov.aliases.append(alias)
        if dropped:
            self.notes.append(f"aliases left out (each must name one province and not be a word of orders): "
                              f"{', '.join(dropped[:12])}{' …' if len(dropped) > 12 else ''}")

    def leave_out(self, nation: str) -> bool:
        """Leave a nation out (as ``UNPLAYED``): its units go, its centres stay, neutral."""
        found = next((n for n in self.nations if n.name.lower() == nation.lower()
                      or n.name.lower() == nation_name(nation).lower()), None)
        if found is None:
            return False
        self.nations.remove(found)
        self.notes.append(f"--unplayed {nation}: {found.name} left out, its home centres are neutral")
        return True

    def check_size(self) -> str | None:
        """Why the draft cannot be a variant here, if it cannot (the neutral power is no
        playing nation and is not counted)."""
        playing = [n for n in self.nations if not n.neutral]
        if len(playing) > MAX_NATIONS:
            names = ", ".join(n.name for n in playing)
            return (f"{len(playing)} nations ({names}); a variant here has at most {MAX_NATIONS}: "
                    "leave some out with --unplayed NAME (its home centres become neutral)")
        if len(playing) < 2:
            return f"{len(playing)} nation(s); a variant has at least 2"
        return None


def _norm(text: str) -> str:
    return " ".join(text.lower().replace(".", "").replace("-", " ").split())


def variant_id(text: str) -> str:
    """A variant or province id from any text: lower case, letters, digits and ``_``."""
    out = re.sub(r"[^a-z0-9_]", "_", text.lower()).strip("_") or "imported"
    return out if out[0].isalpha() else "v" + out


def nation_name(written: str) -> str:
    """A nation's name from a power's: ``NEW-YORK`` → ``NewYork`` (a name is one word here)."""
    parts = [w for w in re.split(r"[^A-Za-z]+", written) if w]
    return "".join(w.capitalize() for w in parts) or "Nation"


def adjective_of(written: str) -> str:
    """``SOUTH-AFRICAN`` → ``South-African``; ``AUSTRIAN`` → ``Austrian``."""
    return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), written.strip())


def write_draft(draft: Draft, folder: Path, svg: str) -> None:
    """Write the variant's files and ``svg`` as its map into ``folder`` (created)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in draft.files().items():
        write_json(folder / name, content)
    (folder / "map.svg").write_text(svg, encoding="utf-8")
