"""Benchmark: the `scaffold dev` loop, as a developer feels it. Prints figures; asserts no time.

- start: wall time from `scaffold dev --port 0` (a new process, imports included) in a new plugin
  project to (a) both URLs printed (the plugin answered well-known) and (b) the data source form
  rendered in Chromium (the trigger field's label visible); median of --runs cold starts;
- trigger: checking the example's `codeMode` checkbox (a trigger) until the re-requested form shows
  `codeLang`, and unchecking it until that field is gone: median and max over --toggles changes;
- module: in a new module project (after one `npm install`, not timed as a figure of dev), from
  `scaffold dev` to the widget rendered, and from saving `Widget.tsx` to the widget showing the
  edit (vite build --watch rebuilds, the page polls the bundle stamp and reloads it); median of
  --edits saves. Skipped with --no-module or when npm is missing.

The service runs with this interpreter (`--python sys.executable`, the repo's venv has uvicorn and
FastAPI; the project's package is imported from its folder), so no project install is timed.
Chromium is Debian's, through Playwright (scaffold.host.browser), as `scaffold check` uses it.

Run: python bench/dev_loop.py [--runs N] [--toggles N] [--edits N] [--no-module]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
URL_LINE = re.compile(r"^(service|page):\s+(http://\S+)")
TIMEOUT_MS = 30_000


class Dev:
    """`python -m scaffold dev ...` in its own process group, its printed lines collected."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scaffold", "dev", *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self.urls: dict[str, str] = {}
        self.urls_at: float | None = None
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            line = raw.rstrip("\n")
            self.lines.append(line)
            match = URL_LINE.match(line)
            if match:
                self.urls[match[1]] = match[2]
                if match[1] == "page":
                    self.urls_at = time.perf_counter()
                    self._ready.set()
        self._ready.set()

    def wait_urls(self, timeout: float = 180) -> dict[str, str]:
        if not self._ready.wait(timeout) or "page" not in self.urls:
            raise SystemExit("scaffold dev did not print its URLs:\n" + "\n".join(self.lines[-40:]))
        return self.urls

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)  # Ctrl-C
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


@contextmanager
def running_dev(args: list[str], cwd: Path, env: dict[str, str]) -> Iterator[Dev]:
    dev = Dev(args, cwd, env)
    try:
        yield dev
    finally:
        dev.stop()


def scaffold(kind: str, name: str, root: Path, env: dict[str, str]) -> Path:
    subprocess.run(
        [sys.executable, "-m", "scaffold", f"new-{kind}", name, "--defaults"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    return root / name


def field_names(project: Path, package: str) -> tuple[str, str]:
    """The ru-RU labels (the page's default language) of the example's trigger and the field it adds."""
    texts = json.loads((project / package / "locales" / "ru-RU.json").read_text(encoding="utf-8"))
    return texts["datasource"]["codeMode"]["name"], texts["datasource"]["codeLang"]["name"]


def bench_plugin(root: Path, env: dict[str, str], runs: int, toggles: int) -> None:
    from scaffold.host.browser import open_browser

    project = scaffold("plugin", "acme-sales", root, env)
    trigger, added = field_names(project, "acme_sales")
    args = ["--port", "0", "--python", sys.executable]
    to_urls: list[float] = []
    to_form: list[float] = []
    changes: list[float] = []
    with open_browser() as browser:
        for run in range(runs):
            with running_dev(args, project, env) as dev:
                urls = dev.wait_urls()
                context = browser.new_context()
                context.set_default_timeout(TIMEOUT_MS)
                page = context.new_page()
                page.goto(urls["page"])
                checkbox = page.get_by_label(trigger, exact=True)
                checkbox.wait_for()
                formed = time.perf_counter()
                assert dev.urls_at is not None
                to_urls.append(dev.urls_at - dev.started)
                to_form.append(formed - dev.started)
                if run == runs - 1:
                    for _ in range(toggles):
                        target = page.get_by_label(added, exact=True)
                        began = time.perf_counter()
                        if checkbox.is_checked():
                            checkbox.uncheck()
                            target.wait_for(state="detached")
                        else:
                            checkbox.check()
                            target.wait_for(state="visible")
                        changes.append(time.perf_counter() - began)
                context.close()
    print(
        f"plugin  start -> URLs printed:      median {statistics.median(to_urls):.2f} s  (runs: {_list(to_urls)})"
    )
    print(
        f"plugin  start -> form rendered:     median {statistics.median(to_form):.2f} s  (runs: {_list(to_form)})"
    )
    print(
        f"plugin  trigger -> re-rendered form: median {statistics.median(changes) * 1000:.0f} ms, "
        f"max {max(changes) * 1000:.0f} ms over {len(changes)} changes"
    )


def bench_module(root: Path, env: dict[str, str], edits: int) -> None:
    from scaffold.host.browser import open_browser

    npm = shutil.which("npm")
    if npm is None:
        print("module  skipped: npm is not on PATH")
        return
    project = scaffold("module", "acme-map", root, env)
    frontend = project / "frontend"
    began = time.perf_counter()
    subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=frontend, check=True, capture_output=True)
    print(f"module  npm install (once, not part of dev): {time.perf_counter() - began:.1f} s")
    source = frontend / "src" / "components" / "Widget.tsx"
    original = source.read_text(encoding="utf-8")
    anchor = "{from ?? 'dashboard start'} → {to ?? 'now'}"
    if anchor not in original:
        raise SystemExit(f"{source} no longer holds {anchor!r}; update the benchmark's edit")
    reloads: list[float] = []
    with (
        open_browser() as browser,
        running_dev(["--port", "0", "--python", sys.executable], project, env) as dev,
    ):
        urls = dev.wait_urls()
        context = browser.new_context()
        context.set_default_timeout(TIMEOUT_MS * 4)
        page = context.new_page()
        page.goto(urls["page"])
        widget = page.get_by_role("region", name="Widget", exact=True)
        widget.get_by_text(" → ").first.wait_for()
        print(
            f"module  start -> widget rendered:   {time.perf_counter() - dev.started:.2f} s (first watch build included)"
        )
        for index in range(edits):
            marker = f"Edited {index}: "
            began = time.perf_counter()
            source.write_text(original.replace(anchor, marker + anchor), encoding="utf-8")
            widget.get_by_text(marker.strip()).first.wait_for()
            reloads.append(time.perf_counter() - began)
        context.close()
    print(
        f"module  saved source -> reloaded widget: median {statistics.median(reloads):.2f} s, "
        f"max {max(reloads):.2f} s over {len(reloads)} saves"
    )


def _list(values: list[float]) -> str:
    return ", ".join(f"{value:.2f}" for value in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--runs", type=int, default=3, help="cold starts of scaffold dev in the plugin project"
    )
    parser.add_argument("--toggles", type=int, default=10, help="trigger changes timed in the plugin form")
    parser.add_argument(
        "--edits", type=int, default=3, help="saves of Widget.tsx timed in the module project"
    )
    parser.add_argument("--no-module", action="store_true", help="skip the module part (no npm install)")
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-dev-loop-"))
    env = {
        **os.environ,
        "SCAFFOLD_HOME": str(root / "scaffold-home"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "LOG_LEVEL": "warning",
    }
    env.pop("VIRTUAL_ENV", None)
    sys.path.insert(0, str(REPO))
    try:
        bench_plugin(root, env, options.runs, options.toggles)
        if not options.no_module:
            bench_module(root, env, options.edits)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
