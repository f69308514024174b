"""The base64 chunk grammar of spec/README.md, checked against an independent statement of it."""

from __future__ import annotations

import base64
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._events import DataBlockDeltaEvent, DataBlockStartEvent
from streamspec.reply._content import _Bytes, decode_base64

#: The grammar as spec/README.md writes it: whole groups, then at most one padded group
#: whose bits past the last byte are zero.
GRAMMAR = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?"
)

_CHUNKS = st.text(alphabet="ABCDQRSYWJjZgwxyz0189+/=-_ \n", max_size=16)


@given(_CHUNKS)
def test_a_chunk_decodes_iff_the_grammar_matches(chunk: str) -> None:
    """decode_base64 accepts exactly the strings the spec's grammar matches, and decodes them."""
    matches = GRAMMAR.fullmatch(chunk) is not None
    decoded = decode_base64(chunk)
    assert (decoded is not None) == matches
    if matches:
        assert decoded == base64.b64decode(chunk, validate=True)


@given(st.binary(max_size=64))
def test_every_canonical_encoding_decodes_to_its_bytes(raw: bytes) -> None:
    """The padded standard encoding of any bytes is a valid chunk that decodes back to them."""
    assert decode_base64(base64.b64encode(raw).decode()) == raw


def test_the_edge_cases_named_by_the_spec() -> None:
    """Excess padding, padding inside, missing padding and non-zero pad bits are rejected."""
    assert decode_base64("") == b""
    assert decode_base64("YQ==") == b"a"
    for chunk in ("YWJj====", "YQ===", "YQ=", "YQ", "YR==", "YWJ=", "YQ==YWJj", "YW\nJj", "-_-_"):
        assert decode_base64(chunk) is None, chunk


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@pytest.mark.parametrize(("chunk", "pad_bits"), [("Y{}==", 4), ("YW{}=", 2)])
def test_a_padded_chunk_decodes_iff_its_bits_past_the_last_byte_are_zero(
    chunk: str, pad_bits: int
) -> None:
    """Every character before the padding, tried: the chunk decodes exactly when the low
    ``pad_bits`` bits of that character's 6-bit value are zero."""
    taken = {c for c in _ALPHABET if decode_base64(chunk.format(c)) is not None}
    assert taken == {c for n, c in enumerate(_ALPHABET) if n % (1 << pad_bits) == 0}


def test_the_fast_path_applies_the_same_grammar() -> None:
    """A data-block delta that strict decoding alone would take (YWJj====) is rejected on the hot path."""
    reducer = Reducer(reply_id="r")
    reducer.apply(DataBlockStartEvent(reply_id="r", block_id="d", media_type="image/png"))
    reducer.apply(
        DataBlockDeltaEvent(reply_id="r", block_id="d", media_type="image/png", data="YWJj")
    )
    (found,) = reducer.apply(
        DataBlockDeltaEvent(reply_id="r", block_id="d", media_type="image/png", data="YWJj====")
    )
    assert (found.code, found.key, dict(found.details)) == (
        "invalid_base64",
        "data:d",
        {"chunk_index": 1},
    )
    assert reducer.to_dict()["content"][0]["source"]["data"] == "YWJj"


@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "full path"])
def test_a_chunk_after_a_dump_is_in_the_next_dump(fast: bool) -> None:
    """The encoded data of a block is kept between dumps, and a new chunk makes it stale."""
    reducer = Reducer()
    if not fast:
        reducer._fast = {}
    reducer.apply(DataBlockStartEvent(reply_id="r", block_id="d", media_type="x/y"))
    dumps = []
    for raw in (b"abc", b"de", b""):
        chunk = base64.b64encode(raw).decode()
        delta = DataBlockDeltaEvent(reply_id="r", block_id="d", media_type="x/y", data=chunk)
        assert reducer.apply(delta) == ()
        dumps.append(reducer.to_dict()["content"][0]["source"]["data"])
        assert reducer.to_dict()["content"][0]["source"]["data"] == dumps[-1]
    assert dumps == ["YWJj", "YWJjZGU=", "YWJjZGU="]
    assert reducer.export_state()["message"]["content"][0]["chunks"] == 3


@pytest.mark.parametrize(
    ("chunks", "taken"),
    [
        (["QUJD", "REVG", "R0hJ"], 3),
        (["QUJD", "RE!G", "R0hJ"], 1),
        (["QU J", "REVG"], 0),
        ([], 0),
        (["QQ==", "QUJD"], 2),  # each decodes, their join does not: taken one by one
    ],
)
def test_chunks_appended_together_are_taken_up_to_the_first_that_does_not_decode(
    chunks: list[str], taken: int
) -> None:
    data = _Bytes(b"x", 1)
    assert data.append_chunks(chunks) == taken
    expected = b"x" + b"".join(base64.b64decode(chunk) for chunk in chunks[:taken])
    assert (bytes(data.buffer), data.chunks) == (expected, 1 + taken)
    assert data.encoded() == base64.b64encode(expected).decode()
