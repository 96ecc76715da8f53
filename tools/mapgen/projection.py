"""Projection and the designed rubber-sheet warp.

``lonlat -> board`` is three steps:

1. a Lambert conformal conic projection centred on 15°E 52°N (kilometres);
2. a radial "fisheye" that magnifies the crowded centre of Europe and
   compresses Russia, Africa and the Atlantic (monotone, so it never folds);
3. a smooth displacement field interpolated (Gaussian radial basis) from a few
   dozen designed control points (``WARP_POINTS`` of the design), which nudges single
   regions: it opens up the Low Countries, Denmark, the Balkans and Italy.

The result is scaled into board pixels (the board is ``BOARD_WIDTH`` wide).
"""
from __future__ import annotations

import math

import numpy as np
import shapely

R_EARTH = 6371.0
STANDARD_LCC = (15.0, 52.0, 40.0, 62.0)  # lon0, lat0, standard parallels


def lcc(lon, lat, params=STANDARD_LCC):
    """Lambert conformal conic (spherical), kilometres, arrays in / arrays out.
    ``params``: centre longitude and latitude, then the two standard parallels."""
    LON0, LAT0, PAR1, PAR2 = params
    p1, p2, p0 = map(math.radians, (PAR1, PAR2, LAT0))
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = R_EARTH * f / math.tan(math.pi / 4 + p0 / 2) ** n
    lam = np.radians(np.asarray(lon, float) - LON0)
    phi = np.radians(np.asarray(lat, float))
    rho = R_EARTH * f / np.tan(np.pi / 4 + phi / 2) ** n
    x = rho * np.sin(n * lam)
    y = rho0 - rho * np.cos(n * lam)
    return x, y


class Warp:
    """The full lon/lat -> board pixel mapping (see module docstring)."""

    def __init__(self, fisheye_centre, fisheye_radius, fisheye_strength,
                 control_points, rbf_radius, scale, offset, lenses=(), projection=STANDARD_LCC):
        self.projection = tuple(projection)
        self.cx, self.cy = lcc(*fisheye_centre, self.projection)
        self.R = fisheye_radius
        self.k = fisheye_strength
        self.scale = scale
        self.offset = offset
        self.rbf_radius = rbf_radius
        # lenses: (lon, lat, radius_px, gain): local magnification by 1 + gain
        # at the centre, fading out as a Gaussian (injective for gain < 2)
        self.lenses = []
        for lon, lat, rad, gain in lenses:
            x, y = self._base(np.array([lon]), np.array([lat]))
            x, y = self._lens(x, y)
            self.lenses.append((float(x[0]), float(y[0]), rad, gain))
        # control points: (lon, lat, dx_px, dy_px) displacements in board px
        if control_points:
            cp = np.array([(c[0], c[1]) for c in control_points], float)
            d = np.array([(c[2], c[3]) for c in control_points], float)
            x, y = self._lens(*self._base(cp[:, 0], cp[:, 1]))
            self.cpx = np.stack([x, y], 1)
            phi = self._kernel(self.cpx[:, None, :], self.cpx[None, :, :])
            self.weights = np.linalg.solve(phi + 1e-9 * np.eye(len(cp)), d)
        else:
            self.cpx = None

    def _kernel(self, a, b):
        r2 = ((a - b) ** 2).sum(-1)
        return np.exp(-r2 / self.rbf_radius ** 2)

    def _base(self, lon, lat):
        x, y = lcc(lon, lat, self.projection)
        dx, dy = x - self.cx, y - self.cy
        r = np.hypot(dx, dy)
        # r' = R * ln(1 + k r / R) / k : slope 1 at the centre, 1/(1+k r/R) far out
        rr = self.R * np.log1p(self.k * r / self.R) / self.k
        s = np.where(r > 0, rr / np.where(r > 0, r, 1), 1.0)
        px = dx * s * self.scale + self.offset[0]
        py = -dy * s * self.scale + self.offset[1]
        return px, py

    def _lens(self, px, py):
        for cx, cy, rad, gain in self.lenses:
            dx, dy = px - cx, py - cy
            f = 1 + gain * np.exp(-(dx * dx + dy * dy) / rad ** 2)
            px, py = cx + dx * f, cy + dy * f
        return px, py

    def __call__(self, lon, lat):
        px, py = self._base(lon, lat)
        px, py = self._lens(px, py)
        if self.cpx is None:
            return px, py
        pts = np.stack([px, py], -1)
        phi = self._kernel(pts[:, None, :], self.cpx[None, :, :])
        d = phi @ self.weights
        return px + d[:, 0], py + d[:, 1]

    def geometry(self, geom):
        """Transform a shapely geometry given in lon/lat."""
        def f(coords):
            x, y = self(coords[:, 0], coords[:, 1])
            return np.stack([x, y], 1)
        return shapely.transform(geom, f)
