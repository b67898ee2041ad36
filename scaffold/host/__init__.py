"""The platform, emulated: its side of both contracts, shared by `scaffold check` and `scaffold dev`.

The host page server (static files and the module backend proxy), the React runtime the platform
provides as globals, the harness that loads a module bundle as a classic script with stand-ins
for the other host globals, the props the host passes to module components, the requests the
platform sends to a data source plugin, and the Chromium that runs pages for checks and tests.
`check` asserts against this emulation and `dev` shows it to a person; neither keeps a copy.
"""
