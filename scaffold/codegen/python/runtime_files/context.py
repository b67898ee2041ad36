"""What a data source method learns about a call besides its body.

Routes build one RequestContext per call and pass it to the user's method, so user code never
needs the web framework's request object (and keeps working if the framework changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RequestContext:
    """The call's language, headers and identity.

    - `locale`: the catalogue language chosen from Accept-Language (q-values honoured), one of
      the plugin's locales; the contract's default (ru-RU) when the header is absent or unknown.
    - `headers`: the raw request headers (case-insensitive mapping).
    - `operation_id`: the contract operation being served, e.g. `getQueryResult`.
    - `base_url`: the plugin's base URL as the caller reached it, including `/api/v1`.
    """

    locale: str
    headers: Mapping[str, str]
    operation_id: str
    base_url: str
