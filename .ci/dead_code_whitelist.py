"""Names the dead-code check (vulture, run by .ci/run) must not report: they only look unused.

vulture reads Python text; it cannot see a name used by a decorator's registry, by a framework
calling it by convention, or by a Jinja template. Each name below says which of those uses it.
This file is never imported or run: vulture only reads the names in it. A name here that is really
dead is a bug of this list: delete the code and the line together.
"""

# typer: commands registered by @app.command(...) inside each cli module's register(app)
new_plugin

# pytest fixtures (autouse: applied by name, never called)
no_released_models
worker_mypy_cache  # tests/conftest.py
new_module
registry_check
list_specs
status_command
regenerate_command
upgrade_command
registered  # tests/unit/test_fourth_language.py (usefixtures)
spec_steps_once  # tests/unit/test_name_lengths.py (usefixtures)
_own_state  # tests/unit/test_dev_module_key.py

# Runtime files copied into generated projects (scaffold/codegen/python/runtime_files): used there by the
# project templates (templates/*/project/**/*.jinja) and the contract templates
# (scaffold/codegen/<language>/templates/**/*.jinja), which vulture does not read.
FrontendAssets  # module app.py.jinja, routes.py.jinja
read_proxied_request  # module routes.py.jinja
_.has_module_context  # module demo.py.jinja
LOG_FORMATS  # settings.py.jinja of both kinds
in_route_order  # plugin routes.py.jinja
publish_spec  # app.py.jinja of both kinds: GET /openapi.json
# ... and the public API they give a project's own code (documented in the runtime file).
_.for_locale  # FormMessages.for_locale: the glue's texts in a request's language
via_proxy  # ProxiedRequest.via_proxy: whether a call came through the platform's proxy

# Attributes a framework reads by convention.
_.middleware_stack  # Starlette rebuilds its stack when this is None
_.redirect_slashes  # Starlette's Router reads it for every unmatched path
_.daemon_threads  # socketserver.ThreadingMixIn
_.close_connection  # http.server.BaseHTTPRequestHandler
_.log_message  # http.server.BaseHTTPRequestHandler override
do_GET  # http.server handler methods, by HTTP method name
do_HEAD
do_POST
do_PUT
do_PATCH
do_DELETE
_.load_bytecode  # jinja2.BytecodeCache hooks
_.dump_bytecode
resolver_handlers  # openapi-spec-validator reads this class attribute
_._pool  # httpx.HTTPTransport sends through self._pool
_.should_exit  # uvicorn.Server stops when this is set
_.send_400_response  # uvicorn's HTTP protocols answer a request they cannot parse with it (serving.py overrides it)
model_post_init  # pydantic calls it after __init__
_.get_query_result  # the data source method the generated routes call

# pytest: module marks, hooks, fixtures requested by parameter name, collection settings.
pytestmark
plugin_typescript  # test_ci_files: fixtures requested by name (request.getfixturevalue)
plugin_go
module_typescript  # test_ci_files: the module with a TypeScript backend, by name too
module_go  # test_ci_files: the module with a Go backend, by name too
collect_ignore
pytest_collection_modifyitems
pytest_xdist_make_scheduler
pytest_plugins  # tests/conftest.py loads tests/cpu_accounting.py
pytest_runtest_setup
pytest_runtest_teardown
_._split_scope  # xdist LoadScopeScheduling hook
importable
linters
no_created_series
clean_logging
zero_left_out  # fields of pydantic models the tests build
never_null
_.one  # abstract methods the plugin runtime tests look up by name
_.two

serve_workers  # called by the plugin template's __main__.py.jinja (WORKERS above 1)

# module endpoints registered by @endpoints.post(...) in tests: the router calls them
awaits  # tests/unit/test_module_endpoints.py
