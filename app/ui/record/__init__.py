"""The shareable record of a game (issue 33): an animated image of the boards each
submission made (:mod:`.animation`) and a PDF with the ending, the centre chart and every
turn's orders and results (:mod:`.document`), from the command line (:mod:`.cli`) and the
window (:mod:`.window_job`)."""
