"""Run the scaffold CLI with one function made to stop at an exact step, so a test can signal it there.

    PAUSE_AT=module:function  PAUSE_MATCH=text  PAUSE_CALL=N  PAUSE_MARKER=file  python -m tests.hostile.paused_cli ARGS

The N-th call of `function` whose arguments mention `text` first writes `file`, then sleeps; the
test waits for the file and sends a real signal (SIGINT, SIGTERM, SIGKILL) to this process.
`PAUSE_FAIL=errno` makes that call raise OSError(errno) instead, for fault injection without a pause.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scaffold.interrupts import raise_if_interrupted


def _install() -> None:
    module_name, _, function_name = os.environ["PAUSE_AT"].partition(":")
    module = importlib.import_module(module_name)
    original: Callable[..., Any] = getattr(module, function_name)
    match = os.environ.get("PAUSE_MATCH", "")
    wanted = int(os.environ.get("PAUSE_CALL", "1"))
    calls = 0

    def paused(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        if match in " ".join(map(str, (*args, *kwargs.values()))):
            calls += 1
            if calls == wanted:
                if "PAUSE_FAIL" in os.environ:
                    code = int(os.environ["PAUSE_FAIL"])
                    raise OSError(code, os.strerror(code))
                marker = Path(os.environ["PAUSE_MARKER"])
                # whole or absent (the test signals as soon as it sees the file), then a long step
                # that checks for a signal as scaffold's own long steps do: a handler's raise that
                # lands in a finalizer is lost (scaffold.interrupts), and a plain sleep(120) then
                # outlasted the test's 60 s wait (found in CI: test_interrupted_new_plugin_leaves_nothing)
                marker.with_suffix(".part").write_text("paused", encoding="utf-8")
                marker.with_suffix(".part").replace(marker)
                for _ in range(1200):
                    raise_if_interrupted()
                    time.sleep(0.1)
        return original(*args, **kwargs)

    setattr(module, function_name, paused)


if __name__ == "__main__":
    _install()
    from scaffold.cli.app import main

    main(sys.argv[1:])
