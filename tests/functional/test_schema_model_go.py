"""What the one schema model opened to Go, compiled and run by Go's own toolchain.

Before the model (issue: one runtime contract, point 3) the Go generator refused `pattern` and the
released datasource-plugin 1.2.0 (inline enums, map values of an inline oneOf), which the Python and
TypeScript plugins held. Now Go names an inline enum or oneOf after its place and checks a pattern
with regexp. Here the released 1.2.0 spec with a pattern on DataQuery.refID becomes Go's contract
package, gofmt-clean and vetted, and a test in that package decodes values through the generated
decoders: the pattern and the hoisted enum refuse what the spec refuses, as problems at their place.
"""

from __future__ import annotations

import copy
import dataclasses
import subprocess
from pathlib import Path

import pytest

from scaffold.specs.catalog import load_shipped
from tests.go_runtime import write_go_module
from tests.go_toolchain import go_environment

pytestmark = pytest.mark.slow

PROBE = """package contract

import (
\t"fmt"
\t"testing"
)

func problems(decode func(r *Reader), data string) string {
\tr := NewReader([]byte(data), MaxJSONDepth)
\tdecode(r)
\tr.End()
\treturn fmt.Sprint(r.Problems())
}

func TestTheSpecsPatternAndInlineEnumAreChecked(t *testing.T) {
\tquery := func(r *Reader) { var v DataQuery; decodeDataQuery(r, &v) }
\tfield := func(r *Reader) { var v DatasourceField; decodeDatasourceField(r, &v) }
\tfor _, c := range []struct{ decode func(r *Reader); data, want string }{
\t\t{query, `{"refID":"A"}`, "[]"},
\t\t{query, `{"refID":"A-12"}`, "[]"},
\t\t{query, `{"refID":"a"}`, "[{refID invalid}]"},
\t\t{query, `{"refID":"A-1234"}`, "[{refID invalid}]"},
\t\t{field, `{"code":"c","type":"select"}`, "[]"},
\t\t{field, `{"code":"c","type":"dropdown"}`, "[{type choice}]"},
\t} {
\t\tif got := problems(c.decode, c.data); got != c.want {
\t\t\tt.Errorf("%s: problems %s, want %s", c.data, got, c.want)
\t\t}
\t}
}
"""


def _run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, env=go_environment())
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def test_the_released_spec_with_a_pattern_builds_and_checks_in_go(tmp_path: Path) -> None:
    released = load_shipped("datasource-plugin", "1.2.0")
    data = copy.deepcopy(dict(released.data))
    data["components"]["schemas"]["DataQuery"]["properties"]["refID"]["pattern"] = "^[A-Z](-[0-9]{1,3})?$"
    spec = dataclasses.replace(released, data=data)
    module = tmp_path / "plugin"
    package = write_go_module(module, spec)
    assert _run(["gofmt", "-l", "."], module) == "", "not gofmt-clean"
    _run(["go", "vet", "./..."], module)
    (package / "probe_test.go").write_text(PROBE, encoding="utf-8")
    _run(["go", "test", "-run", "TestTheSpecsPatternAndInlineEnumAreChecked", "./internal/contract/"], module)
