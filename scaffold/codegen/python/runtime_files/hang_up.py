"""A data source method's call that ends when its caller hangs up (issue 40 point 5).

uvicorn never tells an app that its caller went away, except through `receive()`, which answers
`http.disconnect` then. A method waiting for an upstream kept waiting for a caller that was gone
(for ever, if the upstream never answered), and nothing was logged. So the call runs in a task of
its own while `receive()` is watched: a hang-up cancels the method (an async one gets
CancelledError at its `await`; a sync one runs to its end in its thread, which Python cannot
interrupt, and its result is dropped) and `call_until_hang_up` raises HungUp, which the dispatch
answers as Go and nginx do: status 499 (CLIENT_CLOSED_STATUS), one debug line, no error and no 500.

When the request itself is cancelled (the end of the shutdown's grace period, see serving), the
method is cancelled with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from starlette.types import Receive

T = TypeVar("T")


class HungUp(Exception):
    """The caller hung up before the method returned."""


async def call_until_hang_up(call: Awaitable[T], receive: Receive) -> T:
    """The result of `call`, unless the caller hangs up first (HungUp; `call` is cancelled)."""
    method = asyncio.ensure_future(call)
    watcher = asyncio.ensure_future(_hang_up(receive))
    try:
        await asyncio.wait((method, watcher), return_when=asyncio.FIRST_COMPLETED)
        if not method.done():
            if watcher.result():
                _drop(method)
                raise HungUp
            await asyncio.wait((method,))  # the watch gave up (see _hang_up): the method ends it
    except asyncio.CancelledError:
        _drop(method)
        raise
    finally:
        watcher.cancel()
    return method.result()


async def _hang_up(receive: Receive) -> bool:
    """True when the caller has gone; what else arrives (a body of a bodiless call) is dropped.

    False, and no more watching, when a body message comes after the body's end: a server's
    `receive` then waits for the hang-up, so this one is a stand-in that would only spin.
    """
    ended = False
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return True
        if ended:
            return False
        ended = not message.get("more_body", False)


def _drop(task: asyncio.Future[Any]) -> None:
    """Cancel `task`, and take its outcome when it ends so asyncio logs no unretrieved exception:
    the method's error after its caller left is no one's to see."""
    task.cancel()
    task.add_done_callback(lambda done: None if done.cancelled() else done.exception())
