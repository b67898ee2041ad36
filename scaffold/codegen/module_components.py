"""The components a module registers, as its answers give them (a list or "Widget,Settings").

The module generator reads them from the project's answers, and scaffold.projects.state.answers checks
them when a project is made; both use this one parser, kept here so codegen needs nothing of the
projects package.
"""

from __future__ import annotations

from scaffold.errors import InvalidNameError

MODULE_COMPONENTS = ("Widget", "WidgetEditor", "Settings")


def parse_components(value: object) -> list[str]:
    """Accept a list or a comma-separated string; order follows the contract's own order."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise InvalidNameError(
            f"components must name at least one of {', '.join(MODULE_COMPONENTS)}, comma-separated."
        )
    names = [str(item).strip() for item in items]
    unknown = [n for n in names if n not in MODULE_COMPONENTS]
    if unknown:
        raise InvalidNameError(
            f"unknown component {unknown[0]!r}: a module has at most these three: "
            f"{', '.join(MODULE_COMPONENTS)} (comma-separated, e.g. Widget,Settings)."
        )
    if len(set(names)) != len(names):
        raise InvalidNameError("components must not repeat a name.")
    return [c for c in MODULE_COMPONENTS if c in names]
