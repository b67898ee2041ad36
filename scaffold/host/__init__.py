"""The platform, emulated: its side of both contracts, shared by `scaffold check` and `scaffold dev`.

The host page server (static files and the module backend proxy), the React runtime the platform
provides as globals, the harness that loads a module bundle as a classic script with stand-ins
for the other host globals, the props the host passes to module components, the requests the
platform sends to a data source plugin, the steps by which it fetches a module before any browser
runs (module_fetch), and the Chromium that runs pages for checks and tests. With them, what both
users call services with and judge answers by: the bounded HTTP client (http_client over
bounded_http, with the run's deadline), spec validation and the report of findings.
`check` asserts against this emulation and `dev` shows it to a person; neither keeps a copy, and
neither imports the other (tests/unit/test_package_boundaries.py).
"""
