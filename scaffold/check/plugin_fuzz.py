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

from scaffold.check.fuzz_config import configured_fields, with_config
from scaffold.check.fuzz_contract import Breach, Judge, OperationContract, Verdict, operation_contracts
from scaffold.check.fuzz_options import FuzzOptions
from scaffold.check.fuzz_request import WireRequest, wire_request
from scaffold.check.plugin_session import DATASOURCE_FIELDS, LABELS, WELL_KNOWN
from scaffold.check.plugin_values import JsonObject
from scaffold.contracts import PLUGIN
from scaffold.host.deadline import Deadline, DeadlinePassed
from scaffold.host.http_client import HttpClient
from scaffold.host.report import CheckReport, Listener
from scaffold.interrupts import raise_if_interrupted
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

CONTRACT = PLUGIN.contract
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
    coverage: int = 0
    shrinking: int = 0
    shrinking_now: bool = False
    counting_coverage: bool = False
    found: dict[Breach, Found] = field(default_factory=dict)
    no_invalid: bool = False

    def count(self, *, valid: bool) -> None:
        if self.counting_coverage:
            self.coverage += 1
        elif self.shrinking_now:
            self.shrinking += 1
        elif valid:
            self.valid += 1
        else:
            self.invalid += 1


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
    every = operation_contracts(chosen)
    contracts = [c for c in every if options.operations is None or c.operation_id in options.operations]
    report = CheckReport(target=base_url, kind="plugin-fuzz", on_result=on_result)
    report.expect(fuzz_name(c) for c in contracts)
    deadline = Deadline(options.deadline)
    with HttpClient(options.timeout, deadline=deadline) as client:
        try:
            if _reachable(base_url, contracts, client, report):
                form = next((c.path for c in every if c.operation_id == DATASOURCE_FIELDS), None)
                fields = None
                if options.config and form is not None:
                    fields = configured_fields(base_url, form, client, options.config)
                _run(base_url, chosen, contracts, client, options, report, fields)
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
    fields: list[JsonObject] | None,
) -> None:
    import schemathesis  # imported here: every other command starts without paying for it

    schema = schemathesis.openapi.from_dict(dict(spec.data))
    judge = Judge(spec)
    with _hypothesis_storage():
        for contract in contracts:
            _fuzz_operation(base_url, schema, contract, judge, client, options, report, fields)


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
    fields: list[JsonObject] | None,
) -> None:
    """Coverage cases, then random positive and negative cases, for one operation; one report line."""
    import schemathesis

    name = fuzz_name(contract)
    try:
        operation = schema[contract.path][contract.method.upper()]
    except LookupError as exc:
        report.skipped(name, f"Schemathesis found no operation to generate cases for ({exc})")
        return
    started = time.monotonic()
    tally = _Tally()
    send = _sender(base_url, contract, judge, client, tally, fields)
    failures: list[str] = []
    coverage_failure = _cover(schema, operation, contract, send, tally)
    failures.extend([coverage_failure] if coverage_failure else [])

    def prop(case: Any) -> None:
        from hypothesis import reject

        try:
            sent, found = send(case)
        except DeadlinePassed as exc:
            raise _Stop(str(exc)) from None
        if not sent:
            reject()  # not sendable as HTTP (a header no HTTP client would send): not a case
        if found is not None:
            tally.found[found.verdict.breach] = found  # the last one seen is the shrunk one
            tally.shrinking_now = True
            raise _BREACH_TYPES[found.verdict.breach](found)

    for mode in MODES:
        strategy = operation.as_strategy(generation_mode=schemathesis.GenerationMode(mode))
        failure = _explore(strategy, prop, options, tally, negative=mode == "negative")
        failures.extend([failure] if failure else [])
    _record(report, name, contract, tally, "; ".join(failures) or None, time.monotonic() - started)


Sender = Callable[[Any], tuple[bool, Found | None]]


def _cover(
    schema: Any, operation: Any, contract: OperationContract, send: Sender, tally: _Tally
) -> str | None:
    """Schemathesis's coverage cases: the spec's examples with one rule broken (or kept) at a time.

    Deterministic and cheap, they reach what random data rarely does alone, such as `orgID: "1"`
    in an otherwise valid body. They are minimal by construction, so nothing is shrunk; the first
    request showing each breach is kept. Cases for other methods than the operation's are left out:
    they belong to no operation (the spec's 404/405 decision), so this judge has no rule for them.
    """
    from schemathesis import GenerationMode

    try:
        config = schema.config.generation_for(operation=operation, phase="coverage")
        cases = list(
            schema.iter_coverage_cases(
                operation,
                generation_modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                generation_config=config,
                extra_data_source=None,
                error_feedback=None,
            )
        )
    except Exception as exc:  # a generation error in Schemathesis: no verdict, the random cases still run
        return f"coverage cases failed: {type(exc).__name__}: {exc}"
    tally.counting_coverage = True
    try:
        for case in cases:
            if str(case.method).upper() != contract.method.upper():
                continue
            _, found = send(case)
            if found is not None:
                tally.found.setdefault(found.verdict.breach, found)
    finally:
        tally.counting_coverage = False
    return None


def _sender(
    base_url: str,
    contract: OperationContract,
    judge: Judge,
    client: HttpClient,
    tally: _Tally,
    fields: list[JsonObject] | None,
) -> Sender:
    """Send one generated case and judge it: (False, None) when it cannot be sent as HTTP at all.

    With `fields` (a config the user gave), a schema-valid case carries them as its data source
    config (scaffold.check.fuzz_config), and is judged as sent.
    """
    from schemathesis.core import NOT_SET

    def send(case: Any) -> tuple[bool, Found | None]:
        raise_if_interrupted()  # a signal whose raise Hypothesis's gc callback swallowed ends the run here
        has_body = case.body is not NOT_SET

        def wire(body: Any) -> tuple[WireRequest | None, list[str]]:
            request = wire_request(
                base_url,
                contract.method,
                case.formatted_path,
                headers=case.headers,
                query=case.query,
                body=body,
                has_body=has_body,
                media_type=case.media_type,
            )
            if request is None:
                return None, []
            problems = judge.request_problems(
                contract,
                body=request.json_body,
                has_body=has_body,
                media_type=request.media_type,
                headers=request.header_map,
            )
            return request, list(problems)

        request, problems = wire(case.body)
        if request is None:
            return False, None
        if fields is not None and has_body and not problems:
            configured, configured_problems = wire(with_config(contract.operation_id, case.body, fields))
            if configured is not None:
                request, problems = configured, configured_problems
        tally.count(valid=not problems)
        exchange = client.request(
            request.method, request.url, content=request.content, headers=request.header_map
        )
        verdict = judge.verdict(contract, exchange, request_valid=not problems)
        return True, None if verdict is None else Found(verdict, request, tuple(problems))

    return send


def _explore(
    strategy: SearchStrategy[Any],
    prop: Callable[[Any], None],
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
    def run(case: Any) -> None:
        prop(case)

    tally.shrinking_now = False
    try:
        run()
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
    sent = f"{tally.valid} valid + {tally.invalid} invalid cases, {tally.coverage} coverage cases in {seconds:.1f} s"
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
