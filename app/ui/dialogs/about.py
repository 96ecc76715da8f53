"""Help → About: the version, the licences of the app and of what it is built on, and
where the map comes from.

Versions and licences are read from the installed packages' metadata, so the box tells
what this installation really holds; the map credit is the variant's own (its SVG's
``<title>``), as every map is data."""

from __future__ import annotations

import html
import re
from importlib import metadata

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout

from app.engine import BUILTIN_DIR

from ..icons import app_icon
from ..screen_fit import fit_to_screen

DIST = "fived-diplomacy"
# What the app is built on: (distribution, what it does here).
DEPENDENCIES = (
    ("PySide6-Essentials", "Qt for Python: the window (Qt itself is LGPL-3.0 too)"),
    ("shiboken6", "PySide6's binding generator"),
    ("shapely", "map geometry"),
    ("svgelements", "reading the SVG maps"),
    ("pydantic", "checking variant and save files"),
    ("cryptography", "PIN-sealed hotseat orders"),
    ("platformdirs", "where settings and autosaves live"),
    ("networkx", "the stand-in map of an imported variant"),
    ("Pillow", "the game record's animation (GIF, WebP)"),
    ("websockets", "play across computers"),
)


def version() -> str:
    """The app's version from its package metadata ("development copy" when not installed)."""
    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        return "development copy (not installed)"


def licence_of(dist: str) -> tuple[str, str]:
    """(version, licence) of an installed distribution, from its metadata; "not installed"
    or "not stated" when there is nothing to read."""
    try:
        md = metadata.metadata(dist)
    except metadata.PackageNotFoundError:
        return "", "not installed"
    lic = md.get("License-Expression") or ""
    if not lic:
        text = (md.get("License") or "").strip()
        lic = text if text and len(text) < 80 and "\n" not in text else ""
    if not lic:
        classifiers = [c.rsplit("::", 1)[-1].strip() for c in md.get_all("Classifier") or [] if c.startswith("License ::")]
        lic = ", ".join(classifiers)
    return md.get("Version", ""), lic or "not stated"


def map_credit(variant) -> str:
    """The map's credit line: the ``<title>`` of the variant's SVG map."""
    try:
        head = variant.map_path.read_text(encoding="utf-8")[:4000]
    except OSError:
        return ""
    m = re.search(r"<title>(.*?)</title>", head, re.S)
    return html.unescape(m.group(1)).strip() if m else ""


def about_html(variant=None) -> str:
    rows = "".join(f"<tr><td><b>{html.escape(name)}</b> {html.escape(v)}&nbsp;&nbsp;</td><td>{html.escape(lic)}</td>"
                   f"<td>&nbsp;&nbsp;{html.escape(what)}</td></tr>"
                   for name, what in DEPENDENCIES for v, lic in [licence_of(name)])
    _v, own = licence_of(DIST)
    own = own if own not in ("not installed", "not stated") else "no licence is stated yet (pyproject.toml, no LICENSE file)"
    # a variant of the player's own names its map's source itself; the built-in ones are below
    builtin = variant is None or variant.folder.parent == BUILTIN_DIR
    credit = "" if builtin else map_credit(variant)
    title = variant.title if variant is not None else ""
    return (f"<h2>5D Diplomacy</h2><p>Version {html.escape(version())}</p>"
            "<p>Diplomacy with multiverse time travel: a sandbox, a hotseat table and a map workshop.</p>"
            f"<p><b>Licence of the app:</b> {html.escape(own)}.</p>"
            "<h3>Built on</h3>"
            f"<table>{rows}</table>"
            "<h3>Map data</h3>"
            + (f"<p>This game's map, <b>{html.escape(title)}</b>: {html.escape(credit)}</p>" if credit else "")
            + "<p>The built-in maps' geography: <a href='https://www.naturalearthdata.com/'>Natural Earth</a> 1:50m, public domain "
              "(“Made with Natural Earth”), read through the npm package world-atlas (Mike Bostock, ISC licence) by "
              "the map generator only. Every province line, seed and name of the shipped variants is this project's "
              "own; no other Diplomacy map was copied or traced (docs/map-conventions.md).</p>"
              "<p>Diplomacy was designed by Allan B. Calhamer.</p>")


class AboutDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("About 5D Diplomacy")
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        logo = QLabel()
        logo.setPixmap(app_icon().pixmap(72, 72))
        logo.setAlignment(Qt.AlignTop)
        top.addWidget(logo)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        game = getattr(parent, "game", None)
        self.browser.setHtml(about_html(game.variant if game is not None else None))
        top.addWidget(self.browser, 1)
        lay.addLayout(top)
        bb = QDialogButtonBox(QDialogButtonBox.Close)
        bb.rejected.connect(self.reject)
        lay.addWidget(bb)
        fit_to_screen(self, 720, 580)
