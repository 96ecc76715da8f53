"""Parlance's variant files (``.cfg``): INI-style sections with DAIDE tokens, and no geometry.

    [variant]     name=sailho  description=Sail Ho!  start=SPR 1901  judge=standard  [base=standard]
    [powers]      EST=East,Eastern                      (token=name,adjective)
    [provinces]   AEO=Village of Aeolus                 (token=full name)
    [homes]       EST=AMA,CEN   UNO=APH,ARE             (UNO: neutral supply centres)
    [ownership]   EST=AMA,CEN                           (centres held at the start)
    [positions]   EST=FLT AMA,AMY CEN   RUS=FLT STP SCS (units; a coast after the province)
    [borders]     AEO=AMY CHI MID, FLT CHI GLI          (who crosses to where)
                  HES=AMY LES, (FLT NCS) LES SOA, (FLT SCS) FIR LES   (a fleet on each coast)
                  APH=FLT (PSY ECS) SCH                 (to a coast of another province)

A province with only ``AMY`` borders is inland, with only ``FLT`` borders a sea, with both a
coast. ``base=NAME`` starts from another variant: ``NAME.cfg`` beside the file, else the
variant of that name here (its provinces matched by id or alias, its nations by name), and
the sections the file has replace the base's.

    >>> from pathlib import Path
    >>> d = read_cfg(Path("tests/variants/data/isthmus.cfg"))
    >>> [n.name for n in d.nations]
    ['North', 'South']
"""

from __future__ import annotations

import re
from pathlib import Path

from .draft import Draft, DraftNation, DraftProvince, adjective_of, nation_name, variant_id

COASTS = {"NCS": "nc", "SCS": "sc", "ECS": "ec", "WCS": "wc"}
SEASONS = {"SPR": "Spring", "SUM": "Summer", "FAL": "Fall", "AUT": "Autumn", "WIN": "Winter"}


class CfgError(ValueError):
    """The file cannot be read as a Parlance variant; the message names the file and line."""


def _sections(path: Path) -> dict[str, dict[str, str]]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise CfgError(f"{path}: {e.strerror or e}") from None
    out: dict[str, dict[str, str]] = {}
    current = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if raw.lstrip().startswith("#") else raw.strip()
        if not line:
            continue
        m = re.fullmatch(r"\[([A-Za-z_]+)\]", line)
        if m:
            current = out.setdefault(m.group(1).lower(), {})
            continue
        if current is None or "=" not in line:
            raise CfgError(f"{path} line {no}: expected '[section]' or 'KEY=value', found: {line[:60]}")
        key, _, value = line.partition("=")
        current[key.strip()] = value.strip()
    if "variant" not in out:
        raise CfgError(f"{path}: no [variant] section: not a Parlance variant file")
    return out


def _merged(path: Path, seen: tuple[Path, ...] = ()) -> tuple[dict[str, dict[str, str]], str | None, list[str]]:
    """The file's sections over those of its base file; the base it names when no file
    of that name is beside it (then a variant here stands in)."""
    sections = _sections(path)
    base = sections["variant"].get("base")
    if not base:
        return sections, None, []
    other = path.parent / f"{base}.cfg"
    if not other.is_file():
        return sections, base, []
    if other.resolve() in seen:
        raise CfgError(f"{path}: base '{base}' is read twice (a variant cannot be built on itself)")
    under, outer, notes = _merged(other, seen + (path.resolve(),))
    merged = {k: dict(v) for k, v in under.items()}
    for name, content in sections.items():
        merged[name] = dict(content) if name != "variant" else {**merged.get("variant", {}), **content}
    return merged, outer, notes + [f"built on {other.name} (its sections the file does not have are kept)"]


def read_cfg(path: Path) -> Draft:
    """The variant data of a Parlance ``.cfg`` file; what cannot be carried over is in the notes."""
    sections, base_name, notes = _merged(path)
    meta = sections["variant"]
    name = variant_id(meta.get("name") or path.stem)
    d = Draft(name=name, title=f"{meta.get('description') or name} (imported)",
              description=f"Imported from {path.name} (a Parlance variant).", notes=notes)
    tokens: dict[str, str] = {}
    if base_name is not None:
        tokens = _from_variant_here(base_name, d)
    _start(meta, d, path)
    if meta.get("judge", "standard") != "standard":
        d.notes.append(f"judge '{meta['judge']}' (its rules) is not carried over: the rules here are the standard ones")
    if "borders" in sections:
        _borders(sections, d, path)
    elif base_name is None:
        raise CfgError(f"{path}: no [borders] section and no base variant: the map is missing")
    if "borders" in sections:
        tokens = {}
    _names(sections, d)
    _nations(sections, d, path, tokens)
    return d


def _start(meta: dict[str, str], d: Draft, path: Path) -> None:
    start = meta.get("start", "SPR 1901").split()
    if len(start) != 2 or not start[1].lstrip("-").isdigit():
        raise CfgError(f"{path}: [variant] start '{meta.get('start')}' is not like 'SPR 1901'")
    year = int(start[1])
    if not 1 <= year <= 9000:
        d.notes.append(f"start year {year} cannot be a year here (1 to 9000): the game starts in 1")
        year = 1
    d.first_year = year
    if start[0].upper() != "SPR":
        d.notes.append(f"the game starts in {SEASONS.get(start[0].upper(), start[0])} in the file; here every "
                       "game starts with Spring movement")


def _loc(token: str, coast: str | None = None) -> str:
    return token.lower() + (f"/{COASTS.get(coast.upper(), coast.lower())}" if coast else "")


def _targets(words: str) -> list[str]:
    """``(PSY ECS) SCH`` → ``["psy/ec", "sch"]``."""
    return [_loc(m.group(1), m.group(2)) if m.group(1) else _loc(m.group(3))
            for m in re.finditer(r"\(\s*([A-Za-z0-9]+)\s+([A-Za-z]+)\s*\)|([A-Za-z0-9]+)", words)]


def _borders(sections, d: Draft, path: Path) -> None:
    army: set[tuple[str, str]] = set()
    fleet: set[tuple[str, str]] = set()
    kinds: dict[str, set[str]] = {}
    coasts: set[str] = set()
    d.provinces.clear()
    d.coasts.clear()
    for prov, value in sections["borders"].items():
        p = prov.lower()
        kinds.setdefault(p, set())
        for segment in value.split(","):
            segment = segment.strip()
            m = re.match(r"^(AMY|FLT)\b(.*)$|^\(\s*FLT\s+([A-Za-z]+)\s*\)(.*)$", segment)
            if not m:
                raise CfgError(f"{path}: [borders] {prov}: '{segment}' is not 'AMY …', 'FLT …' or '(FLT NCS) …'")
            if m.group(1) == "AMY":
                kinds[p].add("army")
                army |= {(p, t) for t in _targets(m.group(2))}
            elif m.group(1) == "FLT":
                kinds[p].add("fleet")
                fleet |= {(p, t) for t in _targets(m.group(2))}
            else:
                here = _loc(prov, m.group(3))
                coasts.add(here)
                kinds[p].add("fleet")
                fleet |= {(here, t) for t in _targets(m.group(4))}
    for p, k in kinds.items():
        kind = "coast" if k == {"army", "fleet"} else "sea" if k == {"fleet"} else "land"
        d.provinces[p] = DraftProvince(p, p.upper(), kind)
    for c in sorted(coasts):
        d.coasts[c] = c
    unknown = sorted({t for _, t in army | fleet if t.split("/")[0] not in d.provinces})
    if unknown:
        raise CfgError(f"{path}: [borders] names {', '.join(unknown[:6])}, which have no borders of their own")
    one_way = []
    for moves, table, what in ((army, d.army, "army"), (fleet, d.fleet, "fleet")):
        for a, b in moves:
            if a.split("/")[0] == b.split("/")[0]:
                d.notes.append(f"[borders] {what} {a} → {b}: a province does not border itself; left out")
                continue
            table.add(tuple(sorted((a, b))))
            if (b, a) not in moves:
                one_way.append(f"{what} {a} → {b}")
    if one_way:
        d.notes.append(f"borders one way only made two-way (borders go both ways here): {', '.join(sorted(one_way)[:10])}"
                       + (" …" if len(one_way) > 10 else ""))


def _names(sections, d: Draft) -> None:
    for token, full in sections.get("provinces", {}).items():
        p = d.provinces.get(token.lower())
        if p is not None and full:
            p.name = full
    for c in d.coasts:
        prov, coast = c.split("/")
        d.coasts[c] = f"{d.provinces[prov].name} ({coast})"


def _nations(sections, d: Draft, path: Path, tokens: dict[str, str]) -> None:
    powers = sections.get("powers", {})
    homes = sections.get("homes", {})
    owned = sections.get("ownership", {})
    units = sections.get("positions", {})
    power_tokens = list(dict.fromkeys([*powers, *(t for t in (*homes, *owned, *units) if t != "UNO")]))
    if base_nations := {n.name.upper()[:3]: n for n in d.nations}:
        d.nations = []
    else:
        base_nations = {}

    def places(value: str) -> list[str]:
        out = []
        for t in re.split(r"[,\s]+", value.strip()):
            if t:
                p = tokens.get(t.upper(), t.lower())
                if p not in d.provinces:
                    raise CfgError(f"{path}: '{t}' is no province of the map")
                out.append(p)
        return out

    centres = set()
    for value in (*homes.values(), *owned.values()):
        centres |= set(places(value))
    for p in d.provinces.values():
        p.centre = p.id in centres or p.centre
    for token in power_tokens:
        written = powers.get(token, "")
        words = [w.strip() for w in written.split(",")] if written else []
        inherited = base_nations.get(token.upper()[:3])
        name = nation_name(words[0]) if words else inherited.name if inherited else nation_name(token)
        adjective = adjective_of(words[1]) if len(words) > 1 else inherited.adjective if inherited else name
        start_units = []
        for unit in (u.strip() for u in units.get(token, "").split(",") if u.strip()):
            m = re.fullmatch(r"(AMY|FLT)\s+([A-Za-z0-9]+)(?:\s+([A-Za-z]+))?", unit)
            prov = tokens.get(m.group(2).upper(), m.group(2).lower()) if m else None
            if prov not in d.provinces:
                raise CfgError(f"{path}: [positions] {token}: '{unit}' is not a unit like 'AMY PAR' or 'FLT STP SCS'")
            start_units.append(f"{'A' if m.group(1) == 'AMY' else 'F'} {_loc(prov, m.group(3))}")
        home = places(homes[token]) if token in homes else (list(inherited.homes) if inherited else [])
        own = places(owned[token]) if token in owned else list(home)
        if token not in units and inherited:
            start_units = list(inherited.units)
        d.nations.append(DraftNation(name, adjective, home, own, start_units))
    if not d.nations:
        raise CfgError(f"{path}: no powers ([powers], [homes] or [positions])")
    # A centre listed under several powers' [homes] stays home to each (RULES.md §12).
    _one_owner_each(d)


def _one_owner_each(d: Draft) -> None:
    """A power with no [ownership] line owns its homes at the start; a shared home (§12)
    that several such powers would own starts neutral instead (a centre has one owner)."""
    claims: dict[str, list[str]] = {}
    for n in d.nations:
        for c in n.centres:
            claims.setdefault(c, []).append(n.name)
    contested = sorted(c for c, names in claims.items() if len(names) > 1)
    if not contested:
        return
    for n in d.nations:
        n.centres = [c for c in n.centres if c not in contested]
    d.notes.append(f"{', '.join(contested)}: home to several powers and owned by none in [ownership], "
                   "so each starts neutral (a centre has one owner at the start)")


def _from_variant_here(base: str, d: Draft) -> dict[str, str]:
    """The base variant's data from a variant here of that name (Parlance's own ``standard``
    is not in the ``parterre`` package)."""
    from app.engine import load_variant, VariantError
    try:
        v = load_variant(base)
    except VariantError:
        raise CfgError(f"base '{base}': no {base}.cfg beside the file and no variant '{base}' here") from None
    d.notes.append(f"base '{base}': no {base}.cfg beside the file; the map of the variant '{base}' here is used "
                   "(its provinces matched by id or alias, its nations by name)")
    for p in v.provinces.values():
        d.provinces[p.id] = DraftProvince(p.id, p.name, p.kind, p.supply_centre, list(p.aliases))
    for c in v.coasts.values():
        d.coasts[c.id] = c.name
    data = v.files["adjacency.json"]
    d.army = {tuple(sorted(e)) for e in data.army}
    d.fleet = {tuple(sorted(e)) for e in data.fleet}
    for n in v.nations.values():
        units = [u.split(" ", 1)[1] for u in v.start_units if u.split(" ", 1)[0] == n.name]
        d.nations.append(DraftNation(n.name, n.adjective, list(n.home_centres), list(v.start_centres.get(n.name, ())),
                                     units, n.colour))
    d.first_year = v.first_year
    tokens = {}
    for p in v.provinces.values():
        for word in (p.id, *p.aliases):
            tokens.setdefault(re.sub(r"[^A-Za-z0-9]", "", word).upper(), p.id)
    return tokens
