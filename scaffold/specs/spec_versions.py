"""How a spec file names its version: a contract version, optionally with a spec revision.

A released spec file is never edited, yet a released spec can be wrong about its own contract
(an undocumented status, an example that breaks its rules). The correction is a new file of the
same contract version with a revision suffix, `1.2.0+r2` (the original file is revision 1).
The suffix is a PEP 440 local version, so `1.2.0 < 1.2.0+r2 < 1.2.1` sorts the way upgrades
need; SemVer tools read it as build metadata of the same contract version, which is what it is.
PEP 440 compares the label `r10` with `r2` as text, though, so scaffold sorts by `sort_key`:
the contract version, then the revision as a number.
Everything that stores or accepts a spec version (spec files, the project manifest, copier
answers) uses the one pattern here, so a revision is accepted everywhere or nowhere.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from packaging.version import Version

SPEC_VERSION = re.compile(r"^(?P<contract>\d+\.\d+\.\d+)(?:\+r(?P<revision>[2-9]|[1-9][0-9]{1,3}))?$")
SPEC_VERSION_FORM = "three numbers, like 1.2.0, optionally with a spec revision, like 1.2.0+r2"


def is_spec_version(value: object) -> bool:
    return isinstance(value, str) and SPEC_VERSION.match(value) is not None


def contract_version(spec_version: str) -> str:
    """The contract version a spec version describes: `1.2.0+r2` -> `1.2.0`."""
    match = SPEC_VERSION.match(spec_version)
    return match["contract"] if match else spec_version


def spec_revision(spec_version: str) -> int:
    """The spec revision: 1 for the original file of a contract version, N for `+rN`."""
    match = SPEC_VERSION.match(spec_version)
    return int(match["revision"]) if match and match["revision"] else 1


def sort_key(spec_version: str) -> tuple[Version, int]:
    """Order of spec versions: by contract version, then revision number (`+r10` after `+r2`)."""
    from packaging.version import InvalidVersion, Version  # only sorting needs it (~7 ms to import)

    try:
        return Version(contract_version(spec_version)), spec_revision(spec_version)
    except InvalidVersion:
        return Version("0"), 0
