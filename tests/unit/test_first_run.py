"""The first run after an install is as cheap as the next: nothing heavy runs for a shipped spec.

Found: with an empty per-user cache, `new-plugin --defaults` cost 1.46 s of CPU and `new-module`
1.30 s (warm 0.37 s): the template store was built (a git commit per past version), the shipped
spec was validated in full, and the model generator ran. Now `new-*` only records where the store
will be, shipped specs are known valid (tests/unit/test_shipped_specs_valid.py validates them),
and their models are the released ones (scaffold/codegen/python/shipped_models.py). Figures are
the benchmarks' (bench/new_plugin.py, bench/new_module.py, bench/regenerate_check.py); this test
checks what makes them, in a fresh process with an empty SCAFFOLD_HOME.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

from scaffold.codegen.python.models import generate_python_models, wire_input_digest
from scaffold.codegen.python.shipped_models import shipped_models
from scaffold.specs.catalog import load_shipped, shipped_specs

SCRIPT = """
import json, sys
from pathlib import Path
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.regenerate import regenerate
for kind in ('plugin', 'module'):
    create_project(NewProjectOptions(KINDS[kind], Path(sys.argv[1]) / kind, {}))
    regenerate(Path(sys.argv[1]) / kind, check=True)
heavy = ('datamodel_code_generator', 'openapi_spec_validator', 'copier')
print(json.dumps(sorted({m.split('.')[0] for m in sys.modules if m.split('.')[0] in heavy})))
"""


def test_a_first_run_builds_no_store_validates_no_shipped_spec_and_runs_no_model_generator(
    tmp_path: Path,
) -> None:
    home = tmp_path / "empty-home"
    env = {k: v for k, v in os.environ.items() if k != "SCAFFOLD_RENDER_WITH_COPIER"}
    env["SCAFFOLD_HOME"] = str(home)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert json.loads(result.stdout) == []
    assert not list((home / "template-store").iterdir()), "the store is built when copier or upgrade reads it"
    answers = (tmp_path / "plugin" / ".copier-answers.yml").read_text(encoding="utf-8")
    assert "_commit: v" in answers and "template-store/plugin" in answers


def test_the_released_models_are_served_only_for_the_exact_bytes_of_a_shipped_spec() -> None:
    for shipped in shipped_specs():
        spec = load_shipped(shipped.contract, shipped.version)
        released = shipped_models(spec, wire_input_digest(spec))
        assert released is not None and generate_python_models(spec) == released
    spec = load_shipped("datasource-plugin")
    assert shipped_models(dataclasses.replace(spec, sha256="0" * 64), wire_input_digest(spec)) is None
    schemas = dict(spec.data["components"]["schemas"])
    schemas["DatasourceField"] = {**schemas["DatasourceField"], "description": "ours, not the spec's"}
    other = dataclasses.replace(
        spec, data={**spec.data, "components": {**spec.data["components"], "schemas": schemas}}
    )
    assert shipped_models(other, wire_input_digest(other)) is None, (
        "the same sha256 but another wire schema: generated"
    )
