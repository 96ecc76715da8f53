"""A pending waived build has nothing to draw: replacing or taking it back redraws nothing
and raises nothing (a table across computers replaces every pending order the server
confirms; a seat deletes a waive from its list)."""

from app.engine import BoardKey, Turn, Waive
from app.match import order_key


def test_a_waive_replaced_and_taken_back_beside_a_drawn_order(window):
    window.new_game(confirmed=True)
    scene, world = window.scene, window.match.world
    board = world.active_boards()[0]
    paris = window.match.read_order("A par - bur", 0)
    waive = Waive("France", board)
    scene.set_pending({order_key(waive): waive, order_key(paris): paris})
    again = Waive("France", BoardKey(board.timeline, Turn(board.turn.year, board.turn.season)))
    assert again is not waive and again == waive
    scene.set_pending({order_key(again): again, order_key(paris): paris})     # the same orders, new objects
    scene.change_pending(order_key(again), None)
    assert scene.items_by_key[board].pending_orders == (paris,)
