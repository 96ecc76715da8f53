"""The order reader skips its pattern passes for text already in normal form (the form
clients send): that shortcut must read every text exactly as the full reader does."""

import re
from dataclasses import replace

import pytest

from app.bots import selfplay
from app.engine.notation.notation import already_normal, format_order, normalise, parse_order
from app.engine.variants.variant import load_variant

V = load_variant()

# texts the patterns change: coasts and seasons in words, brackets, arrows, joined dashes, spaces
REWRITTEN = ["F spa (nc) - mao", "F spa(north coast) H", "F stp/south coast - bot", "F stp south coast H",
             "A mun:spring 1902 - tyr", "A mun:Fall 1902 H", "A mun -> tyr", "A mun-tyr", "A mun  - tyr",
             " A mun - tyr", "A mun - tyr ", "A 1:mun:S1901-1:tyr:S1901",
             "A\tmun - tyr"]


SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}


def _printed_orders() -> list[str]:
    world = selfplay.play(10, seed=3).world
    return [format_order(o) for key in world.orders for o in world.orders[key]]


def test_printed_orders_take_the_shortcut_and_read_as_before():
    texts = _printed_orders()
    assert len(texts) > 100
    for text in texts:
        body = text.split(": ", 1)[1]
        assert already_normal(body), text          # the server's common case is the fast one
        assert normalise(body, V) == body
        # the turns spelled out ("Spring 1901"): the patterns must run to read it
        the_long_way = re.sub(r":([SFW])(\d{4})", lambda m: f":{SEASONS[m[1]]} {m[2]}", text)
        assert not already_normal(the_long_way.split(": ", 1)[1])
        assert parse_order(text, V) == replace(parse_order(the_long_way, V), text=text), text


@pytest.mark.parametrize("text", REWRITTEN)
def test_text_the_patterns_change_never_takes_the_shortcut(text):
    assert normalise(text, V) != text
    assert not already_normal(text)


def test_the_shortcut_is_only_taken_when_normalising_changes_nothing():
    for text in REWRITTEN + _printed_orders() + ["A mun - tyr", "Germany: A mun H", "A - mun",
                                                 "F Mid-Atlantic - bre", "A mun - - tyr", "- A mun"]:
        if already_normal(text):
            assert normalise(text, V) == text, text
