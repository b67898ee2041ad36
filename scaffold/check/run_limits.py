"""How long a whole `scaffold check` run may take by default, per kind of service.

Policy of the checker, not of the platform it emulates: the `Deadline` clock itself is shared
with `dev` (scaffold/host/deadline.py), these defaults are what `check` and its CLI start it with.
A module run loads a page in Chromium on top of its HTTP calls, so it gets longer than a plugin run.
"""

from __future__ import annotations

DEFAULT_PLUGIN_DEADLINE = 120.0
DEFAULT_MODULE_DEADLINE = 180.0
