"""What a user can ask of a fuzz run (`--fuzz N`, `--seed`), and the bounds on it.

Kept apart from the run itself so the CLI can describe and validate the options without
importing httpx, Hypothesis or Schemathesis: every other command starts as fast as before.

The cap: each operation gets N schema-valid and N schema-invalid cases, plus Hypothesis's
shrinking for each failure. A datasource plugin has 7 operations, so N = 10,000 is already about
140,000 requests; a larger N buys no confidence a longer run with other seeds would not buy, and a
typo (one zero too many) should be refused, not run for hours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scaffold.check.run_limits import DEFAULT_PLUGIN_DEADLINE

FUZZ_CAP = 10_000
DEFAULT_FUZZ_SEED = 20261
DEFAULT_TIMEOUT = 10.0  # the same per-request default as http_client.DEFAULT_TIMEOUT
# Generating a case costs Schemathesis about 60 ms on a datasource-plugin spec, and each operation
# gets 2N of them, so a fixed whole-run deadline would cut a large N short: it grows with N. How
# much, measured (--fuzz 200 against the --no-example starters, 2 shared cores under load, 80-95 s
# of CPU each): Python 119 s, TypeScript 282 s, Go cut short at 320 s with 2 of 7 operations left
# (547 s with --deadline 900); plugins doing real work (an upstream call per request) took 450-582 s
# (issue 40). 1 s per case (320 s at 200) cut those short; 3 s per case (720 s at 200) covers them all.
SECONDS_PER_CASE = 3.0


def default_fuzz_deadline(cases: int) -> float:
    """The whole-run deadline of a fuzz run when --deadline is not given: 120 s + 3 s per case."""
    return DEFAULT_PLUGIN_DEADLINE + SECONDS_PER_CASE * cases


def fuzz_plan(operations: int, cases: int, seed: int, deadline: float, *, given: bool) -> str:
    """The line a text run prints before it starts: what it will send, and when it will stop."""
    whose = (
        "--deadline"
        if given
        else (
            f"the default, {DEFAULT_PLUGIN_DEADLINE:g} s + {SECONDS_PER_CASE:g} s per case; --deadline changes it"
        )
    )
    return (
        f"fuzzing {operations} operations: {cases:,} schema-valid and {cases:,} schema-invalid requests "
        f"each, seed {seed}; the run stops after {deadline:g} s ({whose})"
    )


class FuzzCountError(ValueError):
    """`--fuzz` was not a whole number from 1 to FUZZ_CAP; the message is one sentence."""


@dataclass(frozen=True)
class FuzzOptions:
    """`cases` per operation for each kind of data (valid, invalid); `seed` makes runs repeatable.

    `timeout` bounds each request, `deadline` the whole run (None: no whole-run bound).
    `operations` limits the run to these operationIds (library callers; None: every operation).
    `config` holds data source config values by field code (--config and its file and variable):
    schema-valid requests carry them (scaffold.check.fuzz_config); empty: every config is generated.
    """

    cases: int
    seed: int = DEFAULT_FUZZ_SEED
    timeout: float = DEFAULT_TIMEOUT
    deadline: float | None = DEFAULT_PLUGIN_DEADLINE
    operations: frozenset[str] | None = None
    config: Mapping[str, str] = field(default_factory=dict)


def parse_fuzz_cases(text: str) -> int:
    """The N of `--fuzz N`: a whole number from 1 to FUZZ_CAP, written in decimal digits."""
    stripped = text.strip()
    wanted = f"give the number of cases per operation, a whole number from 1 to {FUZZ_CAP:,}"
    if not stripped.isascii() or not stripped.isdigit():
        raise FuzzCountError(f"{wanted}; got {text!r}.")
    value = int(stripped)
    if not 1 <= value <= FUZZ_CAP:
        raise FuzzCountError(f"{wanted}; got {value:,}.")
    return value
