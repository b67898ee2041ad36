"""The helpers of a plugin's contract runtime, as the project README shows them (issue 26, point 4).

Found: `check_config`, `FormMessages`, `config_values`, `filter_values` were documented only by the
example that an author deletes, and building a health check's saved `datasourceConfig` lived in
the example, so every author wrote it again. Here the generated `_contract` package is written to
a folder and the README's calls run against it in a fresh interpreter.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scaffold.codegen.plugin_project import contract_files
from scaffold.specs.catalog import load_shipped

SCRIPT = """
from acme_sales._contract import (
    ConstructorField, DatasourceField, FormMessages, HealthCheckResponse, PluginError,
    check_config, config_values, filter_values, query_response, regular_frame, saved_config,
    timestamp_frame,
)
form = [
    ConstructorField.model_validate({"code": "url", "type": "text", "name": "URL", "required": True}),
    ConstructorField.model_validate({"code": "token", "type": "password", "name": "Token"}),
    ConstructorField.model_validate({"code": "units", "type": "select", "name": "Units", "value": "metric",
        "props": {"options": [{"label": "Metric", "value": "metric"}]}}),
]
sent = [DatasourceField.model_validate({"code": "url", "value": "http://127.0.0.1:9100"}),
        DatasourceField.model_validate({"code": "token", "value": "s3cret"})]
saved = saved_config(form, sent)
assert [(f.code, f.value) for f in saved.fields] == [
    ("url", "http://127.0.0.1:9100"), ("token", "s3cret"), ("units", "metric")], saved
kinds = {f.code: (f.type.value if hasattr(f.type, "value") else f.type) for f in saved.fields}
assert kinds == {"url": "text", "token": "password", "units": "select"}, kinds
HealthCheckResponse(error=False, status=True, message="Connected", datasource_config=saved)
assert config_values(sent) == {"url": "http://127.0.0.1:9100", "token": "s3cret"}
assert filter_values(None).values == {}
checked = check_config(form, [DatasourceField.model_validate({"code": "token", "value": "x"})],
                       FormMessages.for_locale("en-US"))
assert not checked.ok and checked.field_errors("Required") == {"url": "Required"}
error = PluginError("Check the highlighted fields", validation_errors=checked.field_errors("Required"))
assert error.status == 422
frames = [timestamp_frame("A", "temperature", [(1767225600, 21.5), (1767229200, 22.0)])]
frames.append(regular_frame("B", "stations", [{"id": "st-01", "name": "Harbour"}]))
answer = query_response(frames)
assert [f.ref_id for f in answer.frames or []] == ["A", "B"], answer
print("ok")
"""


def test_the_readme_helpers_work_on_the_generated_runtime(tmp_path: Path) -> None:
    for relative, text in contract_files(
        load_shipped("datasource-plugin"), {"package_name": "acme_sales"}
    ).items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "acme_sales" / "__init__.py").write_text("", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-3000:]
