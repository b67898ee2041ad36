"""The check report: one line per check, a closing `N passed, M failed` line, and JSON."""

from __future__ import annotations

import json

from scaffold.host.report import CheckReport, Status, render_json, render_line, render_text


def _report() -> CheckReport:
    report = CheckReport(target="http://127.0.0.1:8080/api/v1", kind="plugin")
    report.passed("well-known", "demo 1.0.0")
    report.failed("get-result.refids", "no frame carries refID B", "contract: Endpoints rule 5")
    report.warned("locale.query-fields.en-US", "texts are not\n  localised", "contract: Localization")
    report.skipped("get-result.values", "get-result.queries failed")
    return report


def test_text_lines_and_summary() -> None:
    lines = render_text(_report()).splitlines()
    assert lines[0].split() == ["PASS", "well-known", "demo", "1.0.0"]
    assert lines[1].startswith("FAIL  get-result.refids ")
    assert lines[1].endswith("no frame carries refID B [contract: Endpoints rule 5]")
    assert "texts are not localised [contract: Localization]" in lines[2], "details are one line"
    assert lines[3].startswith("SKIP  ")
    assert "[" not in lines[0], "a PASS does not cite a rule"
    assert lines[-1] == "1 passed, 1 failed, 1 warnings, 1 skipped"


def test_json_report() -> None:
    data = json.loads(render_json(_report()))
    assert data["target"] == "http://127.0.0.1:8080/api/v1"
    assert data["kind"] == "plugin"
    assert (data["passed"], data["failed"], data["warnings"], data["skipped"]) == (1, 1, 1, 1)
    assert data["results"][1] == {
        "status": "FAIL",
        "name": "get-result.refids",
        "detail": "no frame carries refID B",
        "rule": "contract: Endpoints rule 5",
    }
    assert "rule" not in data["results"][0]


def test_ok_only_without_failures() -> None:
    report = CheckReport(target="t", kind="module")
    report.warned("x", "recommended only")
    assert report.ok
    report.failed("y", "broken")
    assert not report.ok
    assert report.count(Status.FAIL) == 1
    assert render_text(report).splitlines()[-1].startswith("0 passed, 1 failed")


def test_long_detail_is_capped() -> None:
    report = CheckReport(target="t", kind="plugin")
    result = report.failed("x", "y" * 5000)
    assert len(result.detail) <= 600


def test_summary_always_counts_skips() -> None:
    report = CheckReport(target="t", kind="plugin")
    report.passed("a", "")
    assert report.summary() == "1 passed, 0 failed, 0 warnings, 0 skipped"


def test_plan_skips_what_did_not_run_in_plan_order() -> None:
    report = CheckReport(target="t", kind="module")
    report.expect(["well-known", "frontend.js", "host-globals"])
    report.expect(["component.Widget.loader", "component.Widget.render"], before="host-globals")
    assert report.planned == [
        "well-known",
        "frontend.js",
        "component.Widget.loader",
        "component.Widget.render",
        "host-globals",
    ]
    report.failed("well-known", "cannot connect")
    report.skip_unfinished("well-known failed")
    assert [(r.status, r.name) for r in report.results][1:] == [
        (Status.SKIP, name) for name in report.planned[1:]
    ]
    assert all(r.detail == "well-known failed" for r in report.results[1:])


def test_a_stopped_run_is_not_ok_and_says_why() -> None:
    report = CheckReport(target="t", kind="plugin")
    report.expect(["a", "b"])
    report.passed("a", "")
    report.stop("the whole-run deadline of 3 s passed")
    assert not report.ok, "a run the deadline cut short did not verify everything"
    assert report.find("b").status is Status.SKIP  # type: ignore[union-attr]
    assert (
        report.summary()
        == "1 passed, 0 failed, 0 warnings, 1 skipped; stopped: the whole-run deadline of 3 s passed"
    )
    assert json.loads(render_json(report))["stopped"] == "the whole-run deadline of 3 s passed"


def test_the_listener_sees_each_result_when_it_is_added() -> None:
    seen: list[str] = []
    report = CheckReport(target="t", kind="plugin", on_result=lambda r: seen.append(render_line(r)))
    report.passed("well-known", "demo 1.0.0")
    assert seen == ["PASS  " + "well-known".ljust(40) + "  demo 1.0.0"]
    report.skipped("get-result.refids", "get-result.queries failed")
    assert len(seen) == 2 and seen[1].startswith("SKIP  get-result.refids")
