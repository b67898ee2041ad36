"""The registry check: private packages in package.json -> registry lines and credentials in .npmrc.

Rules (the same in `frontend/scripts/check-registry.mjs`):

1. No dependency in a private scope (`@ui-kit/...`, `@platform/...`): nothing to check, pass.
2. Every private scope in use has `@scope:registry=URL` in the project's `.npmrc`, and the URL
   carries no credentials (`user:password@`): secrets go in credential lines. Its host is no
   placeholder (`placeholders.py`: `.invalid`, `.example`, example.com/.net/.org, `*.example.*`;
   localhost is allowed), such as the one `scaffold new-module` writes without `--registry-url`.
   A placeholder is reported alone, in one sentence: every credential key repeats the URL, so
   fixing the URL changes them too.
3. That registry has credentials keyed to it (`//host/path/:username=...`, `:_password=...`,
   or a token), found the way npm finds them: keys and values expanded as npm expands them
   (`${VAR}` in a key too), walking up the URL path.
4. Secrets are `${VAR}` references, never literal text in the file.
5. Every variable referenced there is set and not empty (`${VAR:-default}` is not npm syntax and
   is named as such), and the password is canonical base64.

All problems are collected and reported together, so one run tells the user everything to fix.
Nothing printed holds a credential: URLs and keys are shown as written in `.npmrc` (`redact`),
and the finished text is scrubbed of every secret value the file refers to.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from scaffold.errors import RegistryConfigError
from scaffold.redact import scrub, shown_key, shown_url
from scaffold.registry.config import RegistryRules, load_rules
from scaffold.registry.encoding import base64_problem
from scaffold.registry.env_expand import references, written
from scaffold.registry.npmrc import NpmrcEntry, Setting, npm_settings, read_npmrc
from scaffold.registry.packages import needed_scopes, read_package_json
from scaffold.registry.placeholders import is_placeholder_host
from scaffold.registry.registry_url import RegistryUrl, parse_registry_url, suggested_key

_SECRET_KEYS = ("_password", "_authToken", "_auth")
_CREDENTIAL_KEYS = (*_SECRET_KEYS, "username", "email")
_PUBLIC_KEYS = ("username", "email")  # their values may be printed; every other value is secret


@dataclass(frozen=True)
class RegistryCheck:
    """What was checked: scope -> registry URL as written in .npmrc, credentials masked."""

    frontend: Path
    registries: dict[str, str] = field(default_factory=dict)

    @property
    def needed(self) -> bool:
        return bool(self.registries)


@dataclass(frozen=True)
class _Npmrc:
    """The project's .npmrc as npm loads it, with what the messages need."""

    where: Path
    settings: Mapping[str, Setting]
    environ: Mapping[str, str]
    rules: RegistryRules


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
    entries = read_npmrc(frontend / ".npmrc")
    npmrc = _Npmrc(frontend / ".npmrc", npm_settings(entries, environ), environ, rules)
    placeholder = _placeholder_problem(needed, npmrc)
    if placeholder is not None:
        raise RegistryConfigError(
            scrub(
                f"the private npm registry configuration of {frontend} is not usable: {placeholder}",
                _secrets(entries, npmrc),
            )
            + "."
        )
    problems: list[str] = []
    registries: dict[str, str] = {}
    for scope, packages in needed.items():
        setting = npmrc.settings.get(f"{scope}:registry")
        if setting is None:
            problems.append(
                f"{', '.join(packages)} need(s) `{scope}:registry=URL` in {npmrc.where}, and there is none"
            )
            continue
        registries[scope] = shown_url(written(setting.entry.value))
        problems.extend(_registry_problems(scope, setting, npmrc))
    secrets = _secrets(entries, npmrc)
    if problems:
        unique = list(dict.fromkeys(problems))
        raise RegistryConfigError(
            scrub(
                f"the private npm registry configuration of {frontend} is not usable: {'; '.join(unique)}",
                secrets,
            ),
            hint=f"Set the variables in your shell or CI secrets, e.g. export {rules.password_var}="
            "$(printf '%s' \"$PASSWORD\" | base64 -w0); never write the secrets into .npmrc.",
        )
    return RegistryCheck(frontend, {scope: scrub(url, secrets) for scope, url in registries.items()})


def _placeholder_problem(scopes: Iterable[str], npmrc: _Npmrc) -> str | None:
    """What, where and how to fix, for every scope in use sent to a placeholder host; else None."""
    found: list[tuple[int, str, str, str]] = []  # (line, scope, URL and credential key as shown)
    for scope in scopes:
        setting = npmrc.settings.get(f"{scope}:registry")
        url = parse_registry_url(setting.value) if setting is not None else None
        if setting is None or url is None or not is_placeholder_host(url.host):
            continue
        value = written(setting.entry.value)
        key = suggested_key(value) if parse_registry_url(value) is not None else url.auth_keys()[0]
        found.append((setting.entry.line, scope, shown_url(value), shown_url(key)))
    if not found:
        return None
    lines = " and ".join(f"line {line} ({scope} -> `{url}`)" for line, scope, url, _ in found)
    keys = ", ".join(dict.fromkeys(f"`{key}:...`" for *_, key in found))
    one = len(found) == 1
    return (
        f"{npmrc.where} {lines} {'points' if one else 'point'} at a placeholder host reserved for "
        f"examples (RFC 2606), not at a registry: write your registry's URL in "
        f"{'that line' if one else 'those lines'} and in the credential keys that repeat it ({keys}), "
        "or make the module with `scaffold new-module --registry-url URL`"
    )


def _registry_problems(scope: str, setting: Setting, npmrc: _Npmrc) -> list[str]:
    entry = setting.entry
    problems = _variable_problems(entry, npmrc)
    url = parse_registry_url(setting.value)
    if url is None:
        return [*problems, f"{scope}:registry in {npmrc.where} line {entry.line} is not an http(s) URL"]
    shown = shown_url(written(entry.value))
    if parse_registry_url(written(entry.value)) is not None:
        suggested = shown_url(suggested_key(written(entry.value)))
    else:  # the whole URL comes from a variable: the key npm looks for, masked like a URL
        suggested = shown_url(url.auth_keys()[0])
    if url.userinfo:
        problems.append(
            f"the {scope} registry URL in {npmrc.where} line {entry.line} (`{shown}`) carries "
            "credentials: secrets must be ${VAR} references in credential lines, not part of the "
            f"URL; remove what comes before the `@` and write `{suggested}:username="
            f"${{{npmrc.rules.username_var}}}` and `{suggested}:_password=${{{npmrc.rules.password_var}}}`"
        )
    return problems + _credentials(url, shown, suggested, npmrc)


def _credentials(url: RegistryUrl, shown: str, suggested: str, npmrc: _Npmrc) -> list[str]:
    """Problems with the credentials npm would use for `url` (the most specific set that exists)."""
    for key in url.auth_keys():
        found = {
            name: npmrc.settings[f"{key}:{name}"]
            for name in _CREDENTIAL_KEYS
            if f"{key}:{name}" in npmrc.settings
        }
        if any(name in found for name in _SECRET_KEYS):
            return _credential_problems(found, npmrc)
    rules = npmrc.rules
    problems = [
        f"{npmrc.where} has no credentials for the registry {shown}: add "
        f"`{suggested}:username=${{{rules.username_var}}}`, `{suggested}:_password=${{{rules.password_var}}}` "
        f"and `{suggested}:email=${{{rules.email_var}}}`"
    ]
    for setting in npmrc.settings.values():  # a key npm cannot match while its variable is unset
        if setting.entry.key.rpartition(":")[2] in _CREDENTIAL_KEYS:
            problems.extend(_variable_problems(setting.entry, npmrc, key_only=True))
    return problems


def _credential_problems(found: Mapping[str, Setting], npmrc: _Npmrc) -> list[str]:
    problems: list[str] = []
    rules = npmrc.rules
    first = next(found[name].entry for name in _SECRET_KEYS if name in found)
    prefix = shown_key(written(first.key).rpartition(":")[0])
    for name, setting in found.items():
        entry = setting.entry
        if name in _SECRET_KEYS and not (entry.text and references(entry.value)):
            variable = rules.password_var if name == "_password" else "VARIABLE"
            problems.append(
                f"{npmrc.where} line {entry.line} holds a literal secret for {prefix}: "
                f"write `{prefix}:{name}=${{{variable}}}` and set the variable instead"
            )
            continue
        unset = _variable_problems(entry, npmrc)
        problems.extend(unset)
        if name == "_password" and rules.encoding == "base64" and not unset:
            problem = base64_problem(setting.value)
            if problem is not None:
                names = ", ".join(reference.shown for reference in references(entry.value))
                problems.append(f"{names} must be the password encoded as base64, but {problem}")
    if "_password" in found and "username" not in found:
        problems.append(f"{npmrc.where} has a password but no `{prefix}:username=${{{rules.username_var}}}`")
    return problems


def _variable_problems(entry: NpmrcEntry, npmrc: _Npmrc, *, key_only: bool = False) -> list[str]:
    """Every variable the entry refers to that npm cannot replace with a non-empty value."""
    problems = []
    where = f"{npmrc.where} line {entry.line}, `{shown_key(written(entry.key))}`"
    found = references(entry.key) if key_only else entry.references
    for reference in found:
        if npmrc.environ.get(reference.name):
            continue
        if not reference.plain and reference.name not in npmrc.environ:
            plain = reference.shown.removesuffix("...").rstrip(":-=+") or "NAME"
            problems.append(
                f"`${{{reference.shown}}}` ({where}) is not npm syntax: npm has no default values, it "
                f"looks for a variable named `{reference.shown}` and, as none is set, uses the text as "
                f"written; write `${{{plain}}}` and set {plain}"
            )
            continue
        state = "is empty" if reference.name in npmrc.environ else "is not set"
        problems.append(f"{reference.shown} {state} ({where}, refers to it)")
    return problems


def _secrets(entries: Iterable[NpmrcEntry], npmrc: _Npmrc) -> list[str]:
    """Values no message may show: what the variables hold, literal secrets, URL userinfo."""
    secrets: list[str] = []
    for entry in entries:
        public = entry.key.rpartition(":")[2] in _PUBLIC_KEYS
        for reference in references(entry.key) if public else entry.references:
            secrets.append(npmrc.environ.get(reference.name, ""))
        if entry.key.rpartition(":")[2] in _SECRET_KEYS and not references(entry.value):
            secrets.append(entry.value)  # a literal secret: reported by line, never shown
    for setting in npmrc.settings.values():
        url = parse_registry_url(setting.value) if setting.entry.key.endswith(":registry") else None
        if url is not None and url.userinfo:  # the user name alone is not secret
            secrets.extend([url.userinfo, url.userinfo.partition(":")[2]])
    return secrets
