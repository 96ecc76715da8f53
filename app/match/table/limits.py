"""The table's bounds on one page: a seat's actions keep to them, and the save file's models
(:mod:`.saved`) hold a file to the same ones. No pydantic here: the window's start reads them."""

MAX_LENGTH = 2000                                     # a message's characters (:mod:`.messages`)
SLOWEST, FASTEST = 10.0, 0.5                          # watching: seconds per submission (:mod:`.watching`)
SHORTEST_DEADLINE, LONGEST_DEADLINE = 10, 24 * 3600   # a seat turn's time limit, in seconds (:mod:`.deadlines`)
