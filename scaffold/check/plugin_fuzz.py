"""`scaffold check plugin URL --fuzz N`: property-based requests from the spec against a live plugin.

Schemathesis (a library here, imported only when a fuzz run starts) turns each operation of the
spec into Hypothesis strategies of requests: schema-valid ones (positive) and schema-invalid ones
(negative). Everything after generation is scaffold's: the request goes out through the bounded
`HttpClient` (the plugin is untrusted, in any language), and `fuzz_contract.Judge` decides. A
breach raises inside the Hypothesis property, so Hypothesis shrinks it to a minimal request; each
kind of breach is its own exception type, so Hypothesis keeps them apart and shrinks each. The
report has one line per operation, and under a FAIL the curl line of each minimal request.

The seed is fixed (`fuzz_options.DEFAULT_FUZZ_SEED` unless `--seed`), so two runs against the same plugin send
the same requests. Hypothesis's example database is off, and its caches (which it would otherwise
put in `.hypothesis/` under the user's current folder) go to a temporary folder removed at the end.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scaffold.check.deadline import Deadline, DeadlinePassed
from scaffold.check.fuzz_contract import Breach, Judge, OperationContract, Verdict, operation_contracts
from scaffold.check.fuzz_options import FuzzOptions
from scaffold.check.fuzz_request import WireRequest, wire_request
from scaffold.check.http_client import HttpClient
from scaffold.check.plugin_session import LABELS, WELL_KNOWN
from scaffold.check.report import CheckReport, Listener
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

CONTRACT = "datasource-plugin"
MODES = ("positive", "negative")
_SHORT = {
    Breach.NO_ANSWER: "no answer",
    Breach.SERVER_ERROR: "server error",
    Breach.UNDOCUMENTED: "undocumented status",
    Breach.BAD_ANSWER: "answer breaks its schema",
    Breach.ACCEPTED_INVALID: "schema-invalid request accepted",
    Breach.REJECTED_VALID: "schema-valid request rejected with 400",
}


@dataclass(frozen=True)
class Found:
    """One breach and the request that showed it (the minimal one, once Hypothesis has shrunk)."""

    verdict: Verdict
    request: WireRequest
    request_problems: tuple[str, ...]

    def describe(self) -> str:
        why = f" ({self.request_problems[0]})" if self.request_problems else ""
        if self.verdict.breach is not Breach.ACCEPTED_INVALID:
            why = ""
        return f"{_SHORT[self.verdict.breach]}{why}: {self.verdict.detail}"


class _Breached(Exception):
    def __init__(self, found: Found) -> None:
        super().__init__(found.describe())
        self.found = found


# One exception type per breach: Hypothesis tells failures apart by type and shrinks each on its own.
_BREACH_TYPES: dict[Breach, type[_Breached]] = {
    breach: type(f"Breached{breach.name.title().replace('_', '')}", (_Breached,), {}) for breach in Breach
}


class _Stop(BaseException):
    """The run's deadline passed inside a Hypothesis property; BaseException, so Hypothesis lets it out."""


@dataclass
class _Tally:
    """Requests of one operation: generated cases by verdict on the request, and shrinking steps.

    Once a search has seen a breach, Hypothesis stops generating and shrinks, so every later
    request of that search is counted as shrinking, not as a case.
    """

    valid: int = 0
    invalid: int = 0
    shrinking: int = 0
    shrinking_now: bool = False
    found: dict[Breach, Found] = field(default_factory=dict)
    no_invalid: bool = False


def fuzz_name(contract: OperationContract) -> str:
    return f"fuzz.{LABELS.get(contract.operation_id, contract.operation_id)}"


def check_plugin_fuzz(
    base_url: str,
    options: FuzzOptions,
    *,
    spec: SpecDocument | None = None,
    on_result: Listener | None = None,
) -> CheckReport:
    """Fuzz every operation of the spec against `base_url` (which includes /api/v1)."""
    chosen = spec or catalog.load_shipped(CONTRACT)
    contracts = operation_contracts(chosen)
    report = CheckReport(target=base_url, kind="plugin-fuzz", on_result=on_result)
    report.expect(fuzz_name(c) for c in contracts)
    deadline = Deadline(options.deadline)
    with HttpClient(options.timeout, deadline=deadline) as client:
        try:
            if _reachable(base_url, contracts, client, report):
                _run(base_url, chosen, contracts, client, options, report)
        except DeadlinePassed:
            report.stop(deadline.reason)
    return report


def _reachable(
    base_url: str, contracts: list[OperationContract], client: HttpClient, report: CheckReport
) -> bool:
    """One GET of well-known first: without a JSON object there, no plugin is listening, so stop."""
    probe = next((c for c in contracts if c.operation_id == WELL_KNOWN), None)
    if probe is None:
        return True
    exchange = client.get(base_url.rstrip("/") + probe.path)
    unusable = exchange.not_a_json_object()
    if unusable is None:
        return True
    report.failed(fuzz_name(probe), f"{unusable} ({exchange.url})", probe.rule(Breach.NO_ANSWER))
    report.skip_unfinished(
        f"well-known got no usable answer, so nothing was fuzzed (is a plugin running at {base_url}?)"
    )
    return False


def _run(
    base_url: str,
    spec: SpecDocument,
    contracts: list[OperationContract],
    client: HttpClient,
    options: FuzzOptions,
    report: CheckReport,
) -> None:
    import schemathesis  # imported here: every other command starts without paying for it

    schema = schemathesis.openapi.from_dict(dict(spec.data))
    judge = Judge(spec)
    with _hypothesis_storage():
        for contract in contracts:
            _fuzz_operation(base_url, schema, contract, judge, client, options, report)


@contextlib.contextmanager
def _hypothesis_storage() -> Iterator[None]:
    """Hypothesis writes its caches to a temporary folder, never into the user's current folder."""
    from hypothesis.configuration import set_hypothesis_home_dir

    with tempfile.TemporaryDirectory(prefix="scaffold-fuzz-") as folder:
        set_hypothesis_home_dir(folder)
        try:
            yield
        finally:
            set_hypothesis_home_dir(None)


def _fuzz_operation(
    base_url: str,
    schema: Any,
    contract: OperationContract,
    judge: Judge,
    client: HttpClient,
    options: FuzzOptions,
    report: CheckReport,
) -> None:
    """Positive then negative cases for one operation; one report line."""
    import schemathesis

    name = fuzz_name(contract)
    try:
        operation = schema[contract.path][contract.method.upper()]
    except LookupError as exc:
        report.skipped(name, f"Schemathesis found no operation to generate cases for ({exc})")
        return
    started = time.monotonic()
    tally = _Tally()
    attempt = _attempt(base_url, contract, judge, client, tally)
    failures: list[str] = []
    for mode in MODES:
        strategy = operation.as_strategy(generation_mode=schemathesis.GenerationMode(mode))
        failure = _explore(strategy, attempt, options, tally, negative=mode == "negative")
        failures.extend([failure] if failure else [])
    _record(report, name, contract, tally, "; ".join(failures) or None, time.monotonic() - started)


def _attempt(
    base_url: str, contract: OperationContract, judge: Judge, client: HttpClient, tally: _Tally
) -> Callable[[Any], None]:
    """The Hypothesis property: send one generated case, raise the breach its answer shows."""
    from hypothesis import reject
    from schemathesis.core import NOT_SET

    def attempt(case: Any) -> None:
        has_body = case.body is not NOT_SET
        request = wire_request(
            base_url,
            contract.method,
            case.formatted_path,
            headers=case.headers,
            query=case.query,
            body=case.body,
            has_body=has_body,
            media_type=case.media_type,
        )
        if request is None:
            reject()  # not sendable as HTTP (a header no HTTP client would send): not a case
        problems = judge.request_problems(
            contract,
            body=request.json_body,
            has_body=has_body,
            media_type=request.media_type,
            headers=request.header_map,
        )
        if tally.shrinking_now:
            tally.shrinking += 1
        elif problems:
            tally.invalid += 1
        else:
            tally.valid += 1
        try:
            exchange = client.request(
                request.method, request.url, content=request.content, headers=request.header_map
            )
        except DeadlinePassed as exc:
            raise _Stop(str(exc)) from None
        verdict = judge.verdict(contract, exchange, request_valid=not problems)
        if verdict is not None:
            found = Found(verdict, request, tuple(problems))
            tally.found[verdict.breach] = found  # the last one seen is the shrunk one
            tally.shrinking_now = True
            raise _BREACH_TYPES[verdict.breach](found)

    return attempt


def _explore(
    strategy: SearchStrategy[Any],
    attempt: Callable[[Any], None],
    options: FuzzOptions,
    tally: _Tally,
    *,
    negative: bool,
) -> str | None:
    """Run one Hypothesis search; breaches land in `tally.found`. Returns why generation failed, if it did."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
    from hypothesis.errors import Flaky, Unsatisfiable

    @settings(
        max_examples=options.cases,
        database=None,
        deadline=None,
        derandomize=False,
        print_blob=False,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=True,
    )
    @seed(options.seed)
    @given(strategy)
    def prop(case: Any) -> None:
        attempt(case)

    tally.shrinking_now = False
    try:
        prop()
    except _Stop as stop:
        raise DeadlinePassed(str(stop)) from None
    except _Breached as breached:
        tally.found[breached.found.verdict.breach] = breached.found
    except BaseExceptionGroup as group:  # several breaches, or a FlakyFailure holding them
        matched, rest = group.split(_Breached)
        for exc in _leaves(matched):
            tally.found[exc.found.verdict.breach] = exc.found
        if rest is not None and not _leaves(matched):
            return f"case generation failed: {type(rest).__name__}: {rest}"
    except Unsatisfiable:
        if negative:
            tally.no_invalid = True  # nothing to break: e.g. a GET without parameters
            return None
        return "Hypothesis could not generate any valid request for this operation"
    except Flaky:
        return None  # the breach did not repeat on replay; what was seen is in tally.found
    except Exception as exc:  # a generation error in Schemathesis or Hypothesis: no verdict
        return f"case generation failed: {type(exc).__name__}: {exc}"
    return None


def _leaves(group: BaseExceptionGroup[Any] | None) -> list[_Breached]:
    if group is None:
        return []
    found: list[_Breached] = []
    for exc in group.exceptions:
        if isinstance(exc, BaseExceptionGroup):
            found.extend(_leaves(exc))
        elif isinstance(exc, _Breached):
            found.append(exc)
    return found


def _record(
    report: CheckReport,
    name: str,
    contract: OperationContract,
    tally: _Tally,
    failure: str | None,
    seconds: float,
) -> None:
    sent = f"{tally.valid} valid + {tally.invalid} invalid cases in {seconds:.1f} s"
    if tally.shrinking:
        sent += f" ({tally.shrinking} more requests to shrink)"
    if tally.found:
        found = [tally.found[b] for b in Breach if b in tally.found]
        detail = f"{sent}; " + "; ".join(f.describe() for f in found)
        reproduce = tuple(f.request.curl() for f in found)
        report.failed(name, detail, contract.rule(found[0].verdict.breach), reproduce)
    elif failure is not None:
        report.skipped(name, f"{sent}; {failure}")
    else:
        none_invalid = " (no invalid request exists for this operation)" if tally.no_invalid else ""
        report.passed(name, f"{sent}{none_invalid}: every answer as documented")
