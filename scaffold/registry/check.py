"""The registry check: private packages in package.json -> registry lines and credentials in .npmrc.

Rules (the same in `frontend/scripts/check-registry.mjs`):

1. No dependency in a private scope (`@ui-kit/...`, `@platform/...`): nothing to check, pass.
2. Every private scope in use has `@scope:registry=URL` in the project's `.npmrc`.
3. That registry has credentials keyed to it (`//host/path/:username=...`, `:_password=...`,
   or a token), found the way npm finds them (walking up the URL path).
4. Secrets are `${VAR}` references, never literal text in the file.
5. Every variable referenced there is set and not empty, and the password is canonical base64.

All problems are collected and reported together, so one run tells the user everything to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from scaffold.errors import RegistryConfigError
from scaffold.registry.config import RegistryRules, load_rules
from scaffold.registry.encoding import base64_problem
from scaffold.registry.npmrc import NpmrcEntry, credential_prefixes, read_npmrc
from scaffold.registry.packages import needed_scopes, read_package_json

_SECRET_KEYS = ("_password", "_authToken", "_auth")
_CREDENTIAL_KEYS = (*_SECRET_KEYS, "username", "email")


@dataclass(frozen=True)
class RegistryCheck:
    """What was checked: scope -> registry URL (empty when no private package is needed)."""

    frontend: Path
    registries: dict[str, str] = field(default_factory=dict)

    @property
    def needed(self) -> bool:
        return bool(self.registries)


def frontend_folder(path: Path) -> Path:
    """The frontend folder for a module project root or the frontend folder itself."""
    path = path.resolve()
    if (path / "package.json").is_file():
        return path
    if (path / "frontend" / "package.json").is_file():
        return path / "frontend"
    raise RegistryConfigError(
        f"{path} holds no package.json and no frontend/package.json",
        hint="Pass a module project made by `scaffold new-module`, or its frontend folder.",
    )


def check_registry(
    path: Path, environ: Mapping[str, str], rules: RegistryRules | None = None
) -> RegistryCheck:
    """Check `path` (project or frontend folder); raise RegistryConfigError listing every problem."""
    frontend = frontend_folder(path)
    package = read_package_json(frontend / "package.json")
    rules = rules or load_rules(frontend)
    needed = needed_scopes(package, rules.scopes)
    if not needed:
        return RegistryCheck(frontend)
    npmrc_path = frontend / ".npmrc"
    entries = read_npmrc(npmrc_path)
    problems: list[str] = []
    registries: dict[str, str] = {}
    for scope, packages in needed.items():
        entry = entries.get(f"{scope}:registry")
        if entry is None:
            problems.append(
                f"{', '.join(packages)} need(s) `{scope}:registry=URL` in {npmrc_path}, and there is none"
            )
            continue
        problems.extend(_unset(entry, environ, npmrc_path))
        url = entry.expand(environ)
        registries[scope] = url
        if not url.startswith(("http://", "https://")):
            problems.append(f"{scope}:registry in {npmrc_path} line {entry.line} is not an http(s) URL")
            continue
        problems.extend(_credentials(url, entries, environ, rules, npmrc_path))
    if problems:
        unique = list(dict.fromkeys(problems))
        raise RegistryConfigError(
            f"the private npm registry configuration of {frontend} is not usable: {'; '.join(unique)}",
            hint=f"Set the variables in your shell or CI secrets, e.g. export {rules.password_var}="
            "$(printf '%s' \"$PASSWORD\" | base64 -w0); never write the secrets into .npmrc.",
        )
    return RegistryCheck(frontend, registries)


def _credentials(
    url: str, entries: Mapping[str, NpmrcEntry], environ: Mapping[str, str], rules: RegistryRules, where: Path
) -> list[str]:
    """Problems with the credentials npm would use for `url` (the most specific set that exists)."""
    for prefix in credential_prefixes(url):
        found = {key: entries[f"{prefix}:{key}"] for key in _CREDENTIAL_KEYS if f"{prefix}:{key}" in entries}
        if any(key in found for key in _SECRET_KEYS):
            return _credential_problems(prefix, found, environ, rules, where)
    dart = credential_prefixes(url)[0]
    return [
        f"{where} has no credentials for the registry {url}: add `{dart}:username=${{{rules.username_var}}}`, "
        f"`{dart}:_password=${{{rules.password_var}}}` and `{dart}:email=${{{rules.email_var}}}`"
    ]


def _credential_problems(
    prefix: str,
    found: Mapping[str, NpmrcEntry],
    environ: Mapping[str, str],
    rules: RegistryRules,
    where: Path,
) -> list[str]:
    problems: list[str] = []
    for key, entry in found.items():
        if key in _SECRET_KEYS and not entry.references:
            variable = rules.password_var if key == "_password" else "VARIABLE"
            problems.append(
                f"{where} line {entry.line} holds a literal secret for {prefix}: "
                f"write `{prefix}:{key}=${{{variable}}}` and set the variable instead"
            )
            continue
        unset = _unset(entry, environ, where)
        problems.extend(unset)
        if key == "_password" and rules.encoding == "base64" and not unset:
            problem = base64_problem(entry.expand(environ))
            if problem is not None:
                names = ", ".join(entry.references)
                problems.append(f"{names} must be the password encoded as base64, but {problem}")
    if "_password" in found and "username" not in found:
        problems.append(f"{where} has a password but no `{prefix}:username=${{{rules.username_var}}}`")
    return problems


def _unset(entry: NpmrcEntry, environ: Mapping[str, str], where: Path) -> list[str]:
    problems = []
    for name in entry.references:
        if not environ.get(name):
            state = "is empty" if name in environ else "is not set"
            problems.append(f"{name} {state} ({where} line {entry.line}, `{entry.key}`, refers to it)")
    return problems
