"""A later scaffold release, built the way a maintainer would make one, for upgrade tests.

Copy this repository, release a new template version with scripts/release_template.py (the old
one is kept as a patch in templates/history/, refreshed after the change), change the template,
bump scaffold's version and build a wheel. Projects made by the current scaffold are then upgraded with that wheel, outside the repo.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from packaging.version import Version

from scaffold import __version__
from scaffold.contracts import KIND_NAMES, TEMPLATES
from scaffold.projects.templates.layers import template_folder
from scripts.release_template import refresh, release
from tests.conftest import REPO

FUTURE_SCAFFOLD_VERSION = f"{Version(__version__).major}.{Version(__version__).minor + 1}.0"


def current_template_version(kind: str) -> str:
    """The template version this checkout releases for `kind` (its default language's template)."""
    return template_version(KIND_NAMES[kind].template)


def template_version(template: str) -> str:
    """The version this checkout releases for template folder `template` (templates/versions.yaml)."""
    text = (REPO / "templates" / "versions.yaml").read_text(encoding="utf-8")
    found = re.search(rf"^{template}:\s*(\S+)\s*$", text, re.MULTILINE)
    assert found is not None, f"templates/versions.yaml has no {template} version"
    return found[1]


def future_template_version(kind: str) -> str:
    """The next minor version after the current one: what the future scaffold releases."""
    return next_version(KIND_NAMES[kind].template)


def next_version(template: str) -> str:
    """The next minor version of template folder `template`, which the future scaffold releases."""
    current = Version(template_version(template))
    return f"{current.major}.{current.minor + 1}.0"


# What the future template changes, per kind: lines appended to a template-owned file, a new
# file, and a changed first line of the README (the file the conflict tests edit too). Both
# kinds are at the same version today; the texts name the plugin's future version.
FUTURE_TEMPLATE_VERSION = future_template_version("plugin")
APPENDED_LINE = f"# Added by template {FUTURE_TEMPLATE_VERSION}: build reproducibly."
NEW_FILE = ".editorconfig"
NEW_FILE_TEXT = "root = true\n\n[*]\nend_of_line = lf\ninsert_final_newline = true\n"
README_FIRST_LINE = f"# {{{{ title }}}} (template {FUTURE_TEMPLATE_VERSION})"


def copy_repository(target: Path) -> Path:
    """The files git would check out (tracked plus untracked, not ignored) copied to `target`."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for relative in filter(None, listed.split("\0")):
        source = REPO / relative
        if source.is_file():
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    return target


def change_template(templates: Path, template: str) -> None:
    project = templates / template / "project"
    dockerfile = project / "Dockerfile.jinja"
    dockerfile.write_text(
        dockerfile.read_text(encoding="utf-8").rstrip("\n") + f"\n{APPENDED_LINE}\n", encoding="utf-8"
    )
    (project / NEW_FILE).write_text(NEW_FILE_TEXT, encoding="utf-8")
    readme = project / "README.md.jinja"
    lines = readme.read_text(encoding="utf-8").split("\n")
    lines[0] = README_FIRST_LINE
    readme.write_text("\n".join(lines), encoding="utf-8")


def make_future_source(target: Path) -> Path:
    source = copy_repository(target)
    templates = source / "templates"
    for template in sorted(TEMPLATES):  # every kind in every language
        released = target.with_name(f"{target.name}-released-{template}")
        # the copy (shared files merged in) is not a git repository
        shutil.copytree(template_folder(templates, template), released)
        release(template, next_version(template), templates)
        change_template(templates, template)
        refresh(template, templates, released=released)
        shutil.rmtree(released)
    init = source / "scaffold" / "__init__.py"
    init.write_text(
        re.sub(
            r'__version__ = "[^"]+"',
            f'__version__ = "{FUTURE_SCAFFOLD_VERSION}"',
            init.read_text(encoding="utf-8"),
        ),
        encoding="utf-8",
    )
    return source
