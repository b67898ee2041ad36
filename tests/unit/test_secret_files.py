"""Which secrets runtime files each kind of project carries, in every language.

The `enc:v1:` token is one file per language (secrets.py, secrets.ts, secrets/secrets.go), copied
into plugins and module backends alike; the plugin's key loading (PLUGIN_SECRET_KEY and the
development key file: secret_keys.py, secret-keys.ts, secrets/secretkeys.go) into plugins only. A
module backend reads MODULE_SECRET_KEY itself and keeps no key file, so none of the loader reaches it.
"""

from __future__ import annotations

import pytest

from scaffold.codegen import module_project, plugin_project
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument

LANGUAGES = ("python", "typescript", "go")
TOKEN = {"python": "/secrets.py", "typescript": "/secrets.ts", "go": "/secrets/secrets.go"}
LOADER = {"python": "/secret_keys.py", "typescript": "/secret-keys.ts", "go": "/secrets/secretkeys.go"}
# The loader's entry point, as the project's code would call it.
LOAD = {"python": "def load_secret_box(", "typescript": "function loadSecretBox(", "go": "func Load("}


def _answers(language: str, name: str) -> dict[str, object]:
    package = name.replace("-", "_")
    return {
        "language": language,
        "project_name": name,
        "package_name": package,
        "scope": package,
        "components": ["Widget", "WidgetEditor", "Settings"],
    }


def _one(files: dict[str, str], suffix: str) -> list[str]:
    return [path for path in files if path.endswith(suffix)]


@pytest.fixture(scope="module")
def module_spec() -> SpecDocument:
    return load_shipped("dashboard-module")


@pytest.fixture(scope="module")
def plugin_spec() -> SpecDocument:
    return load_shipped("datasource-plugin")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_module_backend_carries_the_token_and_not_the_plugins_key_loading(
    module_spec: SpecDocument, language: str
) -> None:
    files = dict(module_project.contract_files(module_spec, _answers(language, "acme-map")))
    assert len(_one(files, TOKEN[language])) == 1
    assert _one(files, LOADER[language]) == []
    assert [path for path, text in files.items() if LOAD[language] in text] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plugin_carries_the_token_and_its_key_loading(plugin_spec: SpecDocument, language: str) -> None:
    files = dict(plugin_project.contract_files(plugin_spec, _answers(language, "acme-sales")))
    (token,) = _one(files, TOKEN[language])
    (loader,) = _one(files, LOADER[language])
    assert LOAD[language] in files[loader] and LOAD[language] not in files[token]
