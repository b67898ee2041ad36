"""Content-codings of an untrusted answer, decoded layer by layer within a byte budget.

httpx decodes a network chunk through every layer in one go: with `Content-Encoding: gzip, gzip`
a 15 kB body becomes a 6 MB inner stream in the first layer, which the second layer inflates in
one C call to 6 GB before anyone can count it (found: 5.9 GB and a MemoryError in `scaffold
check`). Here every zlib call gets `max_length`, so no call yields more than one step
(`STEP`), and the last layer never yields more than one byte past the budget; the caller's
`tick` runs between calls, so a deadline or Ctrl-C is noticed inside the decoding too.

Own code rather than a library: zlib's `decompressobj(...).decompress(data, max_length)` is the
bounded primitive, and no HTTP client exposes it per layer (httpx, urllib3 and requests decode
whole chunks; urllib3 2 bounds only its own read amount).

Only what scaffold offers (`ACCEPT_ENCODING`: gzip and deflate; identity is no coding) is
decoded; anything else is refused with a sentence, never guessed at. At most `MAX_LAYERS`
codings are decoded: one is what every server and framework sends; two happen when a proxy
compresses again what a service already compressed; a third has no legitimate use and each layer
multiplies what one network byte can become by up to about 1000, so three or more are refused.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

ACCEPT_ENCODING = "gzip, deflate"
MAX_LAYERS = 2
STEP = 64 * 1024
_OFFERED = {"gzip", "x-gzip", "deflate"}


class CodingError(Exception):
    """The answer's Content-Encoding cannot be decoded: refused, corrupt or too many layers."""


class DecodedTooLarge(Exception):
    """The decoded answer passed the byte budget (decoding stopped at the first byte beyond it)."""


class _Layer:
    """One zlib stream: gzip (with its header) or deflate (zlib-wrapped, or raw as some servers send)."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self._raw_fallback = coding == "deflate"
        self._inflater = zlib.decompressobj(zlib.MAX_WBITS | 16 if coding != "deflate" else zlib.MAX_WBITS)

    @property
    def eof(self) -> bool:
        return self._inflater.eof

    @property
    def tail(self) -> bytes:
        return self._inflater.unconsumed_tail

    def decompress(self, data: bytes, max_length: int) -> bytes:
        try:
            out = self._inflater.decompress(data, max_length)
        except zlib.error as exc:
            if not self._raw_fallback:
                raise CodingError(f"its {self.coding} encoding is corrupt ({exc})") from None
            # "deflate" without the zlib wrapper: what httpx and browsers accept too.
            self._raw_fallback = False
            self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
            return self.decompress(data, max_length)
        if data:
            self._raw_fallback = False  # the first bytes decided the wrapper
        return out


def codings_of(header_values: Sequence[str]) -> list[str]:
    """The codings named by Content-Encoding header values, in the order they were applied."""
    codings = [part.strip().lower() for value in header_values for part in value.split(",")]
    return [coding for coding in codings if coding and coding != "identity"]


class ContentDecoder:
    """Decodes one answer's body as its raw bytes arrive; `body()` is at most `limit` bytes."""

    def __init__(self, codings: Sequence[str], limit: int) -> None:
        refused = [coding for coding in codings if coding not in _OFFERED]
        if refused:
            raise CodingError(
                f"it is sent with Content-Encoding {refused[0][:40]!r}, which scaffold did not offer "
                f"(it asks for {ACCEPT_ENCODING})"
            )
        if len(codings) > MAX_LAYERS:
            raise CodingError(
                f"it is sent with {len(codings)} layers of Content-Encoding ({', '.join(codings[:8])}); "
                f"scaffold decodes at most {MAX_LAYERS}"
            )
        # Content-Encoding lists codings in the order they were applied: the last is undone first.
        self._layers = [_Layer(coding) for coding in reversed(codings)]
        self._limit = limit
        self._size = 0
        self._pieces: list[bytes] = []

    def feed(self, data: bytes, tick: Callable[[], None]) -> None:
        """Decode the next raw bytes; raises DecodedTooLarge past the budget, or what `tick` raises."""
        self._push(0, data, tick)

    def body(self) -> bytes:
        """The decoded body; the pieces are let go, so it is held once."""
        whole = b"".join(self._pieces)
        self._pieces = [whole]
        return whole

    def _push(self, index: int, data: bytes, tick: Callable[[], None]) -> None:
        if index == len(self._layers):
            self._keep(data)
            return
        layer = self._layers[index]
        last = index == len(self._layers) - 1
        while not layer.eof:
            # One byte more than fits is enough to know the answer is too large.
            step = min(STEP, self._limit - self._size + 1) if last else STEP
            out = layer.decompress(data, step)
            data = layer.tail
            tick()
            if out:
                self._push(index + 1, out, tick)
            # A full step may leave output inside zlib with no input left: ask again until a
            # call returns less than it was allowed to.
            if not data and len(out) < step:
                break
        # Bytes after the end of a gzip or deflate stream are ignored, as httpx and browsers do.

    def _keep(self, data: bytes) -> None:
        if not data:
            return
        self._size += len(data)
        if self._size > self._limit:
            raise DecodedTooLarge
        self._pieces.append(data)
