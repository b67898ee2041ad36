"""Arguments that several commands share, kept out of any command module.

`scaffold check` and `scaffold dev` both take the URL of a running service, `scaffold regenerate`
takes a project folder, `scaffold status` and `scaffold upgrade` a fleet; each command module imports from here, never from another command module, so loading one command never loads
another (scaffold.cli.app registers only the module a command needs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scaffold.redact import url_secrets, without_credentials

ProjectArgument = Annotated[
    Path, typer.Argument(help="The project folder (default: the current folder or the project above it).")
]
# `scaffold status` and `scaffold upgrade`: a fleet, found as scaffold.projects.fleet finds it.
ProjectsArgument = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Project folders, or folders holding projects up to two levels down, such as a monorepo "
        "(default: the current folder, or the project it lies in).",
        metavar="PROJECT...",
        show_default=False,
    ),
]


def base_url_argument(value: str) -> str:
    """An http(s) URL with a host that httpx can use as it is (no whitespace, port in range).

    A refusal quotes the URL with any `user:password@` masked: usage errors are output too.
    """
    import httpx  # imported here: every other command starts without paying for it

    example = "e.g. http://127.0.0.1:8080/api/v1"
    secrets = url_secrets(value)

    def refused(problem: str) -> typer.BadParameter:
        return typer.BadParameter(without_credentials(f"{value!r} {problem}, {example}", secrets))

    if any(char.isspace() for char in value):
        raise refused("contains whitespace; give the URL without it")
    try:
        url = httpx.URL(value)
    except (httpx.InvalidURL, ValueError, UnicodeError) as exc:
        raise refused(f"is not a valid URL ({exc})") from None
    if url.scheme not in ("http", "https") or not url.host:
        raise refused("is not an http(s) URL with a host")
    if url.port is not None and not 0 < url.port < 65536:
        raise refused(f"has port {url.port}, outside 1-65535")
    return value
