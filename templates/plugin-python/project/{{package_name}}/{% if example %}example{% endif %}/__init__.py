"""The example SQL data source (SQLite): yours to change or delete.

`datasource.py` delegates to `SqlExample` until you replace the calls with your own logic.
"""

from .service import SqlExample

__all__ = ["SqlExample"]
