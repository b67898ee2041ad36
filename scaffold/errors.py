"""The one exception hierarchy of scaffold.

Library code raises these; only the CLI turns them into a message on stderr and an exit code.
Every message is one sentence a user can act on: what is wrong, where, and how to fix it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class ScaffoldError(Exception):
    """Base of every error a user can cause or fix; the CLI prints it and exits with `exit_code`."""

    exit_code: int = 1

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if self.hint is None:
            return self.message
        stop = "" if self.message.endswith((".", "!", "?", ":")) else "."
        return f"{self.message}{stop} {self.hint}"


class UsageError(ScaffoldError):
    """The command line itself is wrong (unknown option value, missing argument)."""

    exit_code = 2


class SpecError(ScaffoldError):
    """A spec file cannot be read or is not a valid contract spec."""

    def __init__(self, message: str, *, path: Path, pointer: str = "", hint: str | None = None) -> None:
        where = f"{path}" if not pointer else f"{path} at {pointer}"
        super().__init__(f"{where}: {message}", hint=hint)
        self.path = path
        self.pointer = pointer


class UnknownContractError(ScaffoldError):
    """A contract name or version that scaffold does not ship was asked for."""


class GenerationError(ScaffoldError):
    """A generator could not turn a valid spec into code (a bug or an unsupported construct)."""


class InvalidNameError(ScaffoldError):
    """A project, package or scope name breaks its naming rule."""


class DestinationError(ScaffoldError):
    """The destination folder cannot be used (occupied, not writable, inside another project)."""


class RepositoryError(ScaffoldError):
    """git could not make a new project a repository with its first commit (`new-*` without --no-git)."""


class TemplateError(ScaffoldError):
    """A project template could not be rendered or its version store is inconsistent."""


class ProjectError(ScaffoldError):
    """A folder is not a scaffold project, or its recorded state is inconsistent."""


class DirtyTreeError(ProjectError):
    """An upgrade was asked for on a git tree with uncommitted changes."""


class StaleFilesError(ProjectError):
    """Contract-owned files differ from what the recorded spec generates (regenerate --check)."""

    def __init__(self, message: str, *, diff: str, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.diff = diff


class HandEditedFilesError(ProjectError):
    """Contract-owned files were edited by hand and would be overwritten."""

    def __init__(self, message: str, *, paths: Sequence[str], hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.paths = list(paths)


class RegistryConfigError(ScaffoldError):
    """npm registry configuration or credentials are missing or malformed."""


class ToolMissingError(ScaffoldError):
    """An external tool scaffold needs (git, npm, Chromium) is not installed."""


class ProjectBusyError(ProjectError):
    """Another scaffold command is changing the same project right now."""


class InterruptedByUser(ScaffoldError):
    """Ctrl-C or SIGTERM stopped a command; the message says what was done or undone."""

    exit_code = 130


class DevServiceError(ScaffoldError):
    """`scaffold dev` cannot start or reach the project's service (wrong Python, it exited, no answer)."""


class CheckInputError(ScaffoldError):
    """What the user gave `scaffold check` cannot be used (a config file or variable, its values)."""
