"""The scheduled upgrade jobs every project carries (issue 41 point 5), valid and run as written.

`.github/workflows/scaffold-upgrade.yml` and `.gitlab/scaffold-upgrade.yml` (included by
`.gitlab-ci.yml`) must pass check-jsonschema's vendored GitHub workflow and GitLab CI schemas in
every template. Then their steps run here as the forge would run them, against a local bare
repository as the remote: each `run:` step of the workflow in `bash -e` (GitHub's default shell)
with the workflow's and the step's env, `${{ }}` expressions evaluated (secrets and variables
unset, `steps.<id>.outputs` from GITHUB_OUTPUT; an expression this runner does not know fails the
test), `if:` conditions obeyed; the GitLab job's rules evaluated for a scheduled pipeline and its
`script` run in one `bash -eo pipefail` session with the global and job variables. The only
stand-ins: the `uses:` steps (a fresh clone of the remote stands for actions/checkout, this
environment's Python for setup-python), and the GitHub CLI (`gh`, which needs github.com), a
script that records each call and answers `gh pr list` as GitHub would. pip installs from the
project's own ci/scaffold-requirement.txt with no index: the installed scaffold must satisfy it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from scaffold import __version__
from scaffold.projects.kinds import KINDS
from tests.git_helpers import git
from tests.past_projects import write_past_project

pytestmark = pytest.mark.slow

WORKFLOW = ".github/workflows/scaffold-upgrade.yml"
GITLAB_JOB = ".gitlab/scaffold-upgrade.yml"
BIN = Path(sys.executable).parent

# The GitHub CLI stand-in: each call one JSON line in $GH_LOG (a --body-file's text included);
# `gh pr list` prints the number of the open pull request `gh pr create` made, as GitHub would.
GH_STUB = """#!{python}
import json, os, sys
from pathlib import Path
args = sys.argv[1:]
state = Path(os.environ["GH_STATE"])
call = {{"args": args}}
if "--body-file" in args:
    call["body"] = Path(args[args.index("--body-file") + 1]).read_text(encoding="utf-8")
with open(os.environ["GH_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(call) + "\\n")
if args[:2] == ["pr", "list"] and state.exists():
    print(state.read_text(encoding="utf-8"))
if args[:2] == ["pr", "create"]:
    state.write_text("7", encoding="utf-8")
"""


def _render(kind: str, language: str, root: Path, *, behind: bool, commit: bool = True) -> Path:
    """A committed project of today's template of `kind` in `language`; `behind`: made with an
    earlier scaffold on the contract's first revision, so that an upgrade has work to do (the
    README names the contract version: a team's own README conflicts with the new one)."""
    from scaffold.projects.templates.store import current_version

    project_kind = KINDS[kind].for_language(language)
    contract = {"plugin": "1.2.0+r3", "module": "2026.1.1+r5"}[kind]
    answers = {
        "project_name": {"plugin": "acme-sales", "module": "acme-map"}[kind],
        "contract_version": {"plugin": "1.2.0", "module": "2026.1.1"}[kind] if behind else contract,
        "scaffold_version": "1.6.0" if behind else __version__,
    }
    if language != "python":
        answers["language"] = language
    return write_past_project(
        project_kind, answers, current_version(project_kind.template), root, commit=commit
    )


@pytest.mark.parametrize(
    ("kind", "language"),
    [("plugin", "python"), ("plugin", "typescript"), ("plugin", "go"), ("module", "python")],
)
def test_the_upgrade_jobs_pass_the_vendored_ci_schemas(kind: str, language: str, tmp_path: Path) -> None:
    from check_jsonschema.cli.main_command import main

    project = _render(kind, language, tmp_path / "project", behind=False)
    for relative, schema in (
        (WORKFLOW, "vendor.github-workflows"),
        (GITLAB_JOB, "vendor.gitlab-ci"),
        (".gitlab-ci.yml", "vendor.gitlab-ci"),
    ):
        result = CliRunner().invoke(main, ["--builtin-schema", schema, str(project / relative)])
        assert result.exit_code == 0, f"{relative}: {result.output}{result.exception!r}"
    included = yaml.safe_load((project / ".gitlab-ci.yml").read_text(encoding="utf-8"))["include"]
    assert {"local": GITLAB_JOB} in included
    requirement = (project / "ci/scaffold-requirement.txt").read_text(encoding="utf-8").splitlines()[-1]
    major = int(__version__.split(".")[0])
    assert requirement == f"contract-scaffold>={__version__},<{major + 1}"


def _with_our_readme(project: Path) -> Path:
    """The team's own README, committed: the new template's README (it names the contract version)
    conflicts with it."""
    (project / "README.md").write_text("# Acme sales\n\nOur own words.\n", encoding="utf-8")
    git(project, "commit", "--quiet", "-am", "our README")
    return project


def _remote(project: Path, tmp_path: Path) -> Path:
    """A bare repository holding `project`'s history, accepting push options (as GitLab does) and
    recording each push's options in options.log."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "clone", "--quiet", "--bare", str(project), str(remote)], check=True)
    git(remote, "config", "receive.advertisePushOptions", "true")
    hook = remote / "hooks" / "pre-receive"
    hook.write_text(
        '#!/bin/sh\ni=0\nwhile [ "$i" -lt "${GIT_PUSH_OPTION_COUNT:-0}" ]; do\n'
        '  eval "printf \'%s\\n\' \\"\\$GIT_PUSH_OPTION_$i\\"" >> "$(dirname "$0")/../options.log"\n'
        "  i=$((i + 1))\ndone\n",
        encoding="utf-8",
    )
    hook.chmod(0o755)
    return remote


def _default_branch(remote: Path) -> str:
    return git(remote, "symbolic-ref", "--short", "HEAD").strip()


def _checkout(remote: Path, folder: Path, *, detached: bool = False) -> Path:
    subprocess.run(["git", "clone", "--quiet", str(remote), str(folder)], check=True)
    if detached:  # GitLab's runner checks out the pipeline's commit, detached
        git(folder, "checkout", "--quiet", "--detach")
    return folder


def _base_env(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GIT_", "PIP_"))}
    env["PATH"] = os.pathsep.join([str(tmp_path / "bin"), str(BIN), env["PATH"]])
    env["PIP_NO_INDEX"] = "1"  # the installed scaffold must satisfy ci/scaffold-requirement.txt
    env["HOME"] = str(tmp_path / "home")  # no global git identity: the job sets its own
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    (tmp_path / "home").mkdir(exist_ok=True)
    return env


# ---- GitHub Actions, as its runner reads a workflow -------------------------------------------


def _github_value(expression: str, context: dict[str, Any]) -> str:
    """`a || b`, `x == 'v'`, `x != 'v'` and dotted references: what the workflow uses, nothing more."""
    for alternative in expression.split("||"):
        value = _github_term(alternative.strip(), context)
        if value:
            return value
    return ""


def _github_term(term: str, context: dict[str, Any]) -> str:
    compared = re.fullmatch(r"(\S+) (==|!=) '([^']*)'", term)
    if compared:
        equal = _github_term(compared[1], context) == compared[3]
        return "true" if equal == (compared[2] == "==") else ""
    assert re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_-]+)+", term), (
        f"an expression this runner does not know: {term}"
    )
    head, *rest = term.split(".")
    assert head in context, f"the workflow reads the context {head!r}, which this runner does not give"
    value: Any = context[head]
    for key in rest:
        value = value.get(key, "") if isinstance(value, dict) else ""
    return str(value)


def _github_text(text: str, context: dict[str, Any]) -> str:
    return re.sub(r"\$\{\{ (.+?) \}\}", lambda m: _github_value(m[1], context), text)


def _run_workflow(
    checkout: Path,
    env: dict[str, str],
    tmp_path: Path,
    variables: dict[str, str],
    *,
    fails: str | None = None,
    because: str = "",
    workflow_file: str = WORKFLOW,
) -> list[str]:
    """Every step of the workflow's one job in order; the names of the steps that ran. The run
    must succeed, or, with `fails`, end at that step's failure, its output saying `because`."""
    workflow = yaml.safe_load((checkout / workflow_file).read_text(encoding="utf-8"))
    assert workflow[True] == {"schedule": [{"cron": "23 4 1 * *"}], "workflow_dispatch": None}  # `on:`
    context: dict[str, Any] = {"secrets": {}, "vars": variables, "github": {"token": "t0ken"}, "steps": {}}
    (job,) = workflow["jobs"].values()
    if not _github_value(job["if"], context):
        return []
    temp = tmp_path / "runner-temp"
    temp.mkdir(exist_ok=True)
    base = {**env, "RUNNER_TEMP": str(temp)}
    base.update({key: _github_text(str(value), context) for key, value in workflow["env"].items()})
    ran: list[str] = []
    failures: list[str] = []
    for number, step in enumerate(job["steps"]):
        if "uses" in step:
            assert step["uses"] in ("actions/checkout@v4", "actions/setup-python@v5"), step
            continue
        if "if" in step and not _github_value(step["if"], context):
            continue
        output = temp / f"output-{number}"
        output.write_text("", encoding="utf-8")
        script = temp / f"step-{number}.sh"
        script.write_text(step["run"], encoding="utf-8")
        step_env = {key: _github_text(str(value), context) for key, value in step.get("env", {}).items()}
        result = subprocess.run(
            ["bash", "-e", str(script)],
            cwd=checkout,
            env={**base, **step_env, "GITHUB_OUTPUT": str(output)},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if result.returncode != 0:  # the run stops at the first failing step, as GitHub's does
            failures.append(
                f"{step['name']}: exit {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
            )
            ran.append(step["name"])
            break
        if "id" in step:
            pairs = (
                line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines() if "=" in line
            )
            context["steps"][step["id"]] = {"outputs": dict(pairs)}
        ran.append(step["name"])
    if fails is None:
        assert not failures, failures[0]
    else:
        assert failures and failures[0].startswith(f"{fails}: "), failures or "the run did not fail"
        assert because in failures[0], failures[0]
    return ran


def _team_commit_on_the_branch(remote: Path, folder: Path) -> None:
    """A teammate's commit on scaffold/upgrade (a conflict resolved on the pull request), pushed."""
    clone = ["git", "clone", "--quiet", "--branch", "scaffold/upgrade", str(remote), str(folder)]
    subprocess.run(clone, check=True)
    (folder / "RESOLVED.md").write_text("resolved by the team\n", encoding="utf-8")
    git(folder, "add", "RESOLVED.md")
    git(folder, "commit", "--quiet", "-m", "resolve the upgrade's conflicts")
    git(folder, "push", "--quiet", "origin", "scaffold/upgrade")


def _gh_calls(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []


def test_the_github_workflow_opens_then_updates_one_pull_request(tmp_path: Path) -> None:
    project = _render("plugin", "python", tmp_path / "acme-sales", behind=True)
    remote = _remote(project, tmp_path)
    env = _gh_on_path(tmp_path)

    ran = _run_workflow(_checkout(remote, tmp_path / "run-1"), env, tmp_path, {})
    assert ran[-1] == "Open or update the pull request", ran
    subject = git(remote, "log", "-1", "--format=%s", "scaffold/upgrade")
    assert subject.startswith("Upgrade acme-sales to contract 1.2.0+r3, template "), subject
    default = _default_branch(remote)
    assert git(remote, "rev-parse", "scaffold/upgrade~1") == git(remote, "rev-parse", default)
    calls = _gh_calls(tmp_path / "gh.log")
    assert [c["args"][:2] for c in calls] == [["pr", "list"], ["pr", "create"]]
    create = calls[1]["args"]
    assert (
        create[create.index("--base") + 1] == default
        and create[create.index("--head") + 1] == "scaffold/upgrade"
    )
    assert create[create.index("--title") + 1] == f"Upgrade with scaffold {__version__}"
    assert "--label" not in create, "no conflicts, no label"
    report = json.loads(calls[1]["body"].split("```json\n", 1)[1].rsplit("```", 1)[0])
    assert report["exit_code"] == 0 and report["projects"][0]["outcome"] == "upgraded"
    assert report["projects"][0]["commit"] == git(remote, "rev-parse", "scaffold/upgrade").strip()

    ran = _run_workflow(_checkout(remote, tmp_path / "run-2"), env, tmp_path, {})
    calls = _gh_calls(tmp_path / "gh.log")
    assert [c["args"][:3] for c in calls[2:]] == [["pr", "list", "--head"], ["pr", "edit", "7"]], calls[2:]
    assert git(remote, "rev-list", "--count", f"{default}..scaffold/upgrade").strip() == "1", (
        "one commit, not two"
    )

    # the team resolves something on the pull request's branch: the next run never overwrites it
    _team_commit_on_the_branch(remote, tmp_path / "team")
    resolved = git(remote, "rev-parse", "scaffold/upgrade")
    _run_workflow(
        _checkout(remote, tmp_path / "run-3"),
        env,
        tmp_path,
        {},
        fails="Upgrade on the branch scaffold/upgrade, one commit",
        because="::error::scaffold/upgrade has commits of your team's: merge or close its pull request",
    )
    assert (
        git(remote, "rev-parse", "scaffold/upgrade") == resolved and len(_gh_calls(tmp_path / "gh.log")) == 4
    )

    assert (
        _run_workflow(_checkout(remote, tmp_path / "run-4"), env, tmp_path, {"SCAFFOLD_UPGRADE": "off"}) == []
    )


def test_the_github_workflow_labels_conflicts_and_proposes_nothing_when_up_to_date(tmp_path: Path) -> None:
    project = _with_our_readme(_render("plugin", "typescript", tmp_path / "acme-sales", behind=True))
    remote = _remote(project, tmp_path)
    env = _gh_on_path(tmp_path)
    _run_workflow(_checkout(remote, tmp_path / "run-1"), env, tmp_path, {})
    calls = _gh_calls(tmp_path / "gh.log")
    assert [c["args"][:2] for c in calls] == [["label", "create"], ["pr", "list"], ["pr", "create"]], calls
    assert calls[2]["args"][-2:] == ["--label", "scaffold-conflicts"]
    assert '"conflicts": [\n        "README.md"' in calls[2]["body"]

    # merged: the default branch is up to date, and the next run proposes nothing
    git(remote, "update-ref", f"refs/heads/{_default_branch(remote)}", "refs/heads/scaffold/upgrade")
    ran = _run_workflow(_checkout(remote, tmp_path / "run-2"), env, tmp_path, {})
    assert "Open or update the pull request" not in ran and len(_gh_calls(tmp_path / "gh.log")) == 3


def _readme_block(heading: str) -> str:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split(f"\n{heading}\n", 1)[1]
    found = re.search(r"```bash\n(.*?)```", section, re.DOTALL)
    assert found, f"no bash block under {heading!r} in README.md"
    return found[1]


def _gh_on_path(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "bin").mkdir()
    gh = tmp_path / "bin" / "gh"
    gh.write_text(GH_STUB.format(python=sys.executable), encoding="utf-8")
    gh.chmod(gh.stat().st_mode | stat.S_IXUSR)
    return {**_base_env(tmp_path), "GH_LOG": str(tmp_path / "gh.log"), "GH_STATE": str(tmp_path / "gh.state")}


def test_the_readmes_root_level_job_upgrades_a_monorepo_in_one_pull_request(tmp_path: Path) -> None:
    """scaffold's README, "A monorepo: one scheduled job at the root", as written: one pull request,
    a commit a project; the project that fails is in the report and fails the run last."""
    root = tmp_path / "platform"
    _render("plugin", "python", root / "plugins/acme-sales", behind=True, commit=False)
    billing = _render("plugin", "python", root / "plugins/acme-billing", behind=True, commit=False)
    with (billing / "acme_sales/_contract/models.py").open("a", encoding="utf-8") as owned:
        owned.write("\n# a hand edit where scaffold regenerates\n")
    _render("module", "python", root / "modules/acme-map", behind=True, commit=False)
    made = subprocess.run(
        ["bash", "-e", "-c", _readme_block("### A monorepo: one scheduled job at the root")],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    git(root, "init", "--quiet")
    git(root, "add", "-A")
    git(root, "commit", "--quiet", "-m", "our platform")
    remote = _remote(root, tmp_path)
    env = _gh_on_path(tmp_path)
    _run_workflow(
        _checkout(remote, tmp_path / "run"),
        env,
        tmp_path,
        {},
        fails="Fail the run when a project could not be upgraded (the report above says why)",
    )
    default = _default_branch(remote)
    subjects = git(remote, "log", "--format=%s", f"{default}..scaffold/upgrade").splitlines()
    assert sorted(subject.split(" to contract")[0] for subject in subjects) == [
        "Upgrade acme-map (modules/acme-map)",
        "Upgrade acme-sales (plugins/acme-sales)",
    ], subjects
    (create,) = [call for call in _gh_calls(tmp_path / "gh.log") if call["args"][:2] == ["pr", "create"]]
    report = json.loads(create["body"].split("```json\n", 1)[1].rsplit("```", 1)[0])
    assert report["summary"]["upgraded"] == 2 and report["summary"]["failed"] == 1, report["summary"]
    failed = [p for p in report["projects"] if p["outcome"] == "failed"]
    assert failed[0]["path"] == "plugins/acme-billing" and "edited by hand" in failed[0]["message"]


# ---- GitLab CI, as a runner reads the included job --------------------------------------------


def _gitlab_variables(data: dict[str, Any]) -> dict[str, str]:
    return {
        k: str(v["value"] if isinstance(v, dict) else v) for k, v in (data.get("variables") or {}).items()
    }


def _gitlab_rule_matches(rule: dict[str, Any], env: dict[str, str]) -> bool:
    found = re.fullmatch(r'\$(\w+) == "([^"]*)"', rule["if"])
    assert found, f"a rule this runner does not know: {rule['if']}"
    return env.get(found[1], "") == found[2]


def _run_gitlab_job(
    checkout: Path, env: dict[str, str], variables: dict[str, str], branch: str, *, fails: bool = False
) -> bool:
    """The job as a scheduled pipeline runs it; False when its rules leave it out."""
    main = yaml.safe_load((checkout / ".gitlab-ci.yml").read_text(encoding="utf-8"))
    included = yaml.safe_load((checkout / GITLAB_JOB).read_text(encoding="utf-8"))
    assert {"local": GITLAB_JOB} in main["include"]
    job = included["scaffold-upgrade"]
    assert job["stage"] in main["stages"] and job["cache"] == []
    ci = {
        "CI_PIPELINE_SOURCE": "schedule",
        "CI_COMMIT_BRANCH": branch,
        "CI_DEFAULT_BRANCH": branch,
        "CI_SERVER_URL": "https://gitlab.example.com",
        "CI_PROJECT_PATH": "platform/acme-sales",
    }
    full = {**env, **ci, **_gitlab_variables(main), **_gitlab_variables(job), **variables}
    rule = next((r for r in job["rules"] if _gitlab_rule_matches(r, full)), None)
    if rule is None or rule.get("when") == "never":
        return False
    result = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", "\n".join(job["script"])],
        cwd=checkout,
        env=full,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if fails:
        assert result.returncode != 0, result.stdout[-3000:]
        assert (
            "scaffold/upgrade has commits of your team's: merge or close its merge request" in result.stderr
        )
        return True
    assert result.returncode == 0, (
        f"the job exited {result.returncode}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return True


def test_the_gitlab_job_pushes_a_branch_that_opens_a_merge_request(tmp_path: Path) -> None:
    project = _with_our_readme(_render("plugin", "go", tmp_path / "acme-sales", behind=True))
    remote = _remote(project, tmp_path)
    env = _base_env(tmp_path)
    branch = _default_branch(remote)
    off = {"SCAFFOLD_UPGRADE": "off"}
    assert not _run_gitlab_job(_checkout(remote, tmp_path / "off", detached=True), env, off, branch)
    assert _run_gitlab_job(_checkout(remote, tmp_path / "run", detached=True), env, {}, branch)
    subject = git(remote, "log", "-1", "--format=%s", "scaffold/upgrade")
    assert subject.startswith("Upgrade acme-sales to contract 1.2.0+r3, template "), subject
    options = (remote / "options.log").read_text(encoding="utf-8").splitlines()
    assert options[:2] == ["merge_request.create", f"merge_request.target={branch}"]
    assert options[2] == f"merge_request.title=Upgrade with scaffold {__version__}"
    assert options[3].startswith(
        "merge_request.description=The scheduled upgrade (.gitlab/scaffold-upgrade.yml): "
    )
    assert "1 project: 1 conflicts" in options[3]
    assert options[4:] == ["merge_request.label=scaffold-conflicts"]
    assert "<<<<<<< before updating" in git(remote, "show", "scaffold/upgrade:README.md")

    _team_commit_on_the_branch(remote, tmp_path / "team")
    resolved = git(remote, "rev-parse", "scaffold/upgrade")
    assert _run_gitlab_job(_checkout(remote, tmp_path / "again", detached=True), env, {}, branch, fails=True)
    assert git(remote, "rev-parse", "scaffold/upgrade") == resolved, "the team's commit was overwritten"
