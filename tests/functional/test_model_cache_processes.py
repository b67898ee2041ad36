"""Processes filling the models cache at once (pytest-xdist workers share one data folder).

Each process waits for one start file, then generates; all must succeed with identical output
equal to an uncached run, and the cache must end with one whole entry and no temporary files. The
spec is a team's own copy (a shipped spec's models are the released ones and never reach the
cache: scaffold/codegen/python/shipped_models.py).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scaffold.codegen.python import model_cache
from scaffold.codegen.python.models import generate_python_models
from scaffold.specs.loader import load_spec_file
from tests.conftest import PLUGIN_SPEC, REPO

WORKERS = 3
_SCRIPT = """
import hashlib, sys, time
from pathlib import Path
from scaffold.codegen.python.models import generate_python_models
from scaffold.specs.loader import load_spec_file
spec = load_spec_file(Path(sys.argv[1]))
import datamodel_code_generator  # imported before the start, so the generators overlap
start = Path(sys.argv[2])
while not start.exists():
    time.sleep(0.005)
print(hashlib.sha256(generate_python_models(spec).encode()).hexdigest())
"""


def test_processes_filling_the_cache_at_once_agree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "our-spec.yaml"
    own.write_text(
        PLUGIN_SPEC.read_text(encoding="utf-8").replace(
            "\n  title:", "\n  x-ours: our own copy\n  title:", 1
        ),
        encoding="utf-8",
    )
    home = tmp_path / "shared-home"
    start = tmp_path / "start"
    env = {
        **os.environ,
        "SCAFFOLD_HOME": str(home),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _SCRIPT, str(own), str(start)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(WORKERS)
    ]
    time.sleep(0.5)
    start.touch()
    outputs = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        outputs.append(out.strip())
    expected = generate_python_models(load_spec_file(own), use_cache=False)
    assert outputs == [hashlib.sha256(expected.encode()).hexdigest()] * WORKERS
    entries = sorted(home.joinpath(*model_cache.FOLDER).iterdir())
    assert [p.suffix for p in entries] == [".entry"]
    assert not entries[0].name.startswith(".tmp-")
    monkeypatch.setenv("SCAFFOLD_HOME", str(home))  # read it back the way a later process would
    assert model_cache.read_entry(entries[0].stem) == expected
