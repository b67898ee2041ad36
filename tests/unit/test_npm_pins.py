"""Every version a TypeScript plugin pins over its dependencies' ranges says why (issue 40).

Found: the plugin's package.json pinned `light-my-request` to 6.6.0 in `overrides` with no reason
anywhere, so nobody could tell when the pin may go. JSON holds no comments: the reason is the
`"//"` entry beside the overrides (npm ignores it), and it names each pinned package.
"""

from __future__ import annotations

import json
from pathlib import Path

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS


def test_each_override_has_its_reason_beside_it(tmp_path: Path) -> None:
    root = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language("typescript")
    create_project(NewProjectOptions(kind=kind, destination=root, answers={"language": "typescript"}))
    manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
    overrides = manifest.get("overrides", {})
    reason = manifest.get("//", "")
    assert overrides, "no overrides: drop this test with the last pin"
    unexplained = [
        f"{name} {version}" for name, version in overrides.items() if f"{name} {version}" not in reason
    ]
    assert not unexplained, f'pinned without a reason in package.json\'s "//": {unexplained}'
    keys = list(manifest)
    assert keys.index("//") + 1 == keys.index("overrides"), "the reason goes right before the overrides"
