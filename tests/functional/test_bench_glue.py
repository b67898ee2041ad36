"""The get-result benchmark's glue server answers what the hand-written endpoint answers.

bench/plugin_get_result.py compares three servers; its target figure is the generated glue: a
scaffolded project whose data source does the hand-written endpoint's work. That comparison only
means something if both really do the same work, so this runs the glue project's app (in a fresh
interpreter, over ASGI) and the hand-written function on the bench's own request and compares the
frames value by value.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bench.plugin_get_result import glue_project, make_project
from tests.conftest import REPO
from tests.functional.test_plugin_harness import run_json_script, scaffold_home

pytestmark = pytest.mark.slow

SCRIPT = textwrap.dedent(
    """
    import asyncio, json, os, sys
    from pathlib import Path
    repo, project, state = sys.argv[1:4]
    os.environ["BENCH_DATABASE"] = str(Path(state) / "example.sqlite3")
    sys.path[:0] = [project, repo]
    import httpx, orjson
    from acme_sales.app import create_app
    from acme_sales.settings import Settings
    from bench import _plugin_handwritten as hand
    from bench.plugin_get_result import KEY, PATH, request_body

    app = create_app(Settings(state_dir=Path(state), secret_key=KEY))

    async def main():
        report = {}
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://plugin") as client:
            for points in (1000, 10000):
                body = request_body(points)
                answer = await client.post(PATH, content=body, headers={"content-type": "application/json"})
                expected = [hand._frame(q) for q in orjson.loads(body)["dataQuery"]]
                report[points] = {"status": answer.status_code, "glue": answer.json()["frames"], "hand": expected}
        return report

    print(json.dumps({"datasource": type(app.state.datasource).__module__, **asyncio.run(main())}))
    """
)


def test_the_glue_server_does_the_hand_written_work(tmp_path: Path) -> None:
    with scaffold_home(tmp_path / "home"):
        project, state = make_project(tmp_path)
    glue = glue_project(project, tmp_path / "glue")
    report = run_json_script(SCRIPT, str(REPO), str(glue), str(state))
    assert report.pop("datasource") == "acme_sales.datasource"
    for points, answer in report.items():
        assert answer["status"] == 200, points
        assert answer["glue"] == answer["hand"], points
        assert [len(f["fields"][0]["values"]) for f in answer["glue"]] == [int(points)] * 2
