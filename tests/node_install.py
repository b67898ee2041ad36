"""`npm ci` once per run for each package-lock.json the functional tests install.

Five functional test files (the TypeScript plugin's checks, its CI files, its deploy files, its
dev reload, the upgrade matrix) each ran `npm ci` on the same lock file, and two (check and dev)
`npm install` on the same module frontend: about 14 s of CPU apiece (9.9 s user + 4.5 s system
measured here), in a CI stage whose two cores are always busy. What `npm ci` leaves in
node_modules depends only on package.json, package-lock.json and .npmrc, so it is made once per
run for each such set (the first worker that needs it installs, the others wait:
tests/run_once.py) and each project gets a hard-linked copy (`cp -al`: its own folders, the files
shared, in a fraction of a second). Tools write new files there (vitest's cache), never into a
shared one.

`npm ci` and `npm install` themselves, as a user types them, stay under test where that is the
point: the end-to-end tests of new projects (tests/e2e/test_new_module.py's `npm install`, which
asserts it leaves the shipped lock file as it is), of upgraded TypeScript plugins, and the dev test
that starts without node_modules. An upgraded module whose upgrade leaves its manifests byte for
byte as they were (asserted there) takes this shared install (tests/e2e/test_upgrade_module.py).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from scaffold.contracts import LANGUAGES
from tests.run_once import once_per_run

MANIFESTS = ("package.json", "package-lock.json", ".npmrc")  # .npmrc when the project has one
# The templates' lock files record no download addresses, so `npm ci` asks the registry about every
# package even when its cache holds it (about as costly as downloading: tests/functional/
# test_deploy_files.py measured 19.2 s against 21.5 s with a cold cache, 12.9 s preferring the
# cache). The lock pins each version and its integrity hash, so what is installed is the same.
PREFER_CACHE = {"npm_config_prefer_offline": "true"}


def install_node_modules(project: Path, factory: pytest.TempPathFactory) -> None:
    """`project`/node_modules as `npm ci` makes it from the project's package.json and lock."""
    present = [name for name in MANIFESTS if (project / name).is_file()]
    digest = hashlib.sha256()
    for name in present:
        digest.update(name.encode() + b"\0" + (project / name).read_bytes() + b"\0")

    def install(folder: Path) -> dict[str, str]:
        for name in present:
            (folder / name).write_bytes((project / name).read_bytes())
        result = subprocess.run(
            LANGUAGES["typescript"].install.split(),
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
            env={**os.environ, **PREFER_CACHE},
        )
        assert result.returncode == 0, f"npm ci:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
        return {}

    shared, _ = once_per_run(factory, f"node-modules-{digest.hexdigest()[:16]}", install)
    subprocess.run(["cp", "-al", str(shared / "node_modules"), str(project / "node_modules")], check=True)
