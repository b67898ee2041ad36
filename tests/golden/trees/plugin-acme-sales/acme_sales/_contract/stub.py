# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/stub.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""A stand-in data source for the glue's own tests: every operation answers the spec's example.

The seeded tests of what the routes guarantee (strict bodies, error answers, probes, metrics,
Schemathesis's conformance run) prove what happens around a data source. Run against the team's
data source, they failed as soon as it did real work: a health check that needs a URL and a token
and calls an upstream answered 422 where the conformance run wanted a working configuration, and
the well-known test read the starter's metadata (issue 40 point 4). They run against this instead:
`create_app(settings, datasource=stub_data_source(DataSourceBase, OPERATIONS, DOCUMENT))`. The
team's own tests call its data source, with a fake upstream (README, "Testing your data source").

Each method answers a fresh copy of the first example of its operation's 200 answer in the spec
(plain JSON: the routes validate it into the response model, as they do any dict a method returns);
the TypeScript runtime's stub.ts and Go's contract.Stub answer the same.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from .errors import StartupError
from .operations import Operation

JSON_MEDIA = "application/json"
Base = TypeVar("Base")


def _child(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, Mapping) else None


def _resolved(document: Mapping[str, Any], node: Any) -> Any:
    """`node`, or what its `$ref` (`#/components/examples/ok`) points at, followed to the end."""
    for _ in range(32):  # a chain of references; a loop stops here
        ref = _child(node, "$ref")
        if not (isinstance(ref, str) and ref.startswith("#/")):
            return node
        node = document
        for step in ref[2:].split("/"):
            node = _child(node, step.replace("~1", "/").replace("~0", "~"))
    return None


def example_answer(document: Mapping[str, Any], op: Operation) -> Any:
    """The spec's first example of `op`'s 200 answer (`example`, else the first of `examples`), or None."""
    operation = _child(_child(_child(document, "paths"), op.path), op.http_method.lower())
    responses = _resolved(document, _child(operation, "responses"))
    ok = _resolved(document, _child(responses, "200"))
    media = _resolved(document, _child(_child(ok, "content"), JSON_MEDIA))
    if isinstance(media, Mapping) and "example" in media:
        return media["example"]
    examples = _child(media, "examples")
    if not isinstance(examples, Mapping) or not examples:
        return None
    return _child(_resolved(document, next(iter(examples.values()))), "value")


def _answering(answer: Any) -> Any:
    async def method(self: Any, *args: Any) -> Any:
        return copy.deepcopy(answer)

    return method


def stub_data_source(
    base: Callable[..., Base], operations: Iterable[Operation], document: bytes | str
) -> Base:
    """A `base` (the contract's DataSourceBase) answering every operation with its example answer.

    `document` is the spec as JSON (`openapi_document.DOCUMENT`). Raises StartupError naming an
    operation the spec gives no example answer: the glue's tests need an answer the spec accepts.
    """
    spec = json.loads(document)
    methods: dict[str, Any] = {}
    for op in operations:
        answer = example_answer(spec, op)
        if answer is None:
            raise StartupError(
                f"the spec gives no example answer of {op.key} for the stand-in data source to answer"
            )
        methods[op.method_name] = _answering(answer)
    # `base` is the abstract DataSourceBase: typed as a callable, because mypy refuses an abstract
    # class where a `type[...]` is expected ([type-abstract]) in the project's own tests
    stub = type("StubDataSource", (cast(type, base),), {"__doc__": __doc__, **methods})
    instance: Base = stub()
    return instance
