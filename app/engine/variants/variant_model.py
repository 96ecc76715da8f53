"""A variant's data: the loaded :class:`Variant` the engine asks its map questions. Reading a
folder, with its checks, is :mod:`app.engine.variants.variant`; the pydantic models of its JSON files
are :mod:`app.engine.variants.variant_files` (still importable from here by name)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.engine.variants.catalog import ref_name

from ..rules.coords import province_of

if TYPE_CHECKING:
    from .variant_files import AdjacencyFile, NationsFile, ProvincesFile, StartFile, VariantFile


class VariantError(ValueError):
    """A variant file is missing or malformed. The message names the file and field."""


# The file models (pydantic) live in app.engine.variants.variant_files and are imported when first
# named here: a variant whose files were checked before is built from the plain records below.
FILE_MODELS = ("ProvinceModel", "CoastModel", "ProvincesFile", "AdjacencyFile", "NationModel", "NationsFile",
               "StartFile", "VariantFile", "_Model")


def __getattr__(name: str):
    if name in FILE_MODELS:
        from . import variant_files
        return getattr(variant_files, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class VariantMeta:
    """``variant.json`` as checked before (the fields of :class:`~app.engine.variants.variant_files.VariantFile`)."""
    name: str
    title: str
    map: str
    victory_centres: int
    first_year: int = 1901
    description: str = ""
    build_anywhere: bool = False


@dataclass(frozen=True)
class Province:
    """A province as checked before (the fields of :class:`~app.engine.variants.variant_files.ProvinceModel`)."""
    id: str
    name: str
    kind: str
    supply_centre: bool = False
    aliases: tuple[str, ...] = ()
    port: bool = False


@dataclass(frozen=True)
class Coast:
    id: str
    province: str
    name: str


@dataclass(frozen=True)
class Nation:
    """A nation as checked before (the fields of :class:`~app.engine.variants.variant_files.NationModel`)."""
    name: str
    adjective: str
    colour: str
    home_centres: tuple[str, ...]
    neutral: bool = False


class Variant:
    """A loaded, cross-checked variant. Read-only after loading.

    The engine asks it map questions: ``army_adjacent``, ``fleet_adjacent``, the coasts of a
    province, home centres, and names for parsing (``lookup``).
    """

    def __init__(self, meta: VariantFile, provinces: ProvincesFile, adjacency: AdjacencyFile,
                 nations: NationsFile, start: StartFile, folder: Path):
        # The files as read (lists keep duplicates, for the checks in app.engine.variants.variant_checks).
        self._files: dict[str, Any] | None = {"variant.json": meta, "provinces.json": provinces,
                                              "adjacency.json": adjacency, "nations.json": nations,
                                              "start.json": start}
        self._build(meta, provinces.provinces, provinces.coasts, adjacency.army, adjacency.fleet, nations.nations,
                    start.units, start.centres, folder)

    @classmethod
    def from_checked(cls, raw: dict[str, Any], folder: Path) -> "Variant":
        """The variant of files (``raw``: the parsed JSON per file name) that passed every
        check before, unchanged since: built from plain records, without validating again
        (:attr:`files` validates them only when asked)."""
        v = cls.__new__(cls)
        v._files = None
        v._raw = raw
        prov, adj, nat, start = (raw[f] for f in ("provinces.json", "adjacency.json", "nations.json", "start.json"))
        v._build(VariantMeta(**raw["variant.json"]),
                 [Province(**{**p, "aliases": tuple(p.get("aliases", ()))}) for p in prov["provinces"]],
                 [Coast(**c) for c in prov.get("coasts", ())],
                 [tuple(e) for e in adj["army"]], [tuple(e) for e in adj["fleet"]],
                 [Nation(**{**n, "home_centres": tuple(n["home_centres"])}) for n in nat["nations"]],
                 start["units"], start["centres"], folder)
        return v

    @property
    def files(self) -> dict[str, Any]:
        """Each file's model (:mod:`app.engine.variants.variant_files`), as read: the variant's checks
        and the designer's tools look at the files themselves."""
        if self._files is None:
            from . import variant_files as m
            models = {"variant.json": m.VariantFile, "provinces.json": m.ProvincesFile,
                      "adjacency.json": m.AdjacencyFile, "nations.json": m.NationsFile, "start.json": m.StartFile}
            self._files = {name: model.model_validate(self._raw[name]) for name, model in models.items()}
        return self._files

    @files.setter
    def files(self, files: dict[str, Any]) -> None:
        self._files = files

    def _build(self, meta, provinces, coasts, army_edges, fleet_edges, nations, units, centres, folder: Path) -> None:
        self.meta = meta
        self.folder = folder
        self.map_path = folder / meta.map
        self.name = meta.name
        self.title = meta.title
        self.first_year = meta.first_year
        self.victory_centres = meta.victory_centres
        self.provinces = {p.id: p for p in provinces}
        self.coasts = {c.id: c for c in coasts}
        # Every nation, the neutral power too (its colour, its units' owner); ``nation_names``
        # are the nations that play: seats, orders, adjustments and victory know only them.
        self.nations = {n.name: n for n in nations}
        self.nation_names = tuple(n.name for n in nations if not n.neutral)
        self.neutral_nation: str | None = next((n.name for n in nations if n.neutral), None)
        self.build_anywhere = bool(getattr(meta, "build_anywhere", False))
        self.ports = frozenset(p.id for p in provinces if p.port and p.kind == "coast")
        self.supply_centres = frozenset(p.id for p in provinces if p.supply_centre)
        self.kinds = {p.id: p.kind for p in provinces}
        # Where a fleet may convoy: the seas, and the ports (RULES.md §12).
        self.convoy_waters = frozenset(p.id for p in provinces if p.kind == "sea") | self.ports
        self.home_centres = {n.name: frozenset(n.home_centres) for n in nations}
        # A centre home to several nations (RULES.md §12) answers with the first one listed.
        self.home_nation: dict[str, str] = {}
        for n in nations:
            for c in n.home_centres:
                self.home_nation.setdefault(c, n.name)
        self.coasts_of: dict[str, tuple[str, ...]] = {}
        for c in coasts:
            self.coasts_of.setdefault(c.province, ())
            self.coasts_of[c.province] += (c.id,)
        army: dict[str, set[str]] = {p: set() for p in self.provinces}
        fleet: dict[str, set[str]] = {loc: set() for loc in self.locations}
        # setdefault: unknown ids are reported by app.engine.variants.variant_checks with the file and field.
        for a, b in army_edges:
            army.setdefault(a, set()).add(b)
            army.setdefault(b, set()).add(a)
        for a, b in fleet_edges:
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
        self.army_adjacent = {k: frozenset(v) for k, v in army.items()}
        self.fleet_adjacent = {k: frozenset(v) for k, v in fleet.items()}
        # Province-level sea/coast contact, for convoy chains and fleet support reach.
        self.fleet_adjacent_provinces = {
            p: frozenset(province_of(x) for loc in self.fleet_locations_in(p) for x in fleet.get(loc, ()))
            for p in self.provinces}
        self.start_units = tuple(units)
        self.start_centres = {n: tuple(cs) for n, cs in centres.items()}

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
    nation = next((n for n in variant.nations if n.lower() == parts[0].lower()), None)
    if nation is None:
        raise ValueError(f"'{text}': unknown nation '{parts[0]}'")
    utype = parts[1].upper()
    if utype not in ("A", "F"):
        raise ValueError(f"'{text}': unit type must be A or F, not '{parts[1]}'")
    loc = parts[2].lower()
    if not variant.unit_can_stand(utype, loc):
        raise ValueError(f"'{text}': {'an army' if utype == 'A' else 'a fleet'} cannot stand in '{parts[2]}'")
    return nation, utype, loc


