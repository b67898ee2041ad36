"""`scaffold dev`: the platform's pages on the developer's machine.

The pages (assets/) only render; the server (server.py) serves them on scaffold.host's page server
and answers their API (plugin_api.py, module_api.py) by playing the platform with scaffold.host's
request builders, harness, proxy, HTTP client and spec validation, the same emulation
`scaffold check` asserts against. In a project, project_runner.py and children.py run the
project's own service with reload, each part by the runner of its language (runners/).
"""

DEFAULT_DEV_PORT = 8070
"""Where the page is served by default: no scaffolded service uses it (plugin 8080, module 8090).
Kept here, in the package's light entry, so `scaffold dev --help` reads it without importing the server."""
