"""How a thrown piece flies, bounces and slides (RULES.md §9, "Throwing").

Everything is in map units (the SVG ``viewBox`` of the board, y grows downwards). The
board lies on a table; the players sit at the front edge of the table, below the board,
and throw from the :attr:`Table.launch` point. A throw is an aim (radians, 0 = straight
at the board, positive = to the right) and a strength (0 … 1):

1. the piece flies and **bounces once on the table** in front of the board (the rule
   demands it; the first arc is always short enough to land on the table);
2. it hops a second, lower arc, during which it passes over other pieces;
3. it **slides** with friction until it stops; sliding pieces strike pieces in their way
   (equal discs, a slightly inelastic collision), which then slide too — a chain of pushes.

A seeded random spread is applied to the aim and speed at release and again at the
bounce, so the same throw with the same seed always ends in the same place, and two
different seeds spread a little.

>>> table = Table.for_board((0.0, 0.0, 1000.0, 981.0))
>>> import random
>>> landing = simulate(table, {}, 0, aim_at(table, (500.0, 500.0)), random.Random(1))
>>> x, y = landing.rests[0]
>>> abs(x - 500) < 60 and abs(y - 500) < 60
True

Resting positions are rounded to 1/100 of a map unit so that a recorded game (JSON)
replays bit for bit.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Mapping

# Tuned so that strength 0 stops short on the table and strength 1 slides past the far
# edge of the board straight ahead (see `reach`).
FIRST_BOUNCE = (0.30, 0.50)    # first bounce at (a + b * strength) × table depth
HOP_TIME = 0.25                # seconds in the air after the bounce
FIRST_ARC_TIME = 0.35          # seconds in the air before the bounce
# Speeds and friction are for a board 981 map units tall (the standard map) and scale with
# the board's height (Table.scale), so that every board is crossed alike.
FRICTION = 900.0               # deceleration while sliding, map units / s²
SPEED = (380.0, 1330.0)        # speed after the bounce at strength 0 and 1
REFERENCE_HEIGHT = 981.0
RESTITUTION = 0.85             # of a disc-on-disc strike (1 = perfectly elastic)
MAX_AIM = math.radians(80)
SPREAD_AIM = 0.010             # standard deviations: radians at release and at the bounce
SPREAD_SPEED = 0.02            # relative, at release
FRAME_RATE = 60.0              # recorded frames per second of flight (for the animation)
MAX_TIME = 8.0                 # a slide never lasts longer (safety net)


ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Table:
    """The board and the table around it, in *table units*: map units, turned with the
    board (see ``rotation``), y growing away from the players.

    ``board`` is (x, y, width, height) of the board; the table extends ``depth`` below it,
    where the players sit; ``radius`` is a piece's footprint (a unit marker's size).
    ``rotation`` is how far the board is turned on the table, clockwise (0, 90, 180 or 270
    degrees: RULES.md §9, "Rotating the board"), about ``centre``, the map's middle; the
    physics runs in table units and :meth:`to_map` / :meth:`to_table` convert.

    >>> t = Table.for_board((0.0, 0.0, 1000.0, 800.0), rotation=90)
    >>> t.board, t.to_table(1000.0, 400.0), t.to_map(500.0, 900.0)
    ((100.0, -100.0, 800.0, 1000.0), (500.0, 900.0), (1000.0, 400.0))
    """

    board: tuple[float, float, float, float]
    depth: float
    radius: float = 13.0
    rotation: int = 0
    centre: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def for_board(cls, view_box: tuple[float, float, float, float], radius: float = 13.0,
                  rotation: int = 0) -> "Table":
        """The standard table for a board: as deep as 30 % of the board's extent away
        from the players."""
        if rotation not in ROTATIONS:
            raise ValueError(f"the board turns a quarter turn at a time (0, 90, 180 or 270), not {rotation}")
        x, y, w, h = (float(v) for v in view_box)
        if rotation in (90, 270):
            cx, cy = x + w / 2, y + h / 2
            return cls((cx - h / 2, cy - w / 2, h, w), 0.30 * w, radius, rotation, (cx, cy))
        return cls((x, y, w, h), 0.30 * h, radius, rotation, (x + w / 2, y + h / 2))

    def to_table(self, x: float, y: float) -> tuple[float, float]:
        """A map point in table units (rounded to 1/100, like a resting piece)."""
        return self._turn(x, y, self.rotation)

    def to_map(self, x: float, y: float) -> tuple[float, float]:
        """A table point in map units (rounded to 1/100, like a resting piece)."""
        return self._turn(x, y, (360 - self.rotation) % 360)

    def _turn(self, x: float, y: float, degrees: int) -> tuple[float, float]:
        if degrees == 0:
            return x, y
        cx, cy = self.centre
        dx, dy = x - cx, y - cy
        dx, dy = {90: (-dy, dx), 180: (-dx, -dy), 270: (dy, -dx)}[degrees]
        return round(cx + dx, 2), round(cy + dy, 2)

    @property
    def launch(self) -> tuple[float, float]:
        """Where every throw starts: the middle of the table's front edge."""
        x, y, w, h = self.board
        return x + w / 2, y + h + self.depth

    @property
    def scale(self) -> float:
        """Lengths relative to the standard board (speeds and friction scale with it)."""
        return self.board[3] / REFERENCE_HEIGHT

    def on_board(self, x: float, y: float) -> bool:
        """Whether a piece resting with its centre at (x, y) is on the board."""
        bx, by, w, h = self.board
        return bx <= x <= bx + w and by <= y <= by + h


@dataclass(frozen=True)
class Throw:
    """A throw as the player makes it: ``aim`` in radians (0 = straight ahead, positive to
    the right, at most ±80°) and ``strength`` from 0 to 1."""

    aim: float
    strength: float

    def __post_init__(self) -> None:
        if not (-MAX_AIM <= self.aim <= MAX_AIM):
            raise ValueError(f"aim {math.degrees(self.aim):.0f}° is outside ±{math.degrees(MAX_AIM):.0f}°")
        if not (0.0 <= self.strength <= 1.0):
            raise ValueError(f"strength {self.strength} is outside 0 … 1")


@dataclass(frozen=True)
class Frame:
    """One moment of a flight: ``t`` seconds after release, and where each moving piece
    is: ``(piece, x, y, height)`` (height above the table, for the shadow and size)."""

    t: float
    pieces: tuple[tuple[int, float, float, float], ...]


@dataclass(frozen=True)
class Landing:
    """What a throw did: where every piece it moved came to rest (the thrown one and those
    it pushed, on or off the board), which pieces ended off the board (``lost``), where the
    piece bounced on the table, and the frames of the flight (when asked for)."""

    rests: Mapping[int, tuple[float, float]]
    lost: tuple[int, ...]
    bounce: tuple[float, float]
    frames: tuple[Frame, ...] = field(default=(), repr=False)


def speed_for(table: Table, strength: float) -> float:
    return (SPEED[0] + strength * (SPEED[1] - SPEED[0])) * table.scale


def reach(table: Table, strength: float) -> float:
    """How far from the launch point a throw of this strength stops, with no spread and
    nothing in the way: first arc + hop + slide (v² / 2μ)."""
    v = speed_for(table, strength)
    return (table.depth * (FIRST_BOUNCE[0] + FIRST_BOUNCE[1] * strength) + v * HOP_TIME
            + v * v / (2 * FRICTION * table.scale))


def aim_at(table: Table, target: tuple[float, float]) -> Throw:
    """The throw that would stop at ``target`` with no spread and nothing in the way (the
    strength is clamped to 0 … 1 and the aim to ±80°)."""
    lx, ly = table.launch
    dx, dy = target[0] - lx, target[1] - ly
    aim = max(-MAX_AIM, min(MAX_AIM, math.atan2(dx, -dy)))
    dist = math.hypot(dx, dy)
    lo, hi = 0.0, 1.0
    if dist <= reach(table, 0.0):
        return Throw(aim, 0.0)
    if dist >= reach(table, 1.0):
        return Throw(aim, 1.0)
    for _ in range(40):  # reach grows with strength: bisect
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if reach(table, mid) < dist else (lo, mid)
    return Throw(aim, (lo + hi) / 2)


class _Disc:
    __slots__ = ("id", "x", "y", "vx", "vy")

    def __init__(self, pid: int, x: float, y: float, vx: float = 0.0, vy: float = 0.0):
        self.id, self.x, self.y, self.vx, self.vy = pid, x, y, vx, vy


class _Grid:
    """Resting discs bucketed by cell (one cell per disc diameter): a moving disc only
    looks at the 3×3 cells around it."""

    def __init__(self, size: float):
        self.size = size
        self.cells: dict[tuple[int, int], list[_Disc]] = {}

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        return int(math.floor(x / self.size)), int(math.floor(y / self.size))

    def add(self, d: _Disc) -> None:
        self.cells.setdefault(self._cell(d.x, d.y), []).append(d)

    def remove(self, d: _Disc) -> None:
        self.cells[self._cell(d.x, d.y)].remove(d)

    def near(self, x: float, y: float) -> list[_Disc]:
        cx, cy = self._cell(x, y)
        out: list[_Disc] = []
        for i in (cx - 1, cx, cx + 1):
            for j in (cy - 1, cy, cy + 1):
                out.extend(self.cells.get((i, j), ()))
        return out


def simulate(table: Table, resting: Mapping[int, tuple[float, float]], piece: int, throw: Throw,
             rng: random.Random, frames: bool = False) -> Landing:
    """Throw ``piece`` onto a board where ``resting`` pieces lie (piece → centre) and
    return the :class:`Landing`. ``rng`` gives the spread (draws exactly three numbers).
    With ``frames``, the flight is sampled at 60 frames per second for an animation."""
    lx, ly = table.launch
    aim = throw.aim + rng.gauss(0.0, SPREAD_AIM)
    speed = speed_for(table, throw.strength) * (1.0 + rng.gauss(0.0, SPREAD_SPEED))
    deflect = rng.gauss(0.0, SPREAD_AIM)
    d1 = table.depth * (FIRST_BOUNCE[0] + FIRST_BOUNCE[1] * throw.strength)
    ux, uy = math.sin(aim), -math.cos(aim)
    bx, by = lx + ux * d1, ly + uy * d1
    ux, uy = math.sin(aim + deflect), -math.cos(aim + deflect)
    hop = speed * HOP_TIME
    landx, landy = bx + ux * hop, by + uy * hop
    out: list[Frame] = []
    if frames:
        n1 = max(2, int(FIRST_ARC_TIME * FRAME_RATE))
        for k in range(n1):
            s = k / n1
            out.append(Frame(s * FIRST_ARC_TIME, ((piece, lx + (bx - lx) * s, ly + (by - ly) * s,
                                                    4.0 * 60.0 * s * (1 - s)),)))
        n2 = max(2, int(HOP_TIME * FRAME_RATE))
        for k in range(n2):
            s = k / n2
            out.append(Frame(FIRST_ARC_TIME + s * HOP_TIME,
                             ((piece, bx + (landx - bx) * s, by + (landy - by) * s, 4.0 * 25.0 * s * (1 - s)),)))
    t0 = FIRST_ARC_TIME + HOP_TIME
    rests, lost = _slide(table, resting, _Disc(piece, landx, landy, ux * speed, uy * speed), out if frames else None, t0)
    return Landing(rests, lost, (round(bx, 2), round(by, 2)), tuple(out))


def _slide(table: Table, resting: Mapping[int, tuple[float, float]], thrown: _Disc,
           out: list[Frame] | None, t0: float) -> tuple[dict[int, tuple[float, float]], tuple[int, ...]]:
    r = table.radius
    friction = FRICTION * table.scale
    grid = _Grid(2 * r)
    for pid in sorted(resting):
        grid.add(_Disc(pid, *resting[pid]))
    moving = [thrown]
    moved: dict[int, _Disc] = {thrown.id: thrown}
    t, next_frame = 0.0, 0.0
    while moving and t < MAX_TIME:
        vmax = max(math.hypot(d.vx, d.vy) for d in moving)
        dt = min(1.0 / 240.0, (r / 3.0) / vmax) if vmax > 0 else 1.0 / 240.0
        for d in moving:
            sp = math.hypot(d.vx, d.vy)
            nsp = max(0.0, sp - friction * dt)
            # Friction decelerates uniformly: the distance this step is the mean speed × dt.
            k = (sp + nsp) / 2 * dt / sp if sp > 0 else 0.0
            d.x += d.vx * k
            d.y += d.vy * k
            f = nsp / sp if sp > 0 else 0.0
            d.vx *= f
            d.vy *= f
        for d in list(moving):
            for o in grid.near(d.x, d.y):
                if (o.x - d.x) ** 2 + (o.y - d.y) ** 2 < 4 * r * r:
                    grid.remove(o)  # before the strike moves it out of its cell
                    _strike(d, o, r)
                    moving.append(o)
                    moved[o.id] = o
        for i, a in enumerate(moving):
            for b in moving[i + 1:]:
                _strike(a, b, r)
        t += dt
        still = [d for d in moving if d.vx == 0.0 and d.vy == 0.0]
        for d in still:
            moving.remove(d)
            d.x, d.y = round(d.x, 2), round(d.y, 2)
            grid.add(d)
        if out is not None and (t >= next_frame or not moving):
            out.append(Frame(t0 + t, tuple((d.id, d.x, d.y, 0.0) for d in sorted(moved.values(), key=lambda d: d.id))))
            next_frame += 1.0 / FRAME_RATE
    for d in moving:  # the safety net stopped them
        d.x, d.y = round(d.x, 2), round(d.y, 2)
    rests = {pid: (d.x, d.y) for pid, d in sorted(moved.items())}
    lost = tuple(pid for pid, (x, y) in rests.items() if not table.on_board(x, y))
    return rests, lost


def _strike(a: _Disc, b: _Disc, r: float) -> None:
    """If discs ``a`` and ``b`` overlap, push them apart and, when they approach, exchange
    momentum along the line between their centres (equal masses)."""
    dx, dy = b.x - a.x, b.y - a.y
    dist2 = dx * dx + dy * dy
    if dist2 >= 4 * r * r:
        return
    dist = math.sqrt(dist2)
    if dist == 0.0:  # exactly on top: push along a's motion (or straight up)
        sp = math.hypot(a.vx, a.vy)
        nx, ny = (a.vx / sp, a.vy / sp) if sp > 0 else (0.0, -1.0)
    else:
        nx, ny = dx / dist, dy / dist
    overlap = 2 * r - dist
    a.x -= nx * overlap / 2
    a.y -= ny * overlap / 2
    b.x += nx * overlap / 2
    b.y += ny * overlap / 2
    vn = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny
    if vn <= 0:
        return
    j = (1 + RESTITUTION) / 2 * vn
    a.vx -= j * nx
    a.vy -= j * ny
    b.vx += j * nx
    b.vy += j * ny
