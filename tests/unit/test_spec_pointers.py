"""Local `$ref`s of an untrusted spec resolve or are dangling: never an exception.

Issue 38, Low: `str.isdigit` takes `²` and `١`, which `int()` refuses, so a `$ref` naming a list
entry by such a "digit" raised ValueError out of the resolver (a traceback for `scaffold`'s user).
"""

from __future__ import annotations

import pytest

from scaffold.specs.pointers import resolve_local_ref

DOCUMENT = {"components": {"examples": {"list": [{"value": 1}, {"value": 2}]}}}


@pytest.mark.parametrize("token", ["²", "١", "-1", "2", "01x"])
def test_a_list_index_that_is_no_plain_number_is_dangling(token: str) -> None:
    assert resolve_local_ref(DOCUMENT, f"#/components/examples/list/{token}") == (False, None)


def test_a_plain_index_resolves() -> None:
    assert resolve_local_ref(DOCUMENT, "#/components/examples/list/1") == (True, {"value": 2})
