"""A ``.map`` file of the ``diplomacy`` package (read by :mod:`.dpmap`) as a :class:`.Draft`.

Every power, place, coast, border and unit is carried over as the package reads it; what a
variant here cannot hold is listed in the draft's notes:

- impassable places (``SHUT``) are left out of the data (the drawing shows them);
- a border one way only becomes a border both ways (borders go both ways here);
- rules other than ``BUILD_ANY``, a start other than Spring movement.

The variant rules of RULES.md §12 are carried over: ``RULE BUILD_ANY`` (``build_anywhere``),
``PORT`` places (coastal provinces marked ``port``: a fleet there convoys), centres home to
several powers (each keeps them), and a power nobody plays (``DUMMY``) as the neutral power:
its units stand and hold, its centres count for no nation until taken.
"""

from __future__ import annotations

from pathlib import Path

from app.engine import ORDER_WORDS

from .dpmap import MapText, read_map, remove_power
from .draft import Draft, DraftNation, DraftProvince, adjective_of, nation_name, variant_id

KINDS = {"WATER": "sea", "COAST": "coast", "PORT": "coast", "LAND": "land"}   # a PORT is a coast marked port


def package_maps_dir() -> Path | None:
    """The installed ``diplomacy`` package's ``maps`` folder, if the package is installed (its
    files are read where they are, never copied: the package is AGPL)."""
    try:
        from importlib.util import find_spec
        spec = find_spec("diplomacy")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "maps"
    return folder if folder.is_dir() else None


def read_dp_map(path: Path, unplayed: list[str] = ()) -> MapText:
    """Read ``path``; maps it builds on are looked for beside it, then in the installed package."""
    pkg = package_maps_dir()
    m = read_map(path, [pkg] if pkg else [])
    for power in unplayed:
        remove_power(m, power)
        m.notes.append(f"--unplayed {power}: left out, its home centres are neutral")
    return m


def draft_of(m: MapText, name: str | None = None) -> Draft:
    """The variant data of a read ``.map`` file."""
    name = name or variant_id(m.path.stem)
    d = Draft(name=name, title=f"{name.replace('_', ' ').title()} (imported)",
              description=f"Imported from {m.path.name} (the diplomacy package's map format).",
              first_year=m.first_year, victory=m.victory[0] if m.victory else None, notes=list(m.notes))
    ids = _ids(m, d)
    shut = {m.province(loc) for loc in m.locs if m.terrain(loc) == "SHUT"}
    for prov in shut:
        d.impassable.append(ids.get(prov, prov.lower()))
        d.notes.append(f"impassable '{prov.lower()}' ({m.place_names.get(prov, prov)}): no unit enters it, so it is "
                       "left out of the data (a converted drawing shows it as an impassable area)")
    centres = {c for c in m.centres if m.province(c) not in shut}
    ports = sorted(ids.get(m.province(loc), loc.lower()) for loc in m.locs if m.terrain(loc) == "PORT")
    if ports:
        d.notes.append(f"PORT {', '.join(ports)}: a port here too (a fleet there convoys; 'port' in provinces.json)")
    for loc in m.locs:
        prov = m.province(loc)
        if prov in shut or "/" in loc or ids[prov] in d.provinces:
            continue
        d.provinces[ids[prov]] = DraftProvince(ids[prov], m.place_names.get(prov, prov.title()),
                                               KINDS[m.terrain(loc)], prov in centres,
                                               port=m.terrain(loc) == "PORT")
    for loc in m.locs:
        if "/" in loc and m.province(loc) not in shut:
            prov, coast = loc.upper().split("/", 1)
            cid = f"{ids[prov]}/{coast.lower()}"
            d.coasts[cid] = m.place_names.get(loc.upper(), f"{d.provinces[ids[prov]].name} ({coast.lower()})")
            d.provinces[ids[prov]].kind = "coast"
    _edges(m, d, ids)
    _dry_coasts(d)
    _nations(m, d, ids)
    _rules(m, d)
    d.keep_aliases({ids[a]: [x.replace("+", " ") for x in al if _alias_kept(x)]
                    for a, al in m.aliases.items() if a in ids})
    odd = sorted({f"{x} ({a.lower()})" for a, al in m.aliases.items() for x in al if not _alias_kept(x)})
    if odd:
        d.notes.append(f"aliases written with a coast (typed 'spa/nc' here) or marked unclear with '?' left out: "
                       f"{', '.join(odd[:8])}"
                       + (" …" if len(odd) > 8 else ""))
    return d


def _alias_kept(alias: str) -> bool:
    return not any(ch in alias for ch in "/()?")


def _ids(m: MapText, d: Draft) -> dict[str, str]:
    """Province ids here for the format's (upper-case) ones; renamed where they cannot be."""
    out = {}
    for loc in m.locs:
        prov = m.province(loc)
        if prov in out:
            continue
        pid = prov.lower()
        if not pid[:1].isalpha() or not pid.replace("_", "").isalnum() or pid in ORDER_WORDS:
            new = variant_id("p_" + pid)
            d.notes.append(f"province '{pid}' is called '{new}' here ('{pid}' "
                           f"{'is a word of orders' if pid in ORDER_WORDS else 'is no id'})")
            pid = new
        out[prov] = pid
    return out


def _loc(ids: dict[str, str], loc: str) -> str:
    prov, _, coast = loc.upper().partition("/")
    return ids.get(prov, prov.lower()) + (f"/{coast.lower()}" if coast else "")


def _edges(m: MapText, d: Draft, ids: dict[str, str]) -> None:
    one_way = []
    for moves, table, what in ((m.army_moves(), d.army, "army"), (m.fleet_moves(), d.fleet, "fleet")):
        for a, b in moves:
            x, y = _loc(ids, a), _loc(ids, b)
            if d.province_of(x) not in d.provinces or d.province_of(y) not in d.provinces:
                continue
            table.add(tuple(sorted((x, y))))
            if (b, a) not in moves:
                one_way.append(f"{what} {x} → {y}")
    if one_way:
        d.notes.append(f"borders one way only made two-way (borders go both ways here): {', '.join(sorted(one_way))}")


def _dry_coasts(d: Draft) -> None:
    """A coastal province no fleet can reach or leave is inland: a fleet built there could
    never move, and no drawing could show its coast."""
    sailed = {d.province_of(x) for e in d.fleet for x in e}
    for p in d.provinces.values():
        if p.kind == "coast" and p.id not in sailed and not any(d.province_of(c) == p.id for c in d.coasts):
            p.kind = "land"
            d.notes.append(f"'{p.id}' is COAST in the .map, but no fleet can reach it: imported as inland ('land')")


def _nations(m: MapText, d: Draft, ids: dict[str, str]) -> None:
    for p in m.powers:
        name = nation_name(m.written_name.get(p, p))
        if name.lower() in ORDER_WORDS or any(n.name == name for n in d.nations):
            d.notes.append(f"power {m.written_name[p]} is called {name}X here")
            name += "X"
        if m.written_name.get(p, p) != name.upper():
            d.notes.append(f"power {m.written_name[p]} is {name} here (a nation's name is one word of letters)")
        homes = [pid for pid in (ids.get(m.province(h), h.lower()) for h in m.homes.get(p, []))
                 if pid in d.provinces]
        centres = [ids.get(m.province(c), c.lower()) for c in m.start_centres(p)]
        units = [f"{u[0]} {_loc(ids, u[2:])}" for u in m.units.get(p, [])]
        d.nations.append(DraftNation(name, adjective_of(m.adjective.get(p, p)), homes,
                                     [c for c in centres if c in d.provinces], units, neutral=p in m.dummies))
    _neutral_powers(d)


def _neutral_powers(d: Draft) -> None:
    """A ``DUMMY`` power is played by nobody in the package (known_world_901's NEUTRAL-STATE:
    49 units and centres): here it is the neutral power (RULES.md §12), its units placed to
    hold, its centres neutral until taken. A variant has one neutral power: a second DUMMY's
    units join the first's."""
    found = [n for n in d.nations if n.neutral]
    if not found:
        return
    neutral = found[0]
    for other in found[1:]:
        neutral.units += other.units
        d.nations.remove(other)
    neutral.neutral = True
    centres = sorted({c for n in found for c in n.centres})
    neutral.homes, neutral.centres = [], []
    d.notes.append(f"DUMMY {', '.join(n.name for n in found)}: a power nobody plays in the package is the "
                   f"neutral power {neutral.name} here: its {len(neutral.units)} units hold and are "
                   f"disbanded when dislodged, and its {len(centres)} centres count for no nation until taken")

def _rules(m: MapText, d: Draft) -> None:
    words = m.phase.split()
    if len(words) == 3 and (words[0] != "SPRING" or words[2] != "MOVEMENT"):
        d.notes.append(f"the game starts in {m.phase.title()} in the package; here every game starts with "
                       f"Spring movement of {m.first_year}")
    for rule in dict.fromkeys(m.rules):
        if rule == "BUILD_ANY":
            d.build_anywhere = True   # RULES.md §12
            d.notes.append("rule BUILD_ANY carried over: a nation builds in any centre it owns "
                           "(build_anywhere in variant.json)")
        else:
            d.notes.append(f"rule {rule} is not carried over")
    if len(m.victory) > 1:
        d.notes.append(f"VICTORY {' '.join(map(str, m.victory))}: the count to win drops year by year in the "
                       f"package; here it stays {m.victory[0]}")
