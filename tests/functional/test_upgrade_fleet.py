"""`scaffold upgrade PATH...` over a monorepo of mixed projects (issue 41, points 1-3).

One git repository holds, as a platform team's monorepo would: a Python plugin of template 1.5.0
(its starter edited), a TypeScript plugin made today, a module of template 1.6.0 whose README the
team rewrote (the new template changed it too: a conflict), and a plugin of template 1.5.0 with a
hand-edited contract-owned file (upgrade refuses it: a failure). The CLI runs in a child process,
as a team types it, and each run's report and exit code are checked, and the tree after it:

- `--dry-run --json` over the root: every outcome predicted, exit 1 (one failed), nothing changed;
- a real run over the three that can move: exit 3 (conflicts, none failed), the plugin upgraded,
  the module's README with markers and listed, no `.rej`, the TypeScript plugin untouched;
- the failing project alone: exit 1, left byte for byte as it was, its sentence on the line;
- after the team commits, the two that moved are up to date: exit 0, and the text report is one
  line a project and a summary.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scaffold.projects.kinds import KINDS
from scaffold.projects.templates.store import current_version
from tests.cli_runner import run_scaffold
from tests.git_helpers import git
from tests.past_projects import write_past_project

pytestmark = pytest.mark.slow

PLUGIN = "plugins/acme-sales"
TYPESCRIPT = "plugins/acme-orders"
MODULE = "modules/acme-map"
BROKEN = "plugins/acme-billing"
EDITED_STARTER = "acme_sales/datasource.py"
TEAM_LINE = "\n\n# our team's note: keep the example until our API is ready\n"
README_OURS = "# Acme map\n\nThe map widget of the sales team.\n"


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def monorepo(tmp_path: Path) -> Path:
    root = tmp_path / "platform"
    root.mkdir()
    plugin = {"project_name": "acme-sales", "contract_version": "1.2.0+r3", "scaffold_version": "1.3.0"}
    write_past_project(KINDS["plugin"], plugin, "1.5.0", root / PLUGIN, commit=False)
    with (root / PLUGIN / EDITED_STARTER).open("a", encoding="utf-8") as starter:
        starter.write(TEAM_LINE)
    billing = {**plugin, "project_name": "acme-billing"}
    write_past_project(KINDS["plugin"], billing, "1.5.0", root / BROKEN, commit=False)
    with (root / BROKEN / "acme_billing/_contract/models.py").open("a", encoding="utf-8") as owned:
        owned.write("\n# a hand edit where scaffold regenerates\n")
    module = {"project_name": "acme-map", "contract_version": "2026.1.1+r2", "scaffold_version": "1.3.0"}
    write_past_project(KINDS["module"], module, "1.6.0", root / MODULE, commit=False)
    (root / MODULE / "README.md").write_text(README_OURS, encoding="utf-8")
    made = run_scaffold(
        ["new-plugin", str(root / TYPESCRIPT), "--language", "typescript", "--defaults", "--no-git"]
    )
    assert made.returncode == 0, made.stdout + made.stderr
    git(root, "init", "--quiet")
    git(root, "add", "-A")
    git(root, "commit", "--quiet", "-m", "our platform: two plugins and a module")
    return root


def _report(result: object) -> dict[str, dict[str, object]]:
    stdout = getattr(result, "stdout", "")
    document = json.loads(stdout)
    return {project["path"]: project for project in document["projects"]}


def test_a_fleet_upgrade_reports_each_project_and_exits_with_the_worst_outcome(monorepo: Path) -> None:
    before = _tree(monorepo)
    dry = run_scaffold(["upgrade", ".", "--dry-run", "--json"], cwd=monorepo)
    assert dry.returncode == 1, dry.stdout + dry.stderr
    assert "Traceback" not in dry.stderr
    document = json.loads(dry.stdout)
    assert document["dry_run"] is True and document["exit_code"] == 1
    assert document["summary"] == {
        "projects": 4,
        "upgraded": 1,
        "up-to-date": 1,
        "conflicts": 1,
        "failed": 1,
    }
    projects = _report(dry)
    assert projects[PLUGIN]["outcome"] == "upgraded"
    assert projects[PLUGIN]["kind"] == "plugin" and projects[PLUGIN]["language"] == "python"
    assert projects[PLUGIN]["from"] == {"contract": "1.2.0+r3", "template": "1.5.0", "scaffold": "1.3.0"}
    assert projects[PLUGIN]["to"]["template"] == current_version("plugin-python")
    assert projects[TYPESCRIPT]["outcome"] == "up-to-date" and projects[TYPESCRIPT]["changed"] == []
    assert projects[TYPESCRIPT]["language"] == "typescript"
    assert projects[MODULE]["outcome"] == "conflicts" and projects[MODULE]["conflicts"] == ["README.md"]
    assert projects[BROKEN]["outcome"] == "failed"
    assert "acme_billing/_contract/models.py" in str(projects[BROKEN]["message"])
    assert _tree(monorepo) == before, "a dry run changed the monorepo"

    moved = run_scaffold(["upgrade", PLUGIN, TYPESCRIPT, MODULE, "--json"], cwd=monorepo)
    assert moved.returncode == 3, moved.stdout + moved.stderr
    projects = _report(moved)
    assert [projects[p]["outcome"] for p in (PLUGIN, TYPESCRIPT, MODULE)] == [
        "upgraded",
        "up-to-date",
        "conflicts",
    ]
    assert (monorepo / PLUGIN / EDITED_STARTER).read_text(encoding="utf-8").endswith(TEAM_LINE)
    changed = git(monorepo, "status", "--porcelain", "--untracked-files=all")
    assert f" {PLUGIN}/" in changed and f" {MODULE}/" in changed and TYPESCRIPT not in changed
    for path in projects[PLUGIN]["new_files"]:  # type: ignore[union-attr]
        assert (monorepo / PLUGIN / str(path)).is_file() and f"?? {PLUGIN}/{path}" in changed
    assert "<<<<<<< before updating" in (monorepo / MODULE / "README.md").read_text(encoding="utf-8")
    assert not list(monorepo.rglob("*.rej")), "a .rej file was left"

    broken = monorepo / BROKEN
    untouched = _tree(broken)
    failed = run_scaffold(["upgrade", BROKEN], cwd=monorepo)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "edited by hand" in failed.stderr and "Traceback" not in failed.stderr
    assert _tree(broken) == untouched

    git(monorepo, "add", "-A")
    git(monorepo, "commit", "--quiet", "-m", "upgraded; README resolved later")
    again = run_scaffold(["upgrade", "plugins/acme-sales", "plugins/acme-orders"], cwd=monorepo)
    assert again.returncode == 0, again.stdout + again.stderr
    lines = again.stdout.splitlines()
    assert len(lines) == 3, again.stdout
    assert lines[0].startswith(f"{PLUGIN}  plugin python  up-to-date: ")
    assert lines[1].startswith(f"{TYPESCRIPT}  plugin typescript  up-to-date: ")
    assert lines[2] == "2 projects: 2 up-to-date"


def _log(repo: Path, *args: str) -> str:
    return git(repo, "log", "-1", *args)


def test_commit_makes_one_commit_a_project_and_force_upgrades_a_dirty_one(monorepo: Path) -> None:
    """Point 4: `--commit` commits each project's own paths only (the monorepo's other changes,
    staged or not, stay as they were); a dirty project is refused and the others go on, unless
    `--force`, which starts from its files as they are and still commits only the upgrade's paths."""
    git(monorepo, "config", "user.name", "Platform bot")
    git(monorepo, "config", "user.email", "bot@example.com")
    (monorepo / "docs").mkdir()
    (monorepo / "docs/notes.md").write_text("staged, not ours to commit\n", encoding="utf-8")
    git(monorepo, "add", "docs/notes.md")
    (monorepo / "scratch.txt").write_text("untracked, elsewhere\n", encoding="utf-8")
    wip = monorepo / PLUGIN / "wip.txt"
    wip.write_text("the team's work in progress\n", encoding="utf-8")
    first = git(monorepo, "rev-parse", "HEAD").strip()

    refused = run_scaffold(["upgrade", PLUGIN, MODULE, "--commit", "--json"], cwd=monorepo)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    projects = _report(refused)
    assert projects[PLUGIN]["outcome"] == "failed" and "uncommitted changes" in str(
        projects[PLUGIN]["message"]
    )
    assert projects[MODULE]["outcome"] == "conflicts" and projects[MODULE]["commit"]
    assert git(monorepo, "rev-list", "--count", f"{first}..HEAD").strip() == "1"
    message = _log(monorepo, "--format=%B")
    assert message.startswith("Upgrade acme-map (modules/acme-map) to contract "), message
    assert "template module-python 1.6.0 -> " in message and "\n  README.md\n" in message
    shown = git(monorepo, "show", "--name-only", "--format=", "HEAD").split()
    assert shown and all(path.startswith(f"{MODULE}/") for path in shown), shown
    assert "<<<<<<< before updating" in git(monorepo, "show", f"HEAD:{MODULE}/README.md")
    status = git(monorepo, "status", "--porcelain", "--untracked-files=all")
    assert "A  docs/notes.md" in status and "?? scratch.txt" in status and f"?? {PLUGIN}/wip.txt" in status
    assert MODULE not in status, "the module's upgrade was not committed whole"

    forced = run_scaffold(["upgrade", PLUGIN, "--commit", "--force", "--json"], cwd=monorepo)
    assert forced.returncode == 0, forced.stdout + forced.stderr
    plugin = _report(forced)[PLUGIN]
    assert plugin["outcome"] == "upgraded" and plugin["commit"] == git(monorepo, "rev-parse", "HEAD").strip()
    assert _log(monorepo, "--format=%s").startswith("Upgrade acme-sales (plugins/acme-sales) to contract ")
    committed = set(git(monorepo, "show", "--name-only", "--format=", "HEAD").split())
    assert committed == {f"{PLUGIN}/{path}" for path in plugin["changed"]}  # type: ignore[union-attr]
    assert wip.read_text(encoding="utf-8") == "the team's work in progress\n"
    status = git(monorepo, "status", "--porcelain", "--untracked-files=all")
    assert f"?? {PLUGIN}/wip.txt" in status and "A  docs/notes.md" in status and "?? scratch.txt" in status
    assert [line for line in status.splitlines() if PLUGIN in line] == [f"?? {PLUGIN}/wip.txt"]


def test_commit_without_a_git_identity_is_refused_before_anything_changes(monorepo: Path) -> None:
    git(monorepo, "config", "user.useConfigOnly", "true")
    before = _tree(monorepo / PLUGIN)
    env = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}
    result = run_scaffold(["upgrade", PLUGIN, "--commit"], cwd=monorepo, env=env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "git has no committer identity" in result.stderr and "nothing was changed" in result.stderr
    assert "Traceback" not in result.stderr
    assert _tree(monorepo / PLUGIN) == before


def test_force_starts_from_the_files_as_they_are_and_commits_only_the_upgrade(monorepo: Path) -> None:
    """`--force` on a project with an edited tracked file, a deleted one and a new one: the upgrade
    merges onto them, and `--commit` commits only its own paths: the team's three changes stay
    uncommitted, exactly as they were."""
    git(monorepo, "config", "user.name", "Platform bot")
    git(monorepo, "config", "user.email", "bot@example.com")
    plugin = monorepo / PLUGIN
    edited = plugin / "acme_sales/settings_local.py"
    edited.write_text("LOCAL = True\n", encoding="utf-8")  # new, untracked
    git(monorepo, "add", "--intent-to-add", str(edited))
    starter = plugin / EDITED_STARTER
    ours = starter.read_text(encoding="utf-8") + "# not committed yet\n"
    starter.write_text(ours, encoding="utf-8")
    (plugin / ".dockerignore").unlink()
    result = run_scaffold(["upgrade", PLUGIN, "--force", "--commit", "--json"], cwd=monorepo)
    assert result.returncode == 0, result.stdout + result.stderr
    report = _report(result)[PLUGIN]
    assert report["outcome"] == "upgraded" and report["commit"]
    assert EDITED_STARTER not in report["changed"] and ".dockerignore" not in report["changed"]  # type: ignore[operator]
    assert starter.read_text(encoding="utf-8") == ours
    assert not (plugin / ".dockerignore").exists() and edited.read_text(encoding="utf-8") == "LOCAL = True\n"
    status = git(monorepo, "status", "--porcelain", "--untracked-files=all").splitlines()
    assert sorted(line[3:] for line in status) == sorted(
        [f"{PLUGIN}/{EDITED_STARTER}", f"{PLUGIN}/.dockerignore", f"{PLUGIN}/acme_sales/settings_local.py"]
    ), status
