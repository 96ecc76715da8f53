"""Messages across computers pass through the server sealed to their receiver: it keeps and
forwards them, and cannot read them; only the receiver's computer opens one."""

import pytest

from app.net import protocol as p
from app.net.client import Client
from app.net.letters import LetterError, open_letter, public_key_text, seal_letter

from .serving import clients, run, serving, stored_bytes, two_seats, views_at


def test_a_message_reaches_its_receiver_only_and_the_server_cannot_read_it(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            watcher = Client(server=server.address, table=table)
            async with clients(ada, ben, watcher):
                await watcher.wait_for(views_at(0))
                await ada.wait_for(lambda c: c.state is not None and set(c.state.public_keys) == {0, 1})
                await ada.write(1, "Meet me in Galicia")
                await ben.wait_for(lambda c: c.letters == [(0, "Meet me in Galicia")])
                await ben.write(1, "to myself")
                await ben.wait_for(lambda c: any(isinstance(m, p.Refused) for m in c.messages))
                assert "does not write to itself" in next(m for m in ben.messages if isinstance(m, p.Refused)).reason
            assert b"Galicia" not in stored_bytes(tmp_path)
            assert not any("Mail" in f or "mail" in f for f in watcher.frames) and ada.letters == []
            later = Client(invitation=str(ben_inv))              # a message waits for its receiver
            async with clients(later):
                await later.wait_for(lambda c: c.letters == [(0, "Meet me in Galicia")])
    run(play)


def test_a_message_cannot_be_sealed_to_a_seat_that_never_joined(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(lambda c: c.state is not None)
                with pytest.raises(LetterError, match="has not joined yet"):
                    await ada.write(1, "hello?")
    run(play)


def test_only_the_receivers_secret_opens_a_message():
    box = seal_letter("hello Ben", public_key_text("ben-secret", "t", 1), "t", 0, 1)
    assert open_letter(box, "ben-secret", "t", 0, 1) == "hello Ben"
    for secret, table, sender, receiver in [("ada-secret", "t", 0, 1), ("ben-secret", "u", 0, 1),
                                            ("ben-secret", "t", 2, 1), ("ben-secret", "t", 0, 2)]:
        with pytest.raises(LetterError):
            open_letter(box, secret, table, sender, receiver)


@pytest.mark.parametrize("text", ["Привет! " * 250, "会在加利西亚见面" * 250, "😀" * 2000],
                         ids=["cyrillic", "chinese", "emoji"])
def test_the_longest_message_in_any_script_reaches_its_receiver(tmp_path, text):
    """The Messages panel takes 2,000 characters of any script: every one of them is sealed
    and passes (a bound on the box made for Latin letters refused 1,500 Cyrillic ones)."""
    assert len(text) == 2000

    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            async with clients(ada, ben):
                await ada.wait_for(lambda c: c.state is not None and set(c.state.public_keys) == {0, 1})
                await ada.write(1, text)
                await ben.wait_for(lambda c: c.letters == [(0, text)])
                await ada.wait_for(lambda c: any(isinstance(m, p.Kept) for m in c.messages))
    run(play)
