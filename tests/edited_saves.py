"""Save files edited the way a cheat would: the body changed and the checksum computed
again, so that the file looks exactly as the game wrote it."""

from __future__ import annotations

import hashlib
import re

_START_CENTRES = re.compile(r'("start":\[\{"board":"[^"]+","units":\[[^\]]*\],"centres":")([^"]*)(")')


def with_checksum(body: str) -> str:
    """``body`` (a save's text without its checksum) with the checksum the writer would add."""
    assert body.endswith("}")
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    return f'{body[:-1]},"checksum":"sha256:{digest}"}}'


def without_checksum(text: str) -> str:
    i = text.rfind(',"checksum":"')
    assert i > 0, "not a file with a checksum"
    return text[:i] + "}"


def give_a_start_centre(text: str, nation: str, centre: str, checksum: bool = True) -> str:
    """A version-3 save whose first start board gives ``centre`` (unowned there) to
    ``nation`` as well; its checksum computed again (or left out)."""
    body = without_checksum(text)
    found = _START_CENTRES.search(body)
    assert found, "no start board's centres in the file"
    owners = found.group(2)
    assert f" {centre}" not in owners and f" {centre};" not in owners, f"{centre} is owned at the start"
    edited = re.sub(rf"({re.escape(nation)}: [^;]*)", rf"\1 {centre}", owners, count=1)
    assert edited != owners, f"{nation} owns nothing at the start"
    body = body[:found.start(2)] + edited + body[found.end(2):]
    return with_checksum(body) if checksum else body
