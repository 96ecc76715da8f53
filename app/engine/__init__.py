"""The engine: the rules of 5D Diplomacy in pure Python (no Qt), in rooms by concern.

- :mod:`.rules` — the world and its boards, orders, adjudication, retreats and adjustments;
  :func:`~.rules.submission.submit` is a submission's whole path through them.
- :mod:`.notation` — orders and boards as text: the notation, pasted orders, transcripts.
- :mod:`.saves` — save files: writing and reading a game, checked, and its replay check.
- :mod:`.variants` — variants as data: their files, models, checks and where they live.
- :mod:`.civ` — civilisations (RULES.md section 10): nations per game, contacts, gifts; the
  core reaches them only through its seam, :mod:`.rules.extension`.
- :mod:`.scenarios` — scenarios: a start, its steps and what is expected of them.
- :mod:`.fog` — fog of war: what each nation sees.
- :mod:`.game` — a game: its worlds, submissions and save file, tying the rooms together.

The other layers (match, bots, winks, variants, ui, tools, benchmarks) take what they use
from here: ``from app.engine import Game, World, BoardKey``. Each name is imported from its
room when first asked for, so importing this package costs nothing (start-up time).
"""

from __future__ import annotations

_WHERE = {
    # game
    "Game": "game", "GameFileError": "game",
    # rules.adjacency
    "adjacent_board_keys": "rules.adjacency", "convoy_step": "rules.adjacency",
    "reaches": "rules.adjacency",
    # rules.coords
    "BoardKey": "rules.coords", "Location": "rules.coords", "parse_timeline": "rules.coords",
    "province_of": "rules.coords", "Season": "rules.coords", "Space": "rules.coords",
    "Turn": "rules.coords",
    # rules.dates
    "Calendar": "rules.dates", "YEARS": "rules.dates",
    # rules.history
    "unindex_orders": "rules.history",
    # rules.next_boards
    "next_units": "rules.next_boards",
    # rules.orders
    "Build": "rules.orders", "Convoy": "rules.orders", "Disband": "rules.orders",
    "Hold": "rules.orders", "Move": "rules.orders", "Order": "rules.orders",
    "Result": "rules.orders", "Retreat": "rules.orders", "Support": "rules.orders",
    "Unit": "rules.orders", "unit_of": "rules.orders", "Waive": "rules.orders",
    # rules.position
    "describe_unit": "rules.position", "Position": "rules.position",
    "PositionError": "rules.position", "unit_problem": "rules.position",
    # rules.submission
    "Report": "rules.submission", "submit": "rules.submission",
    # rules.targets
    "build_options": "rules.targets", "convoy_options": "rules.targets",
    "direct_targets": "rules.targets", "ghost_convoy_targets": "rules.targets",
    "move_targets": "rules.targets", "orderable_units": "rules.targets",
    "retreat_targets": "rules.targets", "support_options": "rules.targets",
    "support_targets": "rules.targets",
    # rules.variant_rules (RULES.md §12)
    "builder_of": "rules.variant_rules", "is_neutral": "rules.variant_rules",
    "rules_in_words": "rules.variant_rules",
    # rules.validation
    "check": "rules.validation",
    # rules.world
    "Board": "rules.world", "index_orders": "rules.world", "make_board": "rules.world",
    "Pause": "rules.world", "spaces_named": "rules.world", "World": "rules.world",
    # rules.world_delta
    "table_changes": "rules.world_delta", "WorldDelta": "rules.world_delta",
    # notation.notation
    "format_order": "notation.notation", "MAX_ORDER_LENGTH": "notation.notation",
    "NotationError": "notation.notation", "parse_order": "notation.notation",
    # notation.order_words
    "ORDER_WORDS": "notation.order_words",
    # notation.paste
    "PastedLine": "notation.paste", "read_pasted": "notation.paste",
    # notation.transcript
    "format_transcript": "notation.transcript", "step_at": "notation.transcript",
    # saves.jsonfile
    "parse_json": "saves.jsonfile", "read_json": "saves.jsonfile", "read_text": "saves.jsonfile",
    "validate": "saves.jsonfile", "write_for_command": "saves.jsonfile",
    "write_text_atomic": "saves.jsonfile",
    "write_bytes_atomic": "saves.jsonfile",
    # saves.lazy_orders
    "raw_value": "saves.lazy_orders", "read_every_board": "saves.lazy_orders",
    "stays_on_board": "saves.lazy_orders",
    # saves.replay_check
    "ReplayCheck": "saves.replay_check", "ReplayMismatch": "saves.replay_check",
    # saves.save_fields
    "SAVE_VERSION": "saves.save_fields",
    # variants.catalog
    "available": "variants.catalog", "BUILTIN_DIR": "variants.catalog",
    "find_folder": "variants.catalog", "is_variant_folder": "variants.catalog",
    "looks_like_path": "variants.catalog", "user_variants_dir": "variants.catalog",
    # variants.colour_distance
    "delta_e2000": "variants.colour_distance", "rgb_of": "variants.colour_distance",
    # variants.problems
    "Problem": "variants.problems",
    # variants.variant
    "AdjacencyFile": "variants.variant", "check_map_field": "variants.variant",
    "load_variant": "variants.variant", "NationsFile": "variants.variant",
    "ProvincesFile": "variants.variant", "read_variant": "variants.variant",
    "StartFile": "variants.variant", "Variant": "variants.variant",
    "without_victory": "variants.variant",
    "VARIANT_FILES": "variants.variant", "VariantError": "variants.variant",
    "VariantFile": "variants.variant",
    # variants.variant_checks
    "data_problems": "variants.variant_checks", "MAX_NATIONS": "variants.variant_checks",
    # civ.civ
    "changed_civ": "civ.civ", "Civ": "civ.civ", "civ_of": "civ.civ", "contacts_of": "civ.civ",
    "contacts_with": "civ.civ", "Homes": "civ.civ", "in_contact": "civ.civ",
    "start_homes": "civ.civ",
    # civ.civgame
    "calendar_of": "civ.civgame", "gifts_of": "civ.civgame", "give_gift": "civ.civgame",
    "world_before_gift": "civ.civgame",
    # civ.civsave
    "CivFault": "civ.civsave", "read_civ": "civ.civsave", "read_location": "civ.civsave",
    # civ.civstart
    "civ_range": "civ.civstart", "civ_start": "civ.civstart", "CivCounts": "civ.civstart",
    "CivSeat": "civ.civstart", "CivStartError": "civ.civstart",
    # civ.gifts
    "follow_unit": "civ.gifts", "Gift": "civ.gifts", "KINDS": "civ.gifts", "refusal": "civ.gifts",
    # civ.nations
    "default_nations": "civ.nations", "name_problem": "civ.nations", "PALETTE": "civ.nations",
    "PALETTE_APART": "civ.nations", "UNKNOWN": "civ.nations", "with_nations": "civ.nations",
    # scenarios.scenario
    "game_of": "scenarios.scenario", "looks_like_scenario": "scenarios.scenario",
    "ScenarioError": "scenarios.scenario",
    # fog.province_set
    "as_frozenset": "fog.province_set",
    # fog.visibility
    "remember_sight": "fog.visibility", "Sight": "fog.visibility", "sight": "fog.visibility",
}
"""Each public name and the module (below ``app.engine``) that defines it."""

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # __import__ rather than importlib: this package is imported at start-up, importlib is not
    value = getattr(__import__(f"{__name__}.{where}", fromlist=[name]), name)
    globals()[name] = value     # asked once: later look-ups find it at once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
