"""The starter-file rule of `scaffold upgrade` (scaffold/projects/starter_files.py), on made-up trees.

tests/functional/test_upgrade_matrix.py runs it on real projects of every past template version.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scaffold.contracts import MODULE, PLUGIN
from scaffold.projects.starter_files import (
    RenderedFile,
    StarterPlan,
    apply_starter_plan,
    plan_starters,
    starter_matcher,
)
from scaffold.resources import templates_root

OLD = {
    "pkg/datasource.py": b"v1 datasource\n",
    "pkg/example/queries.py": b"v1 queries\n",
    "tests/test_plugin.py": b"v1 tests\n",
    "pkg/app.py": b"template-owned v1\n",
}
NEW = {
    "pkg/datasource.py": b"v2 datasource\n",
    "pkg/example/queries.py": b"v1 queries\n",
    "pkg/example/guards.py": b"v2 guards\n",
    "tests/test_limits.py": b"v2 limits\n",
    "pkg/app.py": b"template-owned v2\n",
}


def _no_restore(path: str) -> None:
    raise AssertionError(f"an unedited starter restores nothing ({path})")


def _rendered(files: dict[str, bytes]) -> dict[str, RenderedFile]:
    return {path: RenderedFile(data, 0o644) for path, data in files.items()}


def _is_starter(path: str) -> bool:
    return path == "pkg/datasource.py" or path.startswith(("pkg/example/", "tests/"))


def _plan(project: dict[str, bytes]) -> StarterPlan:
    return plan_starters(
        PLUGIN,
        _is_starter,
        set(project),
        lambda path, size: project[path] if len(project[path]) == size else None,
        _rendered(OLD),
        _rendered(NEW),
        package="pkg",
        language="python",
        from_version="1.0.0",
        to_version="2.0.0",
    )


def test_an_unedited_starter_moves_whole_to_the_new_version(tmp_path: Path) -> None:
    plan = _plan(dict(OLD))
    (part,) = plan.parts
    assert part.state == "unedited" and plan.moved() == [part] and plan.held_back() == []
    assert part.new == ("pkg/example/guards.py", "tests/test_limits.py")
    assert part.changed == ("pkg/datasource.py",) and part.removed == ("tests/test_plugin.py",)
    for path, data in OLD.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    apply_starter_plan(plan, tmp_path, _rendered(NEW), lambda path: path in OLD, _no_restore)
    assert (tmp_path / "pkg/datasource.py").read_bytes() == NEW["pkg/datasource.py"]
    assert (tmp_path / "pkg/example/guards.py").read_bytes() == NEW["pkg/example/guards.py"]
    assert not (tmp_path / "tests/test_plugin.py").exists(), "a starter file the new version dropped goes"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"pkg/datasource.py": b"mine\n"}, "pkg/datasource.py"),
        ({"tests/test_plugin.py": None}, "tests/test_plugin.py"),
        ({"tests/test_mine.py": b"my own test\n"}, "tests/test_mine.py"),
    ],
    ids=["changed", "deleted", "a file of the user's beside them"],
)
def test_an_edited_starter_stays_and_gains_nothing(
    change: dict[str, bytes | None], why: str, tmp_path: Path
) -> None:
    project = {**OLD, **{k: v for k, v in change.items() if v is not None}}
    for path in [k for k, v in change.items() if v is None]:
        del project[path]
    plan = _plan(project)
    (part,) = plan.parts
    assert part.state == "edited" and part.edited == (why,) and plan.held_back() == [part]
    # copier has written the new starter files that did not exist and deleted the ones the new
    # version dropped: the plan takes the first out again and puts the second back
    for path, data in {**project, "pkg/example/guards.py": b"v2", "tests/test_limits.py": b"v2"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    (tmp_path / "tests/test_plugin.py").unlink(missing_ok=True)
    restored: list[str] = []

    def restore(path: str) -> None:
        restored.append(path)
        (tmp_path / path).write_bytes(project[path])

    apply_starter_plan(plan, tmp_path, _rendered(NEW), lambda path: path in project, restore)
    assert (
        not (tmp_path / "pkg/example/guards.py").exists() and not (tmp_path / "tests/test_limits.py").exists()
    )
    assert (tmp_path / "pkg/datasource.py").read_bytes() == project["pkg/datasource.py"]
    kept = "tests/test_plugin.py" in project
    assert restored == (["tests/test_plugin.py"] if kept else []), "a deleted starter file stays deleted"
    assert (tmp_path / "tests/test_plugin.py").exists() == kept


def test_a_template_owned_edit_does_not_make_the_starter_edited() -> None:
    assert _plan({**OLD, "pkg/app.py": b"my template-owned edit\n"}).parts[0].state == "unedited"


def test_each_part_of_a_module_is_decided_on_its_own() -> None:
    old = _rendered({"backend/tests/test_a.py": b"a\n", "frontend/src/index.ts": b"i\n"})
    new = _rendered({"backend/tests/test_a.py": b"a2\n", "frontend/src/index.ts": b"i2\n"})
    project = {"backend/tests/test_a.py": b"a\n", "frontend/src/index.ts": b"mine\n"}
    plan = plan_starters(
        MODULE,
        lambda path: path.startswith(("backend/tests/", "frontend/src/")),
        set(project),
        lambda path, size: project[path],
        old,
        new,
        package="pkg",
        language="python",
        from_version="1.0.0",
        to_version="2.0.0",
    )
    states = {part.folder: part.state for part in plan.parts}
    assert states == {"backend": "unedited", "frontend": "edited"}


def test_the_starter_patterns_are_the_templates_skip_if_exists() -> None:
    plugin = starter_matcher(templates_root() / PLUGIN.template, {"package_name": "acme_sales"})
    assert (
        plugin("acme_sales/datasource.py")
        and plugin("tests/test_plugin.py")
        and plugin("acme_sales/example/x.py")
    )
    assert (
        not plugin("acme_sales/app.py")
        and not plugin("pyproject.toml")
        and not plugin("acme_sales/_contract/m.py")
    )
    module = starter_matcher(templates_root() / MODULE.template, {"package_name": "acme_map"})
    assert module("backend/acme_map/demo.py") and module("frontend/src/components/Widget.tsx")
    assert not module("backend/acme_map/app.py") and not module("frontend/package.json")


def test_a_wired_starter_file_joins_an_edited_part_too(tmp_path: Path) -> None:
    """Module template 1.6.0's app.py (template-owned) serves ENDPOINTS from endpoints.py (a new
    starter file): a backend whose starter the user edited must gain it, or it would not start."""
    old = _rendered({"backend/pkg/demo.py": b"demo\n"})
    new = _rendered({"backend/pkg/demo.py": b"demo\n", "backend/pkg/endpoints.py": b"ENDPOINTS\n"})
    project = {"backend/pkg/demo.py": b"my demo\n"}
    wired = MODULE.template_for("python").wired("pkg")
    assert wired == {"backend/pkg/endpoints.py", "ci/scaffold-requirement.txt"}
    plan = plan_starters(
        MODULE,
        lambda path: path.startswith("backend/pkg/"),
        set(project),
        lambda path, size: project[path],
        old,
        new,
        package="pkg",
        language="python",
        from_version="1.5.0",
        to_version="1.6.0",
        wired=wired,
    )
    backend = next(part for part in plan.parts if part.folder == "backend")
    assert backend.state == "edited" and backend.new == () and backend.wired == ("backend/pkg/endpoints.py",)
    (tmp_path / "backend/pkg").mkdir(parents=True)
    (tmp_path / "backend/pkg/demo.py").write_bytes(b"my demo\n")
    apply_starter_plan(plan, tmp_path, new, lambda path: path in project, _no_restore)
    assert (tmp_path / "backend/pkg/endpoints.py").read_bytes() == b"ENDPOINTS\n"
    assert (tmp_path / "backend/pkg/demo.py").read_bytes() == b"my demo\n"
