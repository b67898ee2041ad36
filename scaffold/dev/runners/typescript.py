"""How `scaffold dev` builds a frontend written in TypeScript: `npm run dev` (`vite build --watch`).

The watch build rewrites `frontend/dist/` on every source change; the service serves that folder,
so the page sees each rebuilt bundle. Checked first (package.json's `dev` script, node_modules,
npm on PATH), each problem one sentence naming the fix.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from scaffold.errors import ProjectError, ToolMissingError


def check_frontend(frontend: Path) -> tuple[str, ...]:
    """The `npm run dev` command line; one sentence when the frontend cannot be built in watch mode."""
    package_json = frontend / "package.json"
    try:
        scripts = json.loads(package_json.read_text(encoding="utf-8")).get("scripts") or {}
    except (OSError, ValueError, AttributeError):
        raise ProjectError(
            f"{package_json} cannot be read as JSON; restore it from git (git checkout -- frontend/package.json)"
        ) from None
    if not isinstance(scripts, dict) or "dev" not in scripts:
        raise ProjectError(
            f"{package_json} has no `dev` script (module template 1.3.0 adds it); run `scaffold upgrade`, "
            'or add "dev": "vite build --watch" to its scripts'
        )
    if not (frontend / "node_modules").is_dir():
        raise ProjectError(
            f"{frontend} has no node_modules, so the frontend cannot be built; run `npm install` in {frontend}"
        )
    npm = shutil.which("npm")
    if npm is None:
        raise ToolMissingError(
            "npm is not on PATH, and a module's frontend is built with it; install Node.js 20.19+ (with npm)"
        )
    return (npm, "run", "dev")
