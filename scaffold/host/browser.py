"""Headless Chromium through Playwright, with the browser the system already has.

Never `playwright install`: it downloads a browser build, which fails offline and duplicates a
package the system manages. The executable comes from SCAFFOLD_CHROMIUM, else Debian's real
binary /usr/lib/chromium/chromium (/usr/bin/chromium is a wrapper script), else `chromium` on
PATH. Playwright is imported lazily, so scaffold works without it until a module is checked.
Each `launch()` runs with a fresh temporary profile (Playwright creates a new user-data dir for
every non-persistent launch), and every check run gets its own browser context.
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scaffold import DISTRIBUTION
from scaffold.errors import ToolMissingError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

CHROMIUM_ENV = "SCAFFOLD_CHROMIUM"
DEBIAN_CHROMIUM = Path("/usr/lib/chromium/chromium")
LAUNCH_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
INSTALL_HINT = (
    "Install it with `apt-get install -y chromium`, or set SCAFFOLD_CHROMIUM to a Chromium executable."
)


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def chromium_executable() -> Path:
    """The Chromium binary to drive; ToolMissingError with the install command when there is none."""
    explicit = os.environ.get(CHROMIUM_ENV)
    if explicit:
        path = Path(explicit).expanduser()
        if not _executable(path):
            raise ToolMissingError(
                f"{CHROMIUM_ENV} is set to {path}, which is not an executable file",
                hint="Point it at a Chromium binary (on Debian: /usr/lib/chromium/chromium), or unset it.",
            )
        return path
    if _executable(DEBIAN_CHROMIUM):
        return DEBIAN_CHROMIUM
    found = shutil.which("chromium")
    if found:
        return Path(found).resolve()
    raise ToolMissingError(
        "Chromium is not installed; `scaffold check module` runs the bundle in it", hint=INSTALL_HINT
    )


def sync_playwright_factory() -> Any:
    """`playwright.sync_api.sync_playwright`, or ToolMissingError naming the extra to install."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise ToolMissingError(
            "the playwright package is not installed; `scaffold check module` drives Chromium with it",
            hint=f"Install it with: pip install '{DISTRIBUTION}[check]' (no `playwright install` needed).",
        ) from None
    return sync_playwright


@dataclass
class BrowserSession:
    """A running Chromium; `new_context()` gives each check run an isolated context."""

    browser: Browser
    executable: Path

    def new_context(self) -> BrowserContext:
        return self.browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})

    @property
    def version(self) -> str:
        return str(self.browser.version)


@contextmanager
def open_browser(*, launch_timeout: float = 30.0) -> Iterator[BrowserSession]:
    """Launch headless Chromium (waiting at most `launch_timeout` s) for the duration of the block."""
    executable = chromium_executable()
    factory = sync_playwright_factory()
    manager = factory().start()
    try:
        try:
            browser = manager.chromium.launch(
                executable_path=str(executable),
                headless=True,
                args=list(LAUNCH_FLAGS),
                timeout=launch_timeout * 1000,
            )
        except Exception as exc:
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ToolMissingError(
                f"Chromium at {executable} did not start: {first_line}", hint=INSTALL_HINT
            ) from exc
        try:
            yield BrowserSession(browser, executable)
        finally:
            browser.close()
    finally:
        manager.stop()


def stop_renderers() -> int:
    """Kill the Chromium renderer processes started under this process; returns how many.

    The last resort against a page stuck in a JavaScript loop: Playwright's calls wait for the
    page's main thread and some of them have no timeout, so a watchdog thread kills the renderer,
    the pending call fails with "Target crashed", and the browser itself stays usable. Works
    where /proc exists (Linux); elsewhere it does nothing.
    """
    proc = Path("/proc")
    if not proc.is_dir():
        return 0
    children: dict[int, list[int]] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    stopped = 0
    stack = [os.getpid()]
    while stack:
        for pid in children.get(stack.pop(), []):
            stack.append(pid)
            try:
                command = (proc / str(pid) / "cmdline").read_bytes()
            except OSError:
                continue
            if b"--type=renderer" in command:
                try:
                    os.kill(pid, signal.SIGKILL)
                    stopped += 1
                except OSError:
                    pass
    return stopped
