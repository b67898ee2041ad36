"""Checking a module frontend's private npm registry configuration before npm uses it.

npm expands `${VAR}` in `.npmrc` but leaves an unset variable as literal text, and it never checks
that `_password` is base64: a missing or mistyped credential surfaces as a confusing 401 (or a
garbage password sent to the registry) deep inside `npm install`, and a registry URL left at a
placeholder (`placeholders.py`) as `getaddrinfo ENOTFOUND`. This package finds those mistakes
first, with a message that names the variable or line and the fix. The same rules are implemented
for the project itself in `frontend/scripts/check-registry.mjs`, which runs without scaffold
installed.
"""

from scaffold.registry.check import RegistryCheck, check_registry

__all__ = ["RegistryCheck", "check_registry"]
