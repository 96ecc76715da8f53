"""A reader of the DPjudge ``.map`` text format, the format of the ``diplomacy`` package's maps.

It follows the format's own rules (so an import agrees with the package's reading) and keeps
everything a variant here can hold; what it cannot is named in :attr:`MapText.notes`.

The format in brief (one directive a line, ``#`` starts a comment):

- ``MAP standard.map`` / ``USE file``: read another map first (a variant built on another);
- ``BEGIN SPRING 1901 MOVEMENT``, ``VICTORY 18``, ``RULE BUILD_ANY``;
- ``Full Name = abbr alias alias…``: the names of a place (``+`` is a space in an alias);
- ``WATER|COAST|PORT|LAND|SHUT place ABUTS place…``: terrain and the borders leaving a place.
  How a neighbour is written says who may cross: ``BUR`` armies and fleets, ``bur`` armies
  only, ``Bur`` fleets only. A province with split coasts is written ``spa`` (its army
  borders) plus ``SPA/NC``, ``SPA/SC`` (each coast's fleet borders). ``AMEND`` changes an
  earlier place (``-XYZ`` removes borders), ``DROP`` removes places;
- ``POWER (ADJECTIVE[:LETTER]) HOME HOME…`` starts a power; ``A PAR`` / ``F STP/SC`` lines
  under it are its units; ``OWNS``/``CENTERS`` its centres at the start when not its homes,
  ``HOME(S)``/``INHABITS`` new homes; ``UNOWNED``/``NEUTRAL`` lists neutral centres;
- ``UNPLAYED POWER…`` removes powers (their homes stay, as neutral centres); ``DUMMY`` marks
  powers nobody plays.

    >>> from pathlib import Path
    >>> m = read_map(Path("tests/variants/data/lakes.map"))
    >>> m.powers, m.first_year
    (['NORTHLAND', 'SOUTHMARK'], 1850)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

TERRAIN = ("WATER", "COAST", "PORT", "LAND", "SHUT")


class MapFormatError(ValueError):
    """The file cannot be read as a ``.map`` file; the message names the file and line."""


@dataclass
class MapText:
    """What a ``.map`` file (and the maps it builds on) says, as the format reads it."""
    path: Path
    files: list[Path] = field(default_factory=list)
    root: str | None = None                                   # the map named by MAP
    phase: str = "SPRING 1901 MOVEMENT"
    victory: list[int] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    place_names: dict[str, str] = field(default_factory=dict)     # abbreviation (upper) -> full name
    aliases: dict[str, list[str]] = field(default_factory=dict)   # abbreviation (upper) -> aliases
    locs: list[str] = field(default_factory=list)                 # places as written (case matters)
    loc_type: dict[str, str] = field(default_factory=dict)        # place as written -> terrain word
    loc_abut: dict[str, list[str]] = field(default_factory=dict)  # place as written -> borders as written
    powers: list[str] = field(default_factory=list)               # in order of declaration
    written_name: dict[str, str] = field(default_factory=dict)    # power -> name as written (NEW-YORK)
    declared_at: dict[str, str] = field(default_factory=dict)     # power -> "file line n" of its first line
    adjective: dict[str, str] = field(default_factory=dict)
    letter: dict[str, str] = field(default_factory=dict)
    homes: dict[str, list[str]] = field(default_factory=dict)
    named_homes: list[str] = field(default_factory=list)          # every centre ever named a home or neutral
    owns: dict[str, list[str]] = field(default_factory=dict)      # OWNS/CENTERS: centres held at the start
    units: dict[str, list[str]] = field(default_factory=dict)     # power -> ["A PAR", "F STP/SC"]
    dummies: list[str] = field(default_factory=list)
    unplayed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    # -- what the format means ---------------------------------------------------------------

    @property
    def first_year(self) -> int:
        words = self.phase.split()
        return int(words[1]) if len(words) == 3 and words[1].lstrip("-").isdigit() else 1901

    def terrain(self, loc: str) -> str | None:
        """The terrain word of a place, whatever case it is asked in."""
        return self.loc_type.get(loc.upper()) or self.loc_type.get(loc.lower()) or self.loc_type.get(loc)

    def abut_list(self, loc: str) -> list[str]:
        """The borders leaving ``loc`` as written (a province with coasts: its army borders)."""
        for key in (loc, loc.upper(), loc.lower()):
            if key in self.loc_abut:
                return self.loc_abut[key]
        return []

    def province(self, loc: str) -> str:
        return loc.split("/")[0].upper()

    def army_can_stand(self, loc: str) -> bool:
        return "/" not in loc and self.terrain(loc) in ("LAND", "COAST", "PORT")

    def fleet_can_stand(self, loc: str) -> bool:
        """Fleets stand on seas and coasts; in a province with split coasts only on a coast."""
        return (self.terrain(loc) in ("WATER", "COAST", "PORT")
                and ("/" in loc or loc.lower() not in self.loc_abut))

    @property
    def centres(self) -> list[str]:
        """Supply centres: every place named a home (of any power, even one removed later),
        neutral, or owned at the start."""
        out = list(dict.fromkeys(self.named_homes))
        for cs in self.owns.values():
            out += [c for c in cs if c not in out]
        return [c for c in out if self.terrain(c) is not None]

    def start_centres(self, power: str) -> list[str]:
        return list(self.owns[power]) if power in self.owns else list(self.homes.get(power, []))

    def army_moves(self) -> set[tuple[str, str]]:
        """(from, to) province pairs an army may cross, one way each, as the format reads it."""
        out = set()
        for loc in self.locs:
            if not self.army_can_stand(loc):
                continue
            for dest in self.abut_list(loc):
                there = self.province(dest)
                if dest == dest.title() and dest != dest.lower():
                    continue  # 'Bal': fleets only
                if self.terrain(there) in ("WATER", "SHUT", None) or there == self.province(loc):
                    continue
                out.add((self.province(loc), there))
        return out

    def fleet_moves(self) -> set[tuple[str, str]]:
        """(from, to) place pairs a fleet may sail, one way each (coasts as ``SPA/NC``)."""
        out = set()
        for loc in self.locs:
            if not self.fleet_can_stand(loc):
                continue
            for dest in self.abut_list(loc):
                if not dest[0].isupper():
                    continue  # 'bur': armies only
                target = dest.upper()
                if self.terrain(target) in ("LAND", "SHUT", None) or target not in self.loc_type:
                    continue
                if self.province(target) != self.province(loc):
                    out.add((loc.upper(), target))
        return out


def read_map(path: Path, search: list[Path] | None = None) -> MapText:
    """Read ``path`` (and the maps it names with ``MAP``/``USE``, looked for beside it, then in
    the folders of ``search``)."""
    out = MapText(path=path)
    _Reader(out, search or []).read(path)
    _finish(out)
    return out


class _Reader:
    def __init__(self, out: MapText, search: list[Path]):
        self.m = out
        self.search = search
        self.power: str | None = None   # the power the unit and OWNS lines belong to
        self.inhabits: set[str] = set()

    def read(self, path: Path) -> None:
        m = self.m
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as e:
            raise MapFormatError(f"{path}: {e.strerror or e}") from None
        m.files.append(path)
        for no, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                self.line(path, no, line)
            except _NotUnderstood as e:
                m.notes.append(f"{path.name} line {no}: not understood, left out: {line[:80]}"
                               + (f" ({e})" if str(e) else ""))

    def line(self, path: Path, no: int, line: str) -> None:
        m = self.m
        words = line.split()
        head = words[0].upper()
        where = f"{path.name} line {no}"
        if head == "VICTORY":
            try:
                m.victory = [int(w) for w in words[1:]]
            except ValueError:
                raise _NotUnderstood("VICTORY takes numbers") from None
        elif head in ("MAP", "USE", "USES"):
            if head == "MAP":
                if len(words) != 2:
                    raise _NotUnderstood("MAP names one map")
                m.root = m.root or words[1].split(".")[0]
            for name in words[1:]:
                self.include(path, where, name if "." in name else name + ".map")
        elif head == "BEGIN":
            m.phase = " ".join(words[1:]).upper()
        elif head in ("RULE", "RULES"):
            m.rules += [w.upper() for w in words[1:]]
        elif "=" in line:
            self.names(where, line)
        elif head in ("OWNS", "CENTERS") and self.power:
            centres = [w.upper() for w in words[1:]]
            if head == "CENTERS" or self.power not in m.owns:
                m.owns[self.power] = centres
            else:
                m.owns[self.power] += [c for c in centres if c not in m.owns[self.power]]
        elif head in ("INHABITS", "HOME", "HOMES") and self.power:
            reset = head != "INHABITS" or self.power not in self.inhabits
            self.inhabits.add(self.power)
            self.add_homes(self.power, words[1:], reset)
        elif head == "UNITS" and self.power:
            m.units[self.power] = []
        elif head in ("A", "F") and self.power:
            if len(words) != 2:
                raise _NotUnderstood("a unit line is 'A PAR' or 'F STP/SC'")
            unit = f"{head} {words[1].upper()}"
            for units in m.units.values():   # a place holds one unit: a later line replaces it
                units[:] = [u for u in units if m.province(u[2:]) != m.province(unit[2:])]
            m.units.setdefault(self.power, []).append(unit)
        elif head in ("A", "F"):
            raise _NotUnderstood("a unit before any power")
        elif head in ("DUMMY", "DUMMIES"):
            self.dummy(words)
        elif head == "DROP":
            for place in words[1:]:
                self.drop(place.upper())
        elif head in TERRAIN + ("AMEND",) and len(words) > 1:
            self.terrain(where, head, words)
        elif head == "UNPLAYED":
            self.unplayed(words)
        else:
            self.power_line(where, words)

    def include(self, path: Path, where: str, name: str) -> None:
        m = self.m
        places = [path.parent / name] + [Path(d) / name for d in self.search]
        found = next((p for p in places if p.is_file()), None)
        if found is None:
            raise MapFormatError(f"{where}: '{name}' is not beside {path.name}"
                                 + (" nor in the installed diplomacy package" if self.search else ""))
        if any(found.resolve() == f.resolve() for f in m.files):
            raise MapFormatError(f"{where}: '{name}' is read twice (a map cannot include itself)")
        self.read(found)
        self.power = None

    def names(self, where: str, line: str) -> None:
        m = self.m
        name, _, rest = line.partition("=")
        ids = rest.split()
        if not ids:
            raise _NotUnderstood("no abbreviation after '='")
        if "->" in name:
            m.notes.append(f"{where}: the rename '{name.strip()}' is not supported (as in the package)")
            name = name.split("->")[-1]
        abbr = ids[0].upper()
        m.place_names.setdefault(abbr, name.strip())
        m.aliases.setdefault(abbr, [])
        m.aliases[abbr] += [a for a in ids[1:] if a not in m.aliases[abbr]]

    def add_homes(self, power: str, homes: list[str], reset: bool) -> None:
        m = self.m
        if reset or power not in m.homes:
            m.homes[power] = []
        for word in " ".join(homes).upper().split():
            remove = word.startswith("-")
            home = word.lstrip("-")
            if not home:
                continue
            if home in m.homes[power]:
                m.homes[power].remove(home)
            m.named_homes.append(home)
            if not remove:
                m.homes[power].append(home)

    def dummy(self, words: list[str]) -> None:
        m = self.m
        rest = [w.upper() for w in words[1:]]
        if not rest:
            targets = [self.power] if self.power else []
        elif rest[0] != "ALL":
            targets = [_power_key(w) for w in rest]
        elif len(rest) >= 3 and rest[1] == "EXCEPT":
            spared = {_power_key(w) for w in rest[2:]}
            targets = [p for p in m.powers if p not in spared]
        else:
            targets = list(m.powers)
        if rest:
            self.power = None
        m.dummies += [p for p in targets if p not in m.dummies]

    def drop(self, place: str) -> None:
        m = self.m
        gone = [loc for loc in m.locs if loc.upper().startswith(place)]
        for loc in gone:
            m.locs.remove(loc)
            m.loc_type.pop(loc, None)
            m.loc_abut.pop(loc, None)
        for loc in m.loc_abut:
            m.loc_abut[loc] = [a for a in m.loc_abut[loc] if not a.upper().startswith(place)]
        for table in (m.homes, m.owns):
            for power in table:
                table[power] = [c for c in table[power] if not c.startswith(place)]
        m.named_homes = [c for c in m.named_homes if not c.startswith(place)]
        for power in m.units:
            m.units[power] = [u for u in m.units[power] if not u[2:].startswith(place[:3])]

    def terrain(self, where: str, head: str, words: list[str]) -> None:
        m = self.m
        place, other = words[1], words[1].swapcase()
        if len(words) > 2 and words[2].upper() != "ABUTS":
            raise _NotUnderstood("the word after the place is ABUTS")
        if other in m.loc_type and other != place:
            m.locs.remove(other)
            if head == "AMEND":
                m.loc_type[place] = m.loc_type[other]
                m.loc_abut[place] = m.loc_abut.get(other, [])
            del m.loc_type[other]
            m.loc_abut.pop(other, None)
        if place in m.locs:
            m.locs.remove(place)
        if head == "AMEND" and place not in m.loc_type:
            m.notes.append(f"{where}: AMEND of '{place}', which no earlier line defines: left out")
            return
        m.locs.append(place)
        if head != "AMEND":
            m.loc_type[place] = head
            if len(words) > 2 or place not in m.loc_abut:
                m.loc_abut[place] = []
        for dest in words[3:]:
            if dest.startswith("-"):
                m.loc_abut[place] = [a for a in m.loc_abut[place] if not a.upper().startswith(dest[1:].upper())]
            else:
                m.loc_abut[place].append(dest)

    def unplayed(self, words: list[str]) -> None:
        m = self.m
        rest = [w.upper() for w in " ".join(words[1:]).replace(",", " ").split()]
        if not rest:
            goners = [self.power] if self.power else []
        elif rest[0] != "ALL":
            goners = [_power_key(w) for w in rest]
        elif len(rest) >= 3 and rest[1] == "EXCEPT":
            spared = {_power_key(w) for w in rest[2:]}
            goners = [p for p in m.powers if p not in spared]
        else:
            goners = list(m.powers)
        for p in goners:
            remove_power(m, p)
        self.power = None

    def power_line(self, where: str, words: list[str]) -> None:
        m = self.m
        head = words[0].upper()
        if head in ("NEUTRAL", "CENTERS"):
            head = "UNOWNED"
        if len(words) > 2 and words[1] == "->":
            m.notes.append(f"{where}: renaming a power is not supported (as in the package): "
                           f"{' '.join(words[:3])}")
            words = words[2:]
            head = words[0].upper()
        if not re.fullmatch(r"[A-Z][A-Z0-9_-]*", head):
            raise _NotUnderstood("")
        rest = words[1:]
        if head == "UNOWNED":
            self.power = None
            self.add_homes("UNOWNED", rest, False)
            return
        power = _power_key(head)
        adjective = None
        if rest and rest[0].startswith("("):
            adjective, rest = rest[0].strip("()"), rest[1:]
        homes = [w.upper().lstrip("-") for w in rest]
        if homes and not all(re.fullmatch(r"[A-Z0-9]{2,5}(/[A-Z]{2})?", h) for h in homes):
            raise _NotUnderstood("")
        if power not in m.powers:
            m.powers.append(power)
            m.written_name[power] = head
            m.declared_at.setdefault(power, where)
        if adjective is not None:
            word, _, letter = adjective.partition(":")
            m.adjective[power] = word or head
            if letter:
                m.letter[power] = letter[:1].upper()
        else:
            m.adjective.setdefault(power, head)
        reset = power in self.inhabits
        self.inhabits.discard(power)
        self.add_homes(power, rest, reset)
        self.power = power


class _NotUnderstood(ValueError):
    pass


def _power_key(word: str) -> str:
    """How the format compares power names: upper case, without spaces or hyphens
    (``NEW-YORK`` is the package's ``NEWYORK``)."""
    return re.sub(r"[\s-]", "", word.upper())


def remove_power(m: MapText, power: str) -> None:
    """What ``UNPLAYED POWER`` does: the power, its units and its centres at the start go;
    its homes stay supply centres, neutral now."""
    key = _power_key(power)
    match = next((p for p in m.powers if p == key), None)
    if match is None:
        m.notes.append(f"UNPLAYED {power}: no such power")
        return
    m.powers.remove(match)
    for table in (m.homes, m.owns, m.units, m.adjective, m.letter):
        table.pop(match, None)
    m.dummies = [p for p in m.dummies if p != match]
    m.unplayed.append(m.written_name.get(match, match))


def _finish(m: MapText) -> None:
    """What the format checks once everything is read."""
    if not m.loc_type:
        raise MapFormatError(f"{m.path}: no 'COAST|LAND|WATER|PORT|SHUT place ABUTS …' line: not a .map "
                             "file of the diplomacy package")
    if not m.powers:
        raise MapFormatError(f"{m.path}: no power ('NAME (ADJECTIVE) HOME …') defined")
    for loc in m.locs:
        if "/" in loc and m.terrain(m.province(loc)) is None:
            raise MapFormatError(f"{m.path}: '{loc}' is a coast of '{m.province(loc)}', which is no place of the map "
                                 f"(no 'COAST {m.province(loc)} ABUTS …' line)")
    for p in list(m.powers):
        homes = m.homes.get(p, [])
        bad = [h for h in homes if m.terrain(h) is None]
        if bad and len(bad) == len(homes) and not m.units.get(p):
            # the format reads any other line as a power; one with no place at all was no power
            m.notes.append(f"{m.declared_at[p]}: not understood, left out: '{m.written_name[p]} "
                           f"{' '.join(homes)}' ({', '.join(bad)}: no such place)")
            remove_power(m, p)
            m.unplayed.pop()
        elif bad:
            m.notes.append(f"{m.declared_at[p]}: home {', '.join(bad)} of {m.written_name[p]} is no place "
                           "of the map: left out")
            m.homes[p] = [h for h in homes if h not in bad]
    if not m.powers:
        raise MapFormatError(f"{m.path}: no power ('NAME (ADJECTIVE) HOME …') defined")
