"""Checks of a variant's data files against each other (no geometry): unique ids, ids that
are not order words or another province's name, cross-references, home centres, starting
units on legal terrain, the centres against the victory count.

``load_variant`` refuses a variant on the first error found here; ``python -m app variant
check`` prints them all, with the warnings. Each check tolerates the faults the earlier ones
report, so one bad line never hides the others.
"""

from __future__ import annotations

from typing import Iterator

from ..rules.coords import province_of
from ..notation.order_words import ORDER_WORDS
from .problems import Problem
from .variant_model import Variant, parse_unit_text

MIN_NATIONS, MAX_NATIONS = 2, 24


def data_problems(v: Variant) -> list[Problem]:
    """Every problem of the data files, errors first (in file order), then warnings."""
    found = [*_provinces(v), *_ports(v), *_adjacency(v), *_nations(v), *_start(v), *_victory(v)]
    return [p for p in found if p.severity == "error"] + [p for p in found if p.severity == "warning"]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace(".", "").replace("-", " ").split())


def _provinces(v: Variant) -> Iterator[Problem]:
    f = "provinces.json"
    data = v.files[f]
    first: dict[str, int] = {}
    for i, p in enumerate(data.provinces):
        if p.id in first:
            yield Problem(f, f"provinces.{i}.id", f"province '{p.id}' is defined twice "
                          f"(also provinces.{first[p.id]})", provinces=(p.id,))
        else:
            first[p.id] = i
        if p.id in ORDER_WORDS:
            yield Problem(f, f"provinces.{i}.id", f"'{p.id}' is a word of the order notation "
                          "(orders like 'A x - to' could not be read); choose another id", provinces=(p.id,))
    # Every name a player may type must lead to one province.
    owner: dict[str, str] = {}
    for p in data.provinces:
        owner.setdefault(_norm(p.id), p.id)
    for i, p in enumerate(data.provinces):
        for field, name in [("name", p.name), *((f"aliases.{j}", a) for j, a in enumerate(p.aliases))]:
            key = _norm(name)
            where = f"provinces.{i}.{field}"
            if not key:
                yield Problem(f, where, "is empty", provinces=(p.id,))
                continue
            if key in ORDER_WORDS:
                yield Problem(f, where, f"'{name}' is a word of the order notation; choose another",
                              provinces=(p.id,))
            other = owner.setdefault(key, p.id)
            if other != p.id:
                what = "the id" if _norm(other) == key else "a name or alias"
                yield Problem(f, where, f"'{name}' is also {what} of province '{other}' "
                              "(a typed order could not tell them apart)", provinces=(p.id, other))
    seen: dict[str, int] = {}
    for i, c in enumerate(data.coasts):
        where = f"coasts.{i}"
        if c.id in seen:
            yield Problem(f, f"{where}.id", f"coast '{c.id}' is defined twice (also coasts.{seen[c.id]})")
        seen.setdefault(c.id, i)
        if c.province not in v.provinces:
            yield Problem(f, f"{where}.province", f"unknown province '{c.province}'")
            continue
        if province_of(c.id) != c.province:
            yield Problem(f, f"{where}.id", f"coast '{c.id}' must start with '{c.province}/'",
                          provinces=(c.province,))
        kind = v.kinds[c.province]
        if kind != "coast":
            yield Problem(f, f"{where}.province", f"'{c.province}' is {'inland' if kind == 'land' else 'a sea'} "
                          f"(kind '{kind}'): only a coastal province has split coasts", provinces=(c.province,))
    for prov, coasts in v.coasts_of.items():
        if len(coasts) == 1:
            yield Problem(f, "coasts", f"'{prov}' has a single split coast '{coasts[0]}': a province is "
                          "split into two coasts or more, else a fleet stands in the province itself",
                          "warning", provinces=(prov,))


def _adjacency(v: Variant) -> Iterator[Problem]:
    f = "adjacency.json"
    data = v.files[f]
    known = set(v.locations)
    for field, edges in (("army", data.army), ("fleet", data.fleet)):
        listed: set[frozenset[str]] = set()
        for i, (a, b) in enumerate(edges):
            where = f"{field}.{i}"
            unknown = [x for x in (a, b) if x not in known]
            if unknown:
                yield Problem(f, where, f"unknown location '{unknown[0]}'")
                continue
            provs = (province_of(a), province_of(b))
            if provs[0] == provs[1]:
                yield Problem(f, where, f"'{a}' is joined to {'itself' if a == b else repr(b)}, "
                              "in the same province", provinces=provs[:1])
                continue
            if field == "army":
                if a not in v.provinces or b not in v.provinces or "sea" in (v.kind(a), v.kind(b)):
                    yield Problem(f, where, f"army edge {a}-{b} must join land or coast provinces "
                                  "(no coasts, no seas)", provinces=provs)
            else:
                for x in (a, b):
                    if not v.unit_can_stand("F", x):
                        hint = f" (name a coast of {x}: {', '.join(v.coasts_of[x])})" if x in v.coasts_of else ""
                        yield Problem(f, where, f"'{x}' is not a place a fleet can stand{hint}", provinces=provs)
            if frozenset((a, b)) in listed:
                yield Problem(f, where, f"edge {a}-{b} is listed twice", "warning", provinces=provs)
            listed.add(frozenset((a, b)))
    for p, kind in v.kinds.items():
        if kind != "sea" and not v.army_adjacent.get(p) and not any(v.fleet_adjacent.get(x) for x in v.fleet_locations_in(p)):
            yield Problem(f, p, f"province '{p}' has no adjacency: no unit can reach or leave it",
                          "warning", provinces=(p,))


def _nations(v: Variant) -> Iterator[Problem]:
    f = "nations.json"
    data = v.files[f]
    n = sum(1 for nation in data.nations if not nation.neutral)
    if not MIN_NATIONS <= n <= MAX_NATIONS:
        yield Problem(f, "nations", f"{n} nations: a variant has {MIN_NATIONS} to {MAX_NATIONS}"
                      + (" (and a neutral power)" if n < len(data.nations) else ""))
    yield from neutral_power_problems(v)
    first: dict[str, int] = {}
    home_of: dict[str, set[str]] = {}   # a centre may be home to several nations (RULES.md §12)
    for i, nation in enumerate(data.nations):
        if nation.name.lower() in first:
            yield Problem(f, f"nations.{i}.name", f"nation '{nation.name}' is defined twice "
                          f"(also nations.{first[nation.name.lower()]})")
        first.setdefault(nation.name.lower(), i)
        if nation.name.lower() in ORDER_WORDS:
            yield Problem(f, f"nations.{i}.name", f"'{nation.name}' is a word of the order notation")
        if not nation.home_centres:
            yield Problem(f, f"nations.{i}.home_centres", f"{nation.name} has no home centre: it can never build",
                          "warning")
        homes = home_of.setdefault(nation.name, set())
        for c in nation.home_centres:
            where = f"nations.{i}.home_centres"
            if c not in v.supply_centres:
                what = "not a supply centre" if c in v.provinces else "not a province"
                yield Problem(f, where, f"home centre '{c}' of {nation.name} is {what}",
                              provinces=(c,) if c in v.provinces else ())
            elif c in homes:
                yield Problem(f, where, f"'{c}' is listed twice as a home centre of {nation.name}",
                              provinces=(c,))
            homes.add(c)


def _start(v: Variant) -> Iterator[Problem]:
    f = "start.json"
    data = v.files[f]
    owner: dict[str, str] = {}
    for nation, centres in data.centres.items():
        where = f"centres.{nation}"
        if nation not in v.nations:
            yield Problem(f, where, f"unknown nation '{nation}'")
            continue
        for c in centres:
            if c not in v.supply_centres:
                yield Problem(f, where, f"'{c}' is not a supply centre", provinces=(c,) if c in v.provinces else ())
            elif owner.setdefault(c, nation) != nation:
                yield Problem(f, where, f"'{c}' is owned by {owner[c]} and by {nation}: a centre has one owner",
                              provinces=(c,))
    yield from _start_rules(v, owner)
    seen: dict[str, int] = {}
    for i, text in enumerate(data.units):
        try:
            nation, utype, loc = parse_unit_text(text, v)
        except ValueError as e:
            yield Problem(f, f"units.{i}", str(e))
            continue
        prov = province_of(loc)
        if prov in seen:
            yield Problem(f, f"units.{i}", f"two units in {prov} (also units.{seen[prov]})", provinces=(prov,))
        seen.setdefault(prov, i)


def _start_rules(v: Variant, owner: dict[str, str]) -> Iterator[Problem]:
    """Who holds what at the start: each nation its own homes and units of its own."""
    f = "start.json"
    for nation, centres in v.files[f].centres.items():
        for c in centres:
            home = v.home_nation.get(c)
            if (nation in v.nations and home is not None and c not in v.home_centres.get(nation, ())
                    and owner.get(c) == nation):
                yield Problem(f, f"centres.{nation}", f"{nation} starts with '{c}', a home centre of {home}: "
                              f"give it to {home} (or make it a home of {nation}), unless the variant means it",
                              "warning", provinces=(c,))
    sharers: dict[str, list[str]] = {}   # a home centre -> its nations (several: RULES.md §12)
    for nation in v.files["nations.json"].nations:
        for c in dict.fromkeys(nation.home_centres):
            if c in v.supply_centres and c not in owner:
                sharers.setdefault(c, []).append(nation.name)
    for c, names in sharers.items():
        if len(names) == 1:
            yield Problem(f, "centres", f"'{c}', a home centre of {names[0]}, has no owner at the start "
                          f"(list it under centres.{names[0]}): {names[0]} cannot build there",
                          "warning", provinces=(c,))
        else:
            yield Problem(f, "centres", f"'{c}', a home centre shared by {', '.join(names)}, has no owner at the "
                          "start: none of them can build there until it takes it", "warning", provinces=(c,))
    with_units = set()
    for text in v.files[f].units:
        try:
            with_units.add(parse_unit_text(text, v)[0])
        except ValueError:
            pass
    for i, nation in enumerate(v.files["nations.json"].nations):
        if nation.name in with_units or nation.neutral:
            continue
        if any(n == nation.name for n in owner.values()):
            yield Problem(f, "units", f"{nation.name} has no unit at the start (it builds in the first Winter)",
                          "warning")
        else:
            yield Problem(f, "units", f"{nation.name} has no unit and no centre at the start: it is out of the "
                          "game before it begins")


def _ports(v: Variant) -> Iterator[Problem]:
    """A port (RULES.md §12) is a coastal province: a fleet stands in it and convoys from it."""
    for i, p in enumerate(v.files["provinces.json"].provinces):
        if p.port and p.kind != "coast":
            yield Problem("provinces.json", f"provinces.{i}.port", f"'{p.id}' is a port but its kind is "
                          f"'{p.kind}': only a coastal province can be a port", provinces=(p.id,))


def neutral_power_problems(v: Variant) -> Iterator[Problem]:
    """The neutral power (RULES.md §12): one at most; it never builds and owns no centre (its
    centres count for no nation), so it has no home centre and is listed under no centres."""
    f = "nations.json"
    neutral = [(i, n) for i, n in enumerate(v.files[f].nations) if n.neutral]
    for i, nation in neutral[1:]:
        yield Problem(f, f"nations.{i}.neutral", f"{nation.name} is a second neutral power "
                      f"(also {neutral[0][1].name}): a variant has one at most")
    for i, nation in neutral:
        if nation.home_centres:
            yield Problem(f, f"nations.{i}.home_centres", f"{nation.name} is the neutral power: it never "
                          "builds, so it has no home centre")
        if v.files["start.json"].centres.get(nation.name):
            yield Problem("start.json", f"centres.{nation.name}", f"{nation.name} is the neutral power: its "
                          "centres count for no nation, so leave them out of start.json's centres")


def _victory(v: Variant) -> Iterator[Problem]:
    f = "variant.json"
    total = len(v.supply_centres)
    need = v.victory_centres
    if need > total:
        yield Problem(f, "victory_centres", f"{need} centres to win, but the map has only {total} "
                      "supply centres: no one can ever win")
    elif 2 * need <= total:
        yield Problem(f, "victory_centres", f"{need} of {total} centres: two nations could reach the "
                      f"victory count at once (it must be more than half: at least {total // 2 + 1})")
