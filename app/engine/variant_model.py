"""A variant's data: pydantic models of its JSON files and the loaded :class:`Variant` the
engine asks its map questions. Reading a folder, with its checks, is :mod:`app.engine.variant`."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.engine.catalog import ref_name

from .coords import province_of

class VariantError(ValueError):
    """A variant file is missing or malformed. The message names the file and field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ProvinceModel(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["land", "coast", "sea"]
    supply_centre: bool = False
    aliases: list[str] = []


class CoastModel(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*/[a-z]+$")
    province: str
    name: str


class ProvincesFile(_Model):
    provinces: list[ProvinceModel]
    coasts: list[CoastModel] = []


class AdjacencyFile(_Model):
    army: list[tuple[str, str]]
    fleet: list[tuple[str, str]]


class NationModel(_Model):
    name: str = Field(pattern=r"^[A-Z][A-Za-z]*$")
    adjective: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    home_centres: list[str]


class NationsFile(_Model):
    nations: list[NationModel]


class StartFile(_Model):
    units: list[str]
    centres: dict[str, list[str]]


class VariantFile(_Model):
    name: str
    title: str
    map: str
    first_year: int = 1901
    victory_centres: int
    description: str = ""

    @field_validator("victory_centres")
    @classmethod
    def _positive(cls, v: int) -> int:
        if v <= 0:
            raise ValueError("must be positive")
        return v

    @field_validator("first_year")
    @classmethod
    def _four_digits(cls, v: int) -> int:
        # Turns are written with four digits (S1901, S0901, S0001): a five-digit or negative
        # year would not read back.
        if not 1 <= v <= 9000:
            raise ValueError(f"{v} is not a year from 1 to 9000 (turns are written S1901, S0901, S0001)")
        return v


class Variant:
    """A loaded, cross-checked variant. Read-only after loading.

    The engine asks it map questions: ``army_adjacent``, ``fleet_adjacent``, the coasts of a
    province, home centres, and names for parsing (``lookup``).
    """

    def __init__(self, meta: VariantFile, provinces: ProvincesFile, adjacency: AdjacencyFile,
                 nations: NationsFile, start: StartFile, folder: Path):
        self.meta = meta
        self.folder = folder
        # The files as read (lists keep duplicates, for the checks in app.engine.variant_checks).
        self.files = {"variant.json": meta, "provinces.json": provinces, "adjacency.json": adjacency,
                      "nations.json": nations, "start.json": start}
        self.map_path = folder / meta.map
        self.name = meta.name
        self.title = meta.title
        self.first_year = meta.first_year
        self.victory_centres = meta.victory_centres
        self.provinces = {p.id: p for p in provinces.provinces}
        self.coasts = {c.id: c for c in provinces.coasts}
        self.nations = {n.name: n for n in nations.nations}
        self.nation_names = tuple(n.name for n in nations.nations)
        self.supply_centres = frozenset(p.id for p in provinces.provinces if p.supply_centre)
        self.kinds = {p.id: p.kind for p in provinces.provinces}
        self.home_centres = {n.name: frozenset(n.home_centres) for n in nations.nations}
        self.home_nation = {c: n for n, cs in self.home_centres.items() for c in cs}
        self.coasts_of: dict[str, tuple[str, ...]] = {}
        for c in provinces.coasts:
            self.coasts_of.setdefault(c.province, ())
            self.coasts_of[c.province] += (c.id,)
        army: dict[str, set[str]] = {p: set() for p in self.provinces}
        fleet: dict[str, set[str]] = {loc: set() for loc in self.locations}
        # setdefault: unknown ids are reported by app.engine.variant_checks with the file and field.
        for a, b in adjacency.army:
            army.setdefault(a, set()).add(b)
            army.setdefault(b, set()).add(a)
        for a, b in adjacency.fleet:
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
        self.army_adjacent = {k: frozenset(v) for k, v in army.items()}
        self.fleet_adjacent = {k: frozenset(v) for k, v in fleet.items()}
        # Province-level sea/coast contact, for convoy chains and fleet support reach.
        self.fleet_adjacent_provinces = {
            p: frozenset(province_of(x) for loc in self.fleet_locations_in(p) for x in fleet.get(loc, ()))
            for p in self.provinces}
        self.start_units = tuple(start.units)
        self.start_centres = {n: tuple(cs) for n, cs in start.centres.items()}

    @cached_property
    def ref(self) -> str:
        """What loads this variant again (its name, or its folder's path): saves store it."""
        return ref_name(self.folder)

    # -- geography -------------------------------------------------------------------

    @cached_property
    def locations(self) -> tuple[str, ...]:
        """Every place a unit can stand: provinces, plus the coasts of split provinces."""
        return tuple(self.provinces) + tuple(self.coasts)

    def kind(self, province: str) -> str:
        return self.kinds[province]

    def fleet_locations_in(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in a province: its coasts if split, else the province
        (nothing for inland provinces)."""
        if self.provinces[province].kind == "land":
            return ()
        return self.coasts_of.get(province) or (province,)

    def unit_can_stand(self, unit_type: str, loc: str) -> bool:
        prov = province_of(loc)
        if prov not in self.provinces:
            return False
        kind = self.provinces[prov].kind
        if unit_type == "A":
            return kind != "sea" and loc == prov
        return kind != "land" and (loc in self.coasts if prov in self.coasts_of else loc == prov)

    def adjacent_locations(self, unit_type: str, loc: str) -> frozenset[str]:
        """Locations a unit of this type can move to from ``loc`` on a single board."""
        if unit_type == "A":
            return self.army_adjacent.get(loc, frozenset())
        return self.fleet_adjacent.get(loc, frozenset())

    @cached_property
    def _adjacent_provinces(self) -> dict[tuple[str, str], frozenset[str]]:
        out = {}
        for utype, table in (("A", self.army_adjacent), ("F", self.fleet_adjacent)):
            for loc, adj in table.items():
                out[utype, loc] = frozenset(province_of(x) for x in adj)
        return out

    def adjacent_provinces(self, unit_type: str, loc: str) -> frozenset[str]:
        """Provinces a unit of this type at ``loc`` can reach on one board (any coast):
        what it may support into."""
        return self._adjacent_provinces.get((unit_type, loc), frozenset())

    # -- names ---------------------------------------------------------------------------

    @cached_property
    def _names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for p in self.provinces.values():
            for n in (p.id, p.name, *p.aliases):
                names[_norm(n)] = p.id
        return names

    def lookup_province(self, text: str) -> str | None:
        """Province id for an id, full name or alias (any case), or None."""
        return self._names.get(_norm(text))

    def place_name(self, loc: str) -> str:
        """A location's name for people: ``"Spain (north coast)"`` for ``spa/nc``,
        ``"Picardy"`` for ``pic`` (the id itself for a place the variant does not know)."""
        prov = self.provinces.get(province_of(loc))
        name = prov.name if prov else loc
        coast = self.coasts.get(loc)
        return f"{name} ({coast.name})" if coast else name

    # -- start ---------------------------------------------------------------------------

    @cached_property
    def centre_count(self) -> int:
        return len(self.supply_centres)


def _norm(text: str) -> str:
    return " ".join(text.lower().replace(".", "").replace("-", " ").split())


def parse_unit_text(text: str, variant: Variant) -> tuple[str, str, str]:
    """Parse ``"Germany A mun"`` / ``"Russia F stp/sc"`` into (nation, type, location)."""
    parts = text.split()
    if len(parts) != 3:
        raise ValueError(f"'{text}' is not a unit (write '<Nation> <A|F> <location>', e.g. 'Germany A mun')")
    nation = next((n for n in variant.nation_names if n.lower() == parts[0].lower()), None)
    if nation is None:
        raise ValueError(f"'{text}': unknown nation '{parts[0]}'")
    utype = parts[1].upper()
    if utype not in ("A", "F"):
        raise ValueError(f"'{text}': unit type must be A or F, not '{parts[1]}'")
    loc = parts[2].lower()
    if not variant.unit_can_stand(utype, loc):
        raise ValueError(f"'{text}': {'an army' if utype == 'A' else 'a fleet'} cannot stand in '{parts[2]}'")
    return nation, utype, loc


