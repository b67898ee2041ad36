"""Project state is untrusted: manifest keys, answers and state files a pull request can change.

Every case runs the CLI as a user's CI would, checks one sentence on stderr and exit 1, and that
nothing outside the project (and nothing inside it) was read into the output, written or removed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml

from tests.cli_runner import run_scaffold
from tests.hostile.projects import tree_digest

PACKAGE = "acme_sales"
MODELS = f"{PACKAGE}/_contract/models.py"
SECRET = "VICTIM-CONTENT-4711"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file outside the project that no command may read, change or remove."""
    path = tmp_path / "victim.txt"
    path.write_text(SECRET, encoding="utf-8")
    return path


def assert_one_sentence(result: object, *needles: str) -> str:
    stderr = result.stderr  # type: ignore[attr-defined]
    assert result.returncode == 1, (result.returncode, stderr)  # type: ignore[attr-defined]
    lines = [line for line in stderr.splitlines() if line.strip()]
    # A diff `regenerate --check` prints may quote generated code (`PydanticKnownError(`): only
    # the lines scaffold itself writes must hold no traceback and no repr.
    own = [line for line in lines if not line.startswith(("+", "-", " ", "@@"))]
    assert not any("Traceback" in line or "Error(" in line for line in own), stderr
    errors = [line for line in lines if line.startswith("error: ")]
    # `regenerate --check` prints the diff first (on stderr); the message is the one last line
    assert len(errors) == 1 and lines[-1] == errors[0], stderr
    for needle in needles:
        assert needle in errors[0], (needle, errors[0])
    return errors[0]


def edit_manifest(project: Path, key: str, value: str = "0" * 64) -> None:
    path = project / ".scaffold/manifest.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["files"][key] = value
    path.write_text(json.dumps(data), encoding="utf-8")


def edit_answers(project: Path, **changes: object) -> None:
    path = project / ".copier-answers.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path.write_text(yaml.safe_dump(data), encoding="utf-8")


@pytest.mark.parametrize("relative", [True, False], ids=["dot-dot", "absolute"])
@pytest.mark.parametrize("check", [False, True], ids=["regenerate", "regenerate-check"])
def test_manifest_key_outside_the_project(plugin: Path, victim: Path, relative: bool, check: bool) -> None:
    key = os.path.relpath(victim, plugin) if relative else str(victim)
    edit_manifest(plugin, key)
    before = tree_digest(plugin)
    result = run_scaffold(["regenerate", *(["--check"] if check else []), str(plugin)])
    assert_one_sentence(result, ".scaffold/manifest.json", "files entry")
    assert SECRET not in result.stdout + result.stderr
    assert victim.read_text(encoding="utf-8") == SECRET
    assert tree_digest(plugin) == before


def test_check_never_prints_a_file_outside_the_project(plugin: Path) -> None:
    hostname = Path("/etc/hostname")
    edit_manifest(plugin, str(hostname))
    result = run_scaffold(["regenerate", "--check", str(plugin)])
    assert_one_sentence(result, ".scaffold/manifest.json")
    if hostname.is_file() and hostname.read_text().strip():
        assert hostname.read_text().strip() not in result.stdout + result.stderr


def test_manifest_key_of_a_user_file_is_not_removed(plugin: Path) -> None:
    """A path inside the project that the generator never writes (the user's own app.py)."""
    edit_manifest(plugin, f"{PACKAGE}/app.py")
    before = tree_digest(plugin)
    result = run_scaffold(["regenerate", "--force", str(plugin)])
    assert_one_sentence(result, ".scaffold/manifest.json", f"{PACKAGE}/app.py")
    assert tree_digest(plugin) == before


def test_contract_file_symlinked_outside_is_never_read(plugin: Path, victim: Path) -> None:
    (plugin / MODELS).unlink()
    (plugin / MODELS).symlink_to(victim)
    for args in (["regenerate", "--check"], ["regenerate", "--force"]):
        result = run_scaffold([*args, str(plugin)])
        assert_one_sentence(result, "outside the project")
        assert SECRET not in result.stdout + result.stderr
    assert victim.read_text(encoding="utf-8") == SECRET


@pytest.mark.parametrize(
    ("value", "needle"),
    [
        ("../../x", "package name"),
        ("/tmp/elsewhere", "package name"),
        (42, "must be text"),
        (None, "missing"),
    ],
    ids=["dot-dot", "absolute", "number", "missing"],
)
@pytest.mark.parametrize("command", ["regenerate", "regenerate-check", "upgrade"])
def test_hostile_package_name_answer(
    plugin: Path, tmp_path: Path, value: object, needle: str, command: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    edit_answers(plugin, package_name=str(elsewhere) if value == "ABSOLUTE" else value)
    from tests.git_helpers import git

    git(plugin, "commit", "--quiet", "-am", "a pull request changes the answers")
    before = tree_digest(plugin)
    outside_before = sorted(p.name for p in tmp_path.iterdir())
    args = {
        "regenerate": ["regenerate"],
        "regenerate-check": ["regenerate", "--check"],
        "upgrade": ["upgrade"],
    }
    result = run_scaffold([*args[command], str(plugin)])
    line = assert_one_sentence(result, ".copier-answers.yml", needle)
    assert "package_name" in line or "package name" in line
    assert tree_digest(plugin) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == outside_before
    assert not elsewhere.exists()


def test_answers_with_a_yaml_alias_bomb(plugin: Path) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    original = (plugin / ".copier-answers.yml").read_text(encoding="utf-8")
    (plugin / ".copier-answers.yml").write_text(original + "\n".join(lines) + "\n", encoding="utf-8")
    result = run_scaffold(["regenerate", "--check", str(plugin)], timeout=60)
    assert_one_sentence(result, ".copier-answers.yml", "aliases")


def test_manifest_that_is_not_a_regular_file(plugin: Path) -> None:
    (plugin / ".scaffold/manifest.json").unlink()
    (plugin / ".scaffold/manifest.json").symlink_to("/dev/zero")
    result = run_scaffold(["regenerate", "--check", str(plugin)], timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr


def test_huge_manifest(plugin: Path) -> None:
    (plugin / ".scaffold/manifest.json").write_bytes(b" " * (3 << 20) + b"{}")
    result = run_scaffold(["regenerate", "--check", str(plugin)], timeout=60)
    assert_one_sentence(result, ".scaffold/manifest.json", "larger than")


def test_non_utf8_byte_in_a_contract_owned_file(plugin: Path) -> None:
    (plugin / MODELS).write_bytes((plugin / MODELS).read_bytes() + b"\xff\xfe\n")
    result = run_scaffold(["regenerate", "--check", str(plugin)])
    line = assert_one_sentence(result, "edited by hand", MODELS)
    assert "regenerate --force" in line, "the hint names the command that works on a hand edit"
    assert "UnicodeDecodeError" not in result.stdout + result.stderr


def test_check_on_a_stale_file_points_at_plain_regenerate(plugin: Path) -> None:
    (plugin / MODELS).unlink()
    result = run_scaffold(["regenerate", "--check", str(plugin)])
    line = assert_one_sentence(result, "out of date")
    assert "`scaffold regenerate`" in line and "--force" not in line
    assert run_scaffold(["regenerate", str(plugin)]).returncode == 0


def test_package_name_that_shadows_a_dependency_is_refused(tmp_path: Path) -> None:
    for kind, package in (("plugin", "pydantic"), ("plugin", "starlette"), ("module", "fastapi")):
        result = run_scaffold(
            [f"new-{kind}", str(tmp_path / "x-project"), "--package", package, "--defaults"]
        )
        assert_one_sentence(result, f"package name '{package}'", "shadow")
        assert not (tmp_path / "x-project").exists()


def test_hostile_template_ref_answer(plugin: Path) -> None:
    edit_answers(plugin, _commit="--upload-pack=touch /tmp/pwned")
    result = run_scaffold(["regenerate", "--check", str(plugin)])
    assert_one_sentence(result, ".copier-answers.yml", "_commit")
