"""A data source method's call that ends when its caller hangs up or its deadline passes.

A module backend's own endpoints (module_endpoints.py) run their handlers through it too, without
a deadline: the same hang-up, the same 499, the same `cancelled` (a module's `Call.cancelled`).

uvicorn never tells an app that its caller went away, except through `receive()`, which answers
`http.disconnect` then. A method waiting for an upstream kept waiting for a caller that was gone
(for ever, if the upstream never answered), and nothing was logged (issue 40 point 5). So the
call runs in a task of its own while `receive()` is watched: a hang-up cancels the method (an
async one gets CancelledError at its `await`; a sync one runs to its end in its thread, which
Python cannot interrupt, and its result is dropped) and `call_until_hang_up` raises HungUp, which
the dispatch answers as Go and nginx do: status 499 (CLIENT_CLOSED_STATUS), one debug line, no
error and no 500.

PLUGIN_QUERY_SECONDS bounds the call the same way (issue 40 point 3): at `seconds` `cancelled` is
set and the method gets DEADLINE_LAST_WORD_MS to answer itself (a data source that enforces the
same deadline, as the examples of every template version do, answers with its own message: found
when projects upgraded with their example got the glue's generic text instead); a method still
running then is cancelled and DeadlinePassed raised, which the dispatch answers 422
(`query.deadline`). On a hang-up `cancelled` is set too, so a sync method can see that its answer
is no longer awaited.

When the request itself is cancelled (the end of the shutdown's grace period, see serving), the
method is cancelled with it and `cancelled` set.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable
from typing import Any, TypeVar

from starlette.types import Receive

from .runtime_constants import DEADLINE_LAST_WORD_MS

T = TypeVar("T")


class HungUp(Exception):
    """The caller hung up before the method returned."""


class DeadlinePassed(Exception):
    """The method did not return within PLUGIN_QUERY_SECONDS."""


async def call_until_hang_up(
    call: Awaitable[T],
    receive: Receive,
    seconds: float | None = None,
    cancelled: threading.Event | None = None,
) -> T:
    """The result of `call`, unless the caller hangs up first (HungUp) or `seconds` pass and the
    method does not answer in its last word (DeadlinePassed); then `call` is cancelled and
    `cancelled` set."""
    loop = asyncio.get_running_loop()
    ends = None if seconds is None else loop.time() + seconds
    method = asyncio.ensure_future(call)
    watcher = asyncio.ensure_future(_hang_up(receive))
    try:
        await asyncio.wait((method, watcher), timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        if not method.done():
            if not watcher.done():
                await _last_word(method, watcher, cancelled)
                if method.done():
                    return method.result()
                _stop(method, cancelled)
                raise HungUp if watcher.done() and watcher.result() else DeadlinePassed
            if watcher.result():
                _stop(method, cancelled)
                raise HungUp
            # the watch gave up (see _hang_up): the method or the deadline ends it
            done, _ = await asyncio.wait(
                (method,), timeout=None if ends is None else max(0.0, ends - loop.time())
            )
            if not done:
                await _last_word(method, None, cancelled)
                if not method.done():
                    _stop(method, cancelled)
                    raise DeadlinePassed
    except asyncio.CancelledError:
        _stop(method, cancelled)
        raise
    finally:
        watcher.cancel()
    return method.result()


async def _last_word(
    method: asyncio.Future[Any], watcher: asyncio.Future[bool] | None, cancelled: threading.Event | None
) -> None:
    """At the deadline: tell the method (`cancelled`), then wait DEADLINE_LAST_WORD_MS for it to
    answer itself, or for its caller to hang up."""
    if cancelled is not None:
        cancelled.set()
    waiting = (method,) if watcher is None else (method, watcher)
    await asyncio.wait(waiting, timeout=DEADLINE_LAST_WORD_MS / 1000, return_when=asyncio.FIRST_COMPLETED)


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


def _stop(task: asyncio.Future[Any], cancelled: threading.Event | None) -> None:
    """Tell the method its answer is no longer awaited, then drop `task`."""
    if cancelled is not None:
        cancelled.set()
    _drop(task)


def _drop(task: asyncio.Future[Any]) -> None:
    """Cancel `task`, and take its outcome when it ends so asyncio logs no unretrieved exception:
    the method's error after its caller left is no one's to see."""
    task.cancel()
    task.add_done_callback(lambda done: None if done.cancelled() else done.exception())
