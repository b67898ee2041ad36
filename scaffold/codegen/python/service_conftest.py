"""The contract-owned `conftest.py` of a Python service folder (a plugin's root, a module's backend/).

pytest loads a conftest.py in its root folder before any test, whatever the user's own
tests/conftest.py holds; this one hands pytest the starter-corrections hook (runtime file
starter_corrections.py), so a kept older starter test that pins a rule a contract revision
corrected reports what to change instead of failing. It is the only contract-owned file outside the
contract folder, because it is the one place pytest finds without the user's help.
"""

from __future__ import annotations

SERVICE_CONFTEST = "conftest.py"

_BODY = '''"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see {package}/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from {package}._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
'''


# A module backend reads MODULE_SECRET_KEY when its app is made (its conformance test makes one at
# import, and checks POST /api/v1/secrets answers 2xx): its tests run with a key of their own. Set
# here, not in the user's tests/conftest.py, so that a project whose tests are kept through an
# upgrade from before the module's secrets gets it too.
_MODULE_IMPORTS = "import base64\nimport os\n\n"
_TESTS_ENVIRONMENT = """
# The app reads MODULE_SECRET_KEY when it is made: the tests run with a key made for this run,
# unless one is exported (the tests' `seal` fixture encrypts with it).
os.environ.setdefault("MODULE_SECRET_KEY", base64.urlsafe_b64encode(os.urandom(32)).decode())
"""


def service_conftest(
    header: str, package: str, *, lints_long_lines: bool = False, module_secret_key: bool = False
) -> str:
    """The file's text for service package `package`, after the DO-NOT-EDIT `header`.

    The header's stamp is one line, longer than a module backend's line length; that project's ruff
    checks line length here (`lints_long_lines`), so its copy exempts this file from E501. A
    plugin's ruff ignores E501, and would call the same exemption unused (RUF100). The import is
    parenthesised with a trailing comma so that ruff's formatter and import sorter keep it as it is
    for a package name of any allowed length (up to 64 characters).
    """
    exemption = "# ruff: noqa: E501\n" if lints_long_lines else ""
    body = _BODY.format(package=package)
    if module_secret_key:
        imports = body.index("from ")
        body = body[:imports] + _MODULE_IMPORTS + body[imports:]
        body = body.replace("\n__all__", _TESTS_ENVIRONMENT + "\n__all__")
    return header + exemption + body
