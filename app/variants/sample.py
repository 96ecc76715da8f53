"""A small world on any variant with two timelines: what the variant's boards look like in a
game (the designer's preview shows it)."""

from __future__ import annotations

from app.engine import Game, province_of, Variant, World


def two_timeline_world(variant: Variant) -> World:
    """Spring: one unit moves into an empty neighbouring province; Fall: it travels back to
    that province one turn earlier, which forks timeline 2. If no unit can move (a start with
    no free neighbour), the one-board start."""
    game = Game.new(variant)
    key = game.world.active_boards()[0]
    board = game.world.boards[key]
    for _prov, unit in sorted(board.units.items()):
        source = unit.loc
        for target in sorted(variant.adjacent_locations(unit.type, str(source))):
            if province_of(target) in board.units:
                continue
            try:
                game.submit_text([f"{unit.nation}: {unit.type} {source} - {target}"])
                fall = game.world.active_boards()[0]
                moved = game.world.boards[fall].units.get(province_of(target))
                if moved is None or moved.nation != unit.nation:
                    game.undo()
                    continue
                game.submit_text([f"{unit.nation}: {unit.type} {fall.timeline}:{target}:{fall.turn} - "
                                  f"{key.timeline}:{target}:{key.turn}"])
            except ValueError:
                game = Game.new(variant)
                continue
            return game.world
    return game.world
