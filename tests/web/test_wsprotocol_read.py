"""A client's whole text message read at once (``LeanWebSocketsProtocol.data_received``
and :func:`~thousand.web.wsprotocol.client_text`): the same text websockets' parser
reads, and everything else left to that parser, which answers it as before.

In-process against websockets' own parser (every frame a client may send, and bytes at
random), and against a real ``thousand serve``: a message cut into pieces, two in one
write, a ping, bad UTF-8 (closed 1007) and a message over the size limit (closed 1009).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import websockets
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.server import ServerProtocol

from thousand.web.client import Deployment
from thousand.web.wsprotocol import client_text

from .serve_process import ServeProcess

LIMIT = 65536
"""``thousand serve``'s ``ws_max_size``."""


def client_frame(
    data: bytes, opcode: Opcode = Opcode.TEXT, fin: bool = True, rsv1: bool = False
) -> bytes:
    """``data`` as a client sends it: one masked frame (``rsv1``: with the bit a
    compression extension would set, which websockets will not write itself)."""
    raw = Frame(opcode, data, fin).serialize(mask=True, extensions=[])
    return bytes([raw[0] | 0x40]) + raw[1:] if rsv1 else raw


def parsed(raw: bytes, limit: int | None = LIMIT) -> tuple[list[Frame], bool, int]:
    """What websockets' parser of an open server connection makes of ``raw``: its
    frames, whether it failed, and how many bytes it holds back (part of a frame)."""
    protocol = ServerProtocol(max_size=limit)
    protocol.state = State.OPEN
    protocol.parser = protocol.parse()
    next(protocol.parser)
    protocol.receive_data(raw)
    frames = [event for event in protocol.events_received() if isinstance(event, Frame)]
    return frames, protocol.parser_exc is not None, len(protocol.reader.buffer)


def agrees(raw: bytes, limit: int | None = LIMIT) -> str | None:
    """``client_text`` of ``raw``, checked against the parser: a text only where the
    parser reads exactly one whole text message of that text, and nothing else."""
    text = client_text(raw, limit)
    if text is not None:
        frames, failed, held = parsed(raw, limit)
        assert not failed and held == 0
        assert [(f.opcode, f.fin) for f in frames] == [(Opcode.TEXT, True)]
        assert bytes(frames[0].data).decode() == text
    return text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300), st.sampled_from([0, 1, 124, 125, 126, 300, 65_000]))
def test_a_whole_text_message_reads_as_the_parser_reads_it(text: str, pad: int) -> None:
    """Any text, with lengths across the 7- and 16-bit length fields."""
    data = (text + "x" * pad).encode()
    assert agrees(client_frame(data)) == data.decode()


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200))
def test_bytes_at_random_are_read_only_as_the_parser_would(raw: bytes) -> None:
    agrees(raw)
    agrees(b"\x81" + raw)
    agrees(b"\x81\x85" + raw)


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(client_frame(b'{"a":1}', fin=False), id="a first fragment"),
        pytest.param(client_frame(b'{"a":1}', opcode=Opcode.CONT), id="a continuation"),
        pytest.param(client_frame(b'{"a":1}', opcode=Opcode.BINARY), id="binary"),
        pytest.param(client_frame(b"", opcode=Opcode.PING), id="a ping"),
        pytest.param(client_frame(b"\x03\xe8", opcode=Opcode.CLOSE), id="a close"),
        pytest.param(client_frame(b'{"a":1}', rsv1=True), id="an extension's bit"),
        pytest.param(
            Frame(Opcode.TEXT, b'{"a":1}').serialize(mask=False, extensions=[]), id="unmasked"
        ),
        pytest.param(client_frame(b'{"a":1}')[:-1], id="cut short"),
        pytest.param(client_frame(b'{"a":1}') * 2, id="two messages"),
        pytest.param(
            client_frame(b'{"a":1}') + client_frame(b"", opcode=Opcode.PING), id="and a ping"
        ),
        pytest.param(client_frame(b"\xff\xfe"), id="not UTF-8"),
        pytest.param(client_frame("é".encode()[:1]), id="UTF-8 cut"),
        pytest.param(client_frame(b"x" * (LIMIT + 1)), id="over the limit"),
        pytest.param(client_frame(b"x" * 70_000)[:9] + b"x" * 70_000, id="a 64-bit length"),
        pytest.param(b"", id="nothing"),
    ],
)
def test_anything_else_is_left_to_the_parser(raw: bytes) -> None:
    """The masks are random: the ids name the cases."""
    assert agrees(raw) is None


def test_the_limit_is_the_payloads() -> None:
    data = b"x" * 1000
    assert agrees(client_frame(data), limit=1000) == data.decode()
    assert agrees(client_frame(data), limit=999) is None
    assert agrees(client_frame(b"x" * 70_000), limit=None) is None  # 64-bit length


def test_under_thousand_serve_every_way_a_message_comes_is_read(tmp_path: Path) -> None:
    """A real process, a client writing raw frames: a message in pieces (the parser),
    two in one write, a ping among them, each answered in order, and a message one of
    whose pieces looks like a whole message alone (read as the part it is); bad UTF-8 closes
    the connection with 1007, and a message over the limit another with 1009."""

    async def scenario(base: str) -> tuple[list[dict[str, object]], int | None, int | None]:
        deployment = Deployment([base])
        made = await deployment.post("/api/rooms", {"name": "Anna", "seats": [{"open": True}]})
        address = base.replace("http", "ws", 1) + f"/ws/rooms/{made['room']}?token="
        answers: list[dict[str, object]] = []
        ping = json.dumps({"type": "ping"}).encode()
        async with websockets.connect(address + made["token"]) as socket:
            first = json.loads(await socket.recv())
            assert first["type"] == "state"
            transport = socket.transport
            whole = client_frame(ping)
            for byte in range(len(whole)):  # one byte a write
                transport.write(whole[byte : byte + 1])
                await asyncio.sleep(0.001)
            transport.write(client_frame(ping) + client_frame(b"{"))
            transport.write(client_frame(b"", opcode=Opcode.PING) + client_frame(ping))
            # a message whose second piece is, alone, a whole message (a ping): it is
            # part of the first all the same, and the parser holds the first's start
            inner = bytes([0x81, 0x80 | len(ping)]) + b"\x00" * 4 + ping  # zero mask
            outer = b'{"type": "ping", "x": "\xe1' + inner + b'"}'  # valid UTF-8
            head = bytes([0x81, 0x80 | len(outer)]) + b"\x00" * 4
            cut = outer.index(inner)
            for piece in (head + outer[:cut], inner, outer[cut + len(inner) :]):
                transport.write(piece)
                await asyncio.sleep(0.05)
            while len(answers) < 5:
                answers.append(json.loads(await asyncio.wait_for(socket.recv(), 10)))
        codes: list[int | None] = []
        for bad in (
            client_frame(b'{"type": "ping", "x": "\xff"}'),
            client_frame(b" " * (LIMIT + 1)),
        ):
            async with websockets.connect(address + made["token"]) as socket:
                await socket.recv()
                socket.transport.write(bad)
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(socket.recv(), 10)
                codes.append(closed.value.rcvd.code if closed.value.rcvd else None)
        return answers, codes[0], codes[1]

    with ServeProcess(tmp_path, "server", f"sqlite:///{tmp_path / 'db.sqlite'}") as server:
        answers, utf8, size = asyncio.run(scenario(server.base))
    assert [answer["type"] for answer in answers] == ["pong", "pong", "error", "pong", "error"]
    assert answers[2]["code"] == answers[4]["code"] == "bad_message"
    assert (utf8, size) == (1007, 1009)
