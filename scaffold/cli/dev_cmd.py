"""`scaffold dev`, `scaffold dev plugin URL`, `scaffold dev module URL`: the platform page on this machine.

Thin on purpose: parse options, run the session of scaffold.dev, print what it reports (the two
URLs, each started process's output prefixed with its label, one line when it stops). Ctrl-C and
SIGTERM do not raise here: they set an event the session watches, so every process it started
is stopped by the same code path, in order, before the closing line is printed.
"""

from __future__ import annotations

import dataclasses
import signal
import threading
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, cast

import typer

from scaffold.cli.arguments import base_url_argument
from scaffold.contracts import KIND_NAMES, MODULE, PLUGIN
from scaffold.dev import DEFAULT_DEV_PORT
from scaffold.errors import DevServiceError
from scaffold.redact import url_secrets, without_credentials

if TYPE_CHECKING:  # the session is imported when a command runs: --help stays quick
    from collections.abc import Callable

    from scaffold.dev.server import PageKind
    from scaffold.dev.session import DevOptions, DevUrls

_ANY_ADDRESS = ("0.0.0.0", "::", "")  # noqa: S104 - compared against, never bound here

PortOption = Annotated[
    int | None,
    typer.Option(
        "--port",
        metavar="PORT",
        min=0,
        max=65535,
        show_default=False,
        help=f"Port of the page (default {DEFAULT_DEV_PORT}, which no scaffolded service uses; 0: any free port).",
    ),
]
HostOption = Annotated[
    str | None,
    typer.Option(
        "--host",
        metavar="ADDRESS",
        show_default=False,
        help="Address the page listens on (default 127.0.0.1, this machine only); 0.0.0.0 lets other "
        "machines call your service through it, so it is printed as a warning.",
    ),
]
OpenOption = Annotated[
    bool | None,
    typer.Option(
        "--open", show_default=False, help="Open the page in the default web browser once it is ready."
    ),
]
ContractOption = Annotated[
    str | None,
    typer.Option(
        "--contract-version",
        metavar="VERSION",
        help="Contract version (or spec file) the page follows; the newest this scaffold ships when omitted.",
    ),
]


class _Echo:
    """Prints child output and announcements; a lock keeps lines from different threads whole."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        self._lock = threading.Lock()
        self._secrets = secrets  # the service URL's own credentials, never printed

    def line(self, text: str, *, err: bool = False, color: str | None = None) -> None:
        text = without_credentials(text, self._secrets)
        with self._lock:
            if color is None:
                typer.echo(text, err=err)
            else:
                typer.secho(text, err=err, fg=color)

    def child(self, label: str, text: str) -> None:
        self.line(f"[{label}] {text}")


@contextmanager
def _stop_on_signals() -> Iterator[threading.Event]:
    """An event set by Ctrl-C or SIGTERM for the duration of the block (the old handlers come back)."""
    stop = threading.Event()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        # Not stop.set() here: it takes the event's lock, which the main thread may hold at this
        # very moment (inside stop.wait(), where the signal lands), and the handler runs on that
        # thread: a deadlock (found: a CI run's `scaffold dev` ignored Ctrl-C until it was killed
        # a minute later). A short thread sets it once the main thread lets go of the lock.
        threading.Thread(target=stop.set, name="scaffold-dev-stop", daemon=True).start()

    previous = {sig: signal.signal(sig, request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield stop
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _options(
    ctx: typer.Context, port: int | None, host: str | None, python: Path | None = None
) -> DevOptions:
    """DevOptions from a subcommand's own options, falling back to those given before its name."""
    from scaffold.dev.session import DevOptions

    given = cast(dict[str, object], ctx.obj) if isinstance(ctx.obj, dict) else {}
    chosen_port = port if port is not None else given.get("port")
    chosen_host = host if host is not None else given.get("host")
    return DevOptions(
        host=str(chosen_host) if chosen_host is not None else "127.0.0.1",
        port=int(str(chosen_port)) if chosen_port is not None else DEFAULT_DEV_PORT,
        python=python,
    )


def _announce(echo: _Echo, open_browser: bool, host: str) -> Callable[[DevUrls], None]:
    def announce(urls: DevUrls) -> None:
        if urls.program is not None:
            echo.line(f"service: {urls.service}   (reloads on changes; {urls.program_name}: {urls.program})")
        else:
            echo.line(f"service: {urls.service}")
        echo.line(f"page:    {urls.page}")
        if host in _ANY_ADDRESS:
            echo.line(
                f"warning: the page listens on every address ({host or 'all'}): anyone who can reach this "
                "machine can use it to call your service",
                err=True,
                color=typer.colors.YELLOW,
            )
        echo.line("Press Ctrl-C to stop.")
        if open_browser:
            webbrowser.open(urls.page)

    return announce


def _closing_line(stopped: list[tuple[str, int]], ready: bool) -> str:
    if not stopped:
        return "scaffold dev stopped: the page is closed (it started nothing else)."
    names = {"service": "the service", "build": "the service's watch build", "frontend": "the frontend build"}
    parts = [*(f"{names.get(label, label)} (pid {pid})" for label, pid in stopped), "the page"]
    when = "" if ready else " before the service was ready"
    return f"scaffold dev stopped{when}: {', '.join(parts[:-1])} and {parts[-1]} are stopped."


def _target(kind: PageKind, url: str) -> str:
    """check's URL validation, as one sentence (exit 1); a module's baseUrl without a trailing /api/v1."""
    try:
        base_url_argument(url)
    except typer.BadParameter as exc:
        raise DevServiceError(f"scaffold dev {kind} URL: {exc.message}") from None
    if kind == MODULE.name:
        from scaffold.host.module_target import module_base

        return module_base(url)
    return url.rstrip("/")


def register(app: typer.Typer) -> None:
    """Add the `dev` command (and its `plugin` / `module` forms) to the root app."""
    dev_app = typer.Typer(
        name="dev",
        invoke_without_command=True,
        add_completion=False,
        rich_markup_mode=None,
    )

    @dev_app.callback()
    def dev(
        ctx: typer.Context,
        port: PortOption = None,
        host: HostOption = None,
        open_browser: OpenOption = None,
        python: Annotated[
            Path | None,
            typer.Option(
                "--python",
                metavar="PATH",
                help="Python that runs a Python service (default: the active virtual environment's, else the "
                "project's .venv, else the one running scaffold); it must have uvicorn and your project installed. "
                "A TypeScript service runs on the node on PATH, a Go service is built by the go on PATH.",
            ),
        ] = None,
    ) -> None:
        """Run the project in this folder with reload, and serve the platform page for it.

        Inside a project made by scaffold new-plugin/new-module: starts its service (a module: its
        backend, and `npm run dev` for the frontend) and reloads it on code changes (Python:
        uvicorn --reload; TypeScript: `tsc --watch` and `node --watch`; Go: `go build` and a
        restart on each save, a failed build keeping the running service), serves the page and
        prints both URLs. Ctrl-C stops everything it started.

        `scaffold dev plugin URL` / `scaffold dev module URL` show the page for any running
        plugin or module instead, whatever it is written in; nothing is started then.
        """
        ctx.obj = {"port": port, "host": host, "open": open_browser}
        if ctx.invoked_subcommand is not None:
            if python is not None:
                raise DevServiceError(
                    f"--python chooses the Python of a project's own service, and scaffold dev "
                    f"{ctx.invoked_subcommand} URL starts none; drop --python"
                )
            return
        from scaffold.dev.session import run_project

        options = _options(ctx, port, host, python)
        echo = _Echo()
        with _stop_on_signals() as stop:
            announce = _announce(echo, bool(open_browser), options.host)
            outcome = run_project(Path.cwd(), options, stop, echo.child, announce)
        echo.line(_closing_line(outcome.stopped, outcome.ready))

    def show(
        ctx: typer.Context,
        kind: PageKind,
        url: str,
        given: tuple[int | None, str | None, bool | None],
        contract: str | None,
        data_file: Path | None = None,
    ) -> None:
        from scaffold.dev.session import probe_target, probe_timeout, run_target
        from scaffold.specs import catalog

        port, host, open_browser = given
        target = _target(kind, url)
        probe_seconds = probe_timeout()  # an unusable setting is refused before anything starts
        name = KIND_NAMES[kind].contract
        spec = (
            catalog.load_shipped(name) if contract is None else catalog.load_version_or_file(name, contract)
        )
        options = _options(ctx, port, host)
        if data_file is not None:
            from scaffold.host.host_data import read_host_data

            options = dataclasses.replace(options, data=read_host_data(data_file, f"--data-file {data_file}"))
        before = cast(dict[str, object], ctx.obj or {})
        wants_open = open_browser if open_browser is not None else bool(before.get("open"))
        echo = _Echo(url_secrets(target))
        announce_urls = _announce(echo, wants_open, options.host)

        with _stop_on_signals() as stop:

            def announce(urls: DevUrls) -> None:  # the page is bound by now: a taken --port came first
                # Bounded in time and bytes; Ctrl-C or SIGTERM (which set `stop`) end it at once.
                problem = probe_target(kind, target, probe_seconds, stop=stop)
                if problem is not None:
                    echo.line(f"warning: {problem}", err=True, color=typer.colors.YELLOW)
                announce_urls(urls)

            outcome = run_target(kind, target, spec, options, stop, announce)
        echo.line(_closing_line(outcome.stopped, outcome.ready))

    @dev_app.command(PLUGIN.name)
    def plugin(
        ctx: typer.Context,
        url: Annotated[
            str,
            typer.Argument(metavar="URL", help="Base URL of the running plugin, including /api/v1."),
        ],
        port: PortOption = None,
        host: HostOption = None,
        open_browser: OpenOption = None,
        contract_version: ContractOption = None,
    ) -> None:
        """Serve the plugin page for a plugin that is already running at URL (nothing is started)."""
        show(ctx, PLUGIN.name, url, (port, host, open_browser), contract_version)

    @dev_app.command(MODULE.name)
    def module(
        ctx: typer.Context,
        url: Annotated[
            str,
            typer.Argument(
                metavar="URL",
                help="baseUrl of the running module backend (well-known is URL/api/v1/well-known).",
            ),
        ],
        port: PortOption = None,
        host: HostOption = None,
        open_browser: OpenOption = None,
        contract_version: ContractOption = None,
        data_file: Annotated[
            Path | None,
            typer.Option(
                "--data-file",
                help='JSON file {"moduleData": {...}, "settings": ...} the components start with '
                "instead of the spec's examples (a project keeps frontend/host-data.json).",
            ),
        ] = None,
    ) -> None:
        """Serve the module page for a module backend that is already running at URL (nothing is started)."""
        show(ctx, MODULE.name, url, (port, host, open_browser), contract_version, data_file)

    app.add_typer(dev_app, name="dev")
