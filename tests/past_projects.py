"""A project of a past template version, as that release made it, written without any CLI.

The template store rebuilds every past version byte for byte; the contract-owned files come from
today's generator for the contract version the answers record, as `scaffold regenerate` would have
left them. Used by the upgrade matrices, the fleet upgrade tests and the fleet bench, which all
need projects of many past releases quickly (in-process rendering, no `new-*` run, no git clone).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from scaffold.projects.contract_files import render_contract_files, write_contract_files
from scaffold.projects.kinds import ProjectKind
from scaffold.projects.templates.merge import rendered_template
from scaffold.projects.templates.store import ensure_store
from scaffold.specs.catalog import load_shipped
from tests.git_helpers import git


def write_past_project(
    kind: ProjectKind,
    answers: Mapping[str, Any],
    version: str,
    destination: Path,
    *,
    commit: bool = True,
) -> Path:
    """`destination` made as template `version` of `kind` made it for `answers` (contract_version
    among them); with `commit`, a git repository of its own with one commit."""
    for relative, rendered in rendered_template(answers, ensure_store(kind.template), version).items():
        path = destination / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(rendered.data)
        path.chmod(rendered.mode)
    recorded = yaml.safe_load((destination / ".copier-answers.yml").read_text(encoding="utf-8"))
    recorded = {k: v for k, v in recorded.items() if not k.startswith("_")}
    spec = load_shipped(kind.contract, str(answers["contract_version"]))
    write_contract_files(destination, kind, spec, render_contract_files(kind, spec, recorded), None)
    if commit:
        git(destination, "init", "--quiet")
        git(destination, "add", "-A")
        git(destination, "commit", "--quiet", "-m", f"scaffolded with template {version}")
    return destination
