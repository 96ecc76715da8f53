"""The rules: the world and its boards, orders, adjudication, retreats and adjustments, a submission's path through them, and a game's past."""
