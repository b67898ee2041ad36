"""The data source of the bench's glue measurement, copied over a generated project's datasource.py.

It keeps every operation of the scaffolded example but get-result, which does exactly the work of
the hand-written endpoint (bench/_plugin_handwritten.py: the same function runs the same COUNT
and SELECT) and builds its answer with the project's own frame builders, as a user's data source
would. Served by the generated `python -m acme_sales`, the only difference from the hand-written
server is then what scaffold generates around a data source: routing, request validation,
context, error handling, serialisation, middleware and serving.
"""

from __future__ import annotations

from bench._plugin_handwritten import series_rows

from ._contract import (
    QueryDataRequest,
    QueryDataResponse,
    RequestContext,
    frame,
    query_response,
    timestamp_field,
)
from .example_datasource import AcmeSalesDataSource as ExampleDataSource


class AcmeSalesDataSource(ExampleDataSource):
    async def get_query_result(self, request: QueryDataRequest, context: RequestContext) -> QueryDataResponse:
        frames = []
        for query in request.data_query or []:
            window = query.time_range
            assert window is not None and window.from_ is not None and window.to is not None
            table, column, rows = series_rows(
                query.json_ or "{}", window.from_, window.to, query.max_data_points or 0
            )
            field = timestamp_field(column, rows, ref_id=query.ref_id)
            frames.append(frame(query.ref_id, table, [field]))
        return query_response(frames)
