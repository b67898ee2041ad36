"""Screenshots of both `scaffold dev` pages for the README, made by driving the real pages.

Usage: python scripts/dev_screenshots.py [OUTPUT_DIR]   (default: docs/images)

It serves the test fixtures (a plugin that returns every ConstructorField type, and the reference
module bundle with a backend), opens each dev page in headless Chromium exactly as `scaffold dev`
serves it, uses the page the way a person would (fill the form, save & test, run a query; resize
the widget, save settings) and writes dev-plugin.png and dev-module.png. Run it after changing a
page, and commit the images: the README shows what the code draws today.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scaffold.dev.module_api import ModuleDevApi  # noqa: E402
from scaffold.dev.plugin_api import PluginDevApi  # noqa: E402
from scaffold.dev.server import DevPage, serve_dev  # noqa: E402
from scaffold.host.browser import open_browser  # noqa: E402
from scaffold.specs import catalog  # noqa: E402
from tests.fixtures.check.servers import serve  # noqa: E402
from tests.fixtures.dev import all_fields_plugin, module_app  # noqa: E402

VIEWPORT = {"width": 1400, "height": 1000}


def plugin_screenshot(output: Path) -> Path:
    spec = catalog.load_shipped("datasource-plugin")
    with serve(all_fields_plugin.create_app()) as origin:
        target = f"{origin}/api/v1"
        page_def = DevPage("plugin", target, spec, PluginDevApi(target, spec))
        with serve_dev(page_def, port=0) as server, open_browser() as browser:
            context = browser.browser.new_context(viewport=VIEWPORT, locale="en-US")
            page = context.new_page()
            page.goto(server.url + "/")
            page.get_by_label("Language").fill("en-US")
            page.get_by_label("Language").press("Enter")
            source = page.get_by_role("region", name="Data source")
            source.get_by_label("Server URL").fill("https://metrics.example.org")
            source.get_by_label("API token").fill("s3cret")
            page.get_by_role("button", name="Save & test").click()
            page.get_by_role("status").get_by_text("Data source works").wait_for()
            # The query form is asked once the data source is saved, as on the platform.
            page.get_by_role("region", name="Query A").get_by_label("Metric").wait_for()
            page.get_by_role("button", name="Run query").click()
            page.get_by_role("region", name="Result").locator("canvas").first.wait_for()
            page.wait_for_timeout(300)
            path = output / "dev-plugin.png"
            page.screenshot(path=str(path), full_page=True)
            context.close()
    return path


def module_screenshot(output: Path) -> Path:
    spec = catalog.load_shipped("dashboard-module")
    state = module_app.ModuleState()
    with serve(module_app.create_app(state)) as origin:
        api = ModuleDevApi(origin, spec)
        page_def = DevPage("module", origin, spec, api)
        with serve_dev(page_def, port=0) as server, open_browser() as browser:
            context = browser.browser.new_context(viewport=VIEWPORT, locale="en-US")
            page = context.new_page()
            page.goto(server.url + "/")
            page.get_by_role("region", name="Widget", exact=True).locator("*").first.wait_for()
            page.get_by_role("region", name="Settings").locator("input").first.wait_for()
            page.wait_for_timeout(500)
            path = output / "dev-module.png"
            page.screenshot(path=str(path), full_page=True)
            context.close()
    return path


def main(argv: list[str]) -> int:
    output = Path(argv[0]) if argv else ROOT / "docs" / "images"
    output.mkdir(parents=True, exist_ok=True)
    for made in (plugin_screenshot(output), module_screenshot(output)):
        print(f"wrote {made}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
