"""scaffold as a release: one version that the wheel and the CLI share, a distribution name of its
own, and a changelog entry for every template version a project in the field can record."""

from __future__ import annotations

import re
import tomllib

from packaging.utils import canonicalize_name
from packaging.version import Version

from scaffold import DISTRIBUTION, __version__
from scaffold.projects.kinds import KINDS
from scaffold.projects.templates.store import current_version, known_versions
from scaffold.specs.catalog import shipped_specs
from tests.conftest import REPO

CHANGELOG = REPO / "CHANGELOG.md"
TEMPLATE_IN_HEADING = re.compile(r"\b(\w+) template (\d+\.\d+\.\d+)\b", re.IGNORECASE)


def _pyproject() -> dict[str, object]:
    with (REPO / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def _headings() -> list[str]:
    return [line for line in CHANGELOG.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]


def test_the_distribution_is_named_once_and_not_scaffold() -> None:
    """`scaffold` on PyPI is an unrelated project: pip must never be told to install that name."""
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    assert project["name"] == DISTRIBUTION
    assert canonicalize_name(DISTRIBUTION) == DISTRIBUTION != "scaffold"
    assert project["scripts"] == {"scaffold": "scaffold.cli.app:main"}  # the command keeps its name


def test_the_version_is_written_once() -> None:
    """The wheel's metadata reads scaffold/__init__.py: no second copy to forget at a release."""
    data = _pyproject()
    project, tool = data["project"], data["tool"]
    assert isinstance(project, dict) and isinstance(tool, dict)
    assert "version" not in project and "version" in project["dynamic"]
    assert tool["hatch"]["version"] == {"path": "scaffold/__init__.py"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__), "a release version is MAJOR.MINOR.PATCH"
    assert str(Version(__version__)) == __version__


def test_the_newest_changelog_entry_is_this_release() -> None:
    """The newest released entry is this version; an `## Unreleased` entry above it collects what comes next.

    The kinds' current template versions are the ones the newest heading naming template versions
    names: this release's, or, once a template has moved on since it, the Unreleased heading's
    (`## Unreleased: plugin template 1.8.0, ...`), which becomes the next release's heading.
    """
    kinds = ", ".join(f"{kind.name} template {current_version(kind.template)}" for kind in KINDS.values())
    headings = _headings()
    released = [heading for heading in headings if not heading.startswith("## Unreleased")]
    assert released[0].startswith(f"## scaffold {__version__}: "), released[0]
    naming = next(heading for heading in headings if TEMPLATE_IN_HEADING.search(heading))
    assert naming.startswith((f"## scaffold {__version__}: {kinds} (", f"## Unreleased: {kinds}")), naming
    assert all(heading.startswith("## Unreleased") for heading in headings[: headings.index(released[0])])


def test_every_template_version_has_its_changelog_entry() -> None:
    """A user upgrading a project from any recorded template version finds what changed since."""
    named = {(m[1].lower(), m[2]) for heading in _headings() for m in TEMPLATE_IN_HEADING.finditer(heading)}
    shipped = {(kind.name, v.version) for kind in KINDS.values() for v in known_versions(kind.template)}
    assert named == shipped


def test_every_shipped_spec_file_is_in_the_changelog() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    missing = [
        f"specs/{spec.contract}/{spec.version}.yaml"
        for spec in shipped_specs()
        if f"`specs/{spec.contract}/{spec.version}.yaml`" not in text
    ]
    assert not missing, f"CHANGELOG.md does not say which release added {missing}"
