"""A small hand-made variant for the variant rules of RULES.md §12, written into a folder.

    wsea ── isle (a port) ── esea          (fleet edges: west–wsea–isle, west–isle–east, isle–esea–east,
      │   ╲                    │            cape–wsea, cape–west)
    cape ─ west ── hill ──── east
             │  ╲   │    ╱
            mid ── dale ─╯

Avalon (homes west and mid) and Brenn (homes east and mid: ``mid`` is a shared home) play;
Garrison is the neutral power, with an army in ``dale``. Centres: west, east, mid, cape, dale;
Avalon starts owning cape too (no one's home), so it may build there under build-anywhere.
No drawing: the engine does not read one.
"""

from __future__ import annotations

import json
from pathlib import Path


def rules_variant_files(build_anywhere: bool = False, port: bool = True, shared_home: bool = True,
                        neutral: bool = True) -> dict[str, dict]:
    provinces = [
        {"id": "wsea", "name": "West Sea", "kind": "sea"},
        {"id": "esea", "name": "East Sea", "kind": "sea"},
        {"id": "isle", "name": "Isle", "kind": "coast", **({"port": True} if port else {})},
        {"id": "west", "name": "Westmark", "kind": "coast", "supply_centre": True},
        {"id": "east", "name": "Eastmark", "kind": "coast", "supply_centre": True},
        {"id": "cape", "name": "Cape", "kind": "coast", "supply_centre": True},
        {"id": "hill", "name": "Hill", "kind": "land"},
        {"id": "mid", "name": "Middle", "kind": "land", "supply_centre": True},
        {"id": "dale", "name": "Dale", "kind": "land", "supply_centre": True},
    ]
    army = [["cape", "west"], ["west", "hill"], ["hill", "east"], ["west", "mid"], ["mid", "dale"],
            ["hill", "dale"], ["dale", "east"], ["west", "dale"]]
    fleet = [["west", "wsea"], ["cape", "wsea"], ["cape", "west"], ["wsea", "isle"], ["west", "isle"],
             ["isle", "esea"], ["isle", "east"], ["east", "esea"]]
    nations = [
        {"name": "Avalon", "adjective": "Avalonian", "colour": "#c94c4c",
         "home_centres": ["west", "mid"] if shared_home else ["west"]},
        {"name": "Brenn", "adjective": "Brennish", "colour": "#2e5aa8", "home_centres": ["east", "mid"]},
    ]
    units = ["Avalon A west", "Brenn A east"]
    if neutral:
        nations.append({"name": "Garrison", "adjective": "Garrison", "colour": "#777777", "home_centres": [],
                        "neutral": True})
        units.append("Garrison A dale")
    return {
        "variant.json": {"name": "harbour", "title": "Harbour", "map": "map.svg", "victory_centres": 4,
                         **({"build_anywhere": True} if build_anywhere else {})},
        "provinces.json": {"provinces": provinces},
        "adjacency.json": {"army": army, "fleet": fleet},
        "nations.json": {"nations": nations},
        "start.json": {"units": units, "centres": {"Avalon": ["west", "cape"], "Brenn": ["east"]}},
    }


def write_rules_variant(folder: Path, files: dict[str, dict] | None = None, **rules) -> Path:
    """Write the variant (``files``, else :func:`rules_variant_files` with ``rules``) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in (files or rules_variant_files(**rules)).items():
        (folder / name).write_text(json.dumps(content, indent=1), encoding="utf-8")
    (folder / "map.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    return folder


def rules_game(tmp_path: Path, edit=None, **rules):
    """A new game on the variant (``edit`` changes its files first), written under ``tmp_path``."""
    from app.engine.game import Game
    from app.engine.variants.variant import load_variant
    files = rules_variant_files(**rules)
    if edit:
        edit(files)
    return Game.new(load_variant(write_rules_variant(tmp_path / "harbour", files)))


def active_board(game):
    """The key and board of a one-timeline game's active board."""
    key = game.world.active_boards()[0]
    return key, game.world.boards[key]


def play_to_winter(game) -> None:
    """Spring and Fall of the first year with Brenn's army out and back: Avalon, owning cape
    besides its home, then has a build."""
    game.submit_text(["A east - hill"])
    game.submit_text(["A hill - east"])
    assert not active_board(game)[0].turn.is_movement   # a Winter board
