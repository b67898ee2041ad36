"""The module in a real browser: load as a classic script, window[scope].registry, loaders,
renders with the contract's props, a simulated user edit, and every callback value.

Verdicts: a page error or console error while loading or rendering is a FAIL; a loader that
returns the component itself is accepted but a WARN (the promise of {default} is recommended);
a listed component missing from the registry is a FAIL, an unlisted registry entry a WARN; an
editor whose onChange never fires after an edit is a WARN, and so is a WidgetEditor whose edit
hands the host's editor form (react-hook-form, scaffold's reading of the host) no value; a callback
called with values its contract type does not allow is a FAIL.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scaffold.check.host_driver import HostDriver, PageEvent, PageStuck
from scaffold.check.module_callbacks import Call, judge_calls, signatures
from scaffold.check.widget_data import RULE_WIDGET_DATA, reported_errors, widget_data_verdict
from scaffold.errors import ToolMissingError
from scaffold.host.host_data import HostData
from scaffold.host.module_props import ComponentProps, component_props
from scaffold.host.module_target import ModuleTarget
from scaffold.host.report import CheckReport, Status
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument

SETTLE_MS = 120
RULE_CLASSIC = (
    "contract: the platform loads the module as a classic script, not as an ESM import; after the JS runs, "
    "window[scope] holds the module object"
)
RULE_SCOPE = "contract: Minimal checklist 2 (the JS bundle registers window[scope], which contains registry)"
RULE_REGISTRY = (
    "contract: Frontend artifacts 3 (registry: an object whose key is a component name and whose value is a "
    "loader function) and Module metadata (components: names available in registry)"
)
RULE_LOADER = (
    "contract: Frontend artifacts 3 (the recommended loader returns a promise of {default: Component}; a loader "
    "that returns the component itself is also accepted)"
)
RULE_RENDER = "contract: Component props (the component renders with the props the platform passes)"
RULE_EDIT = {
    "WidgetEditor": "contract: WidgetEditor rules (call onChange when editor data changed)",
    "Settings": "contract: Settings rules (call onChange(newSettings) on every change)",
}
RULE_EDITOR_FORM = (
    "contract: WidgetEditor rules (let the user change the future moduleData), as scaffold reads the host "
    "(x-scaffold-decision on WidgetEditorProps): the editor hands the future moduleData to the host's "
    'react-hook-form editor form with useFormContext().setValue("moduleData", ...), then calls onChange()'
)
EDIT_TEXT = {
    "number": "42",
    "range": "42",
    "email": "check@example.com",
    "url": "https://example.com",
    "date": "2026-03-14",
    "time": "09:30",
    "color": "#336699",
    "tel": "+10000000000",
}


class ModuleInBrowser:
    """One run of the browser checks on a page whose host server is already up."""

    def __init__(
        self,
        driver: HostDriver,
        spec: SpecDocument,
        validator: SpecValidator,
        target: ModuleTarget,
        report: CheckReport,
        data: HostData | None = None,
    ) -> None:
        self.data = data or HostData()
        self.driver = driver
        self.spec = spec
        self.validator = validator
        self.target = target
        self.report = report
        self.loaded = False  # whether the bundle's script ran at all

    def run(self, host_url: str) -> list[str] | None:
        """Run every browser check; returns the stand-in members the bundle touched, or None
        when no bundle ran (the script did not load)."""
        opened = self.driver.open(host_url + "/")
        if not opened.ok:
            # Not the module's fault: the checker's own page did not come up in this Chromium.
            raise ToolMissingError(
                f"the scaffold check host page did not start in Chromium: {opened.error}",
                hint="Check that Chromium runs headless here (or set SCAFFOLD_CHROMIUM to a working build).",
            )
        entries = self._load_and_inspect()
        if entries is None:
            return self._touched() if self.loaded else None
        for name in self.target.components:
            self._component(name, entries)
        return self._touched()

    # -- load, scope, registry -----------------------------------------------------------------

    def _load_and_inspect(self) -> dict[str, str] | None:
        d, report = self.driver, self.report
        d.set_phase("load")
        loaded = d.step("loadModule", self.target.js_url, self.target.css_url)
        d.settle(SETTLE_MS // 2)
        errors = d.events_in("load")
        if not loaded.ok or not (loaded.value or {}).get("loaded"):
            reason = loaded.error or (loaded.value or {}).get("error") or "not loaded"
            report.failed("browser.script", f"{reason}{_events_suffix(errors)}", RULE_CLASSIC)
            report.skipped("browser.scope", "browser.script failed")
            report.skipped("browser.registry", "browser.script failed")
            return None
        self.loaded = True
        if errors:
            report.failed("browser.script", _describe_events(errors) + _esm_hint(errors), RULE_CLASSIC)
        else:
            report.passed("browser.script", "loaded as a classic <script> from another origin, no errors")
        d.set_phase("scope")
        inspected = d.step("inspectScope", self.target.scope)
        info: Mapping[str, Any] = (
            inspected.value if inspected.ok and isinstance(inspected.value, dict) else {}
        )
        if not info.get("exists"):
            report.failed(
                "browser.scope",
                f"window[{self.target.scope!r}] is not defined after the script ran",
                RULE_SCOPE,
            )
            report.skipped("browser.registry", "browser.scope failed")
            return None
        if not info.get("hasRegistry"):
            report.passed(
                "browser.scope", f"window[{self.target.scope!r}] is {_article(str(info.get('kind')))}"
            )
            report.failed(
                "browser.registry",
                f"window[{self.target.scope!r}].registry is {info.get('registryKind')}",
                RULE_SCOPE,
            )
            return None
        report.passed(
            "browser.scope",
            f"window[{self.target.scope!r}] is {_article(str(info.get('kind')))} with a registry",
        )
        entries = {str(k): str(v) for k, v in (info.get("entries") or {}).items()}
        self._registry(entries)
        return entries

    def _registry(self, entries: Mapping[str, str]) -> None:
        listed = self.target.components
        missing = [n for n in listed if n not in entries]
        not_loaders = [f"{n} is a {kind}" for n, kind in entries.items() if kind != "function"]
        extra = [n for n in entries if n not in listed]
        if missing or not_loaders:
            detail = "; ".join(
                ([f"listed in well-known components but absent: {', '.join(missing)}"] if missing else [])
                + ([f"not a loader function: {', '.join(not_loaders)}"] if not_loaders else [])
            )
            self.report.failed("browser.registry", detail, RULE_REGISTRY)
        elif extra:
            self.report.warned(
                "browser.registry",
                f"registry entries not listed in components: {', '.join(extra)}",
                RULE_REGISTRY,
            )
        else:
            self.report.passed("browser.registry", f"loaders: {', '.join(entries) or 'none'}")

    # -- one component ----------------------------------------------------------------------------

    def _component(self, name: str, entries: Mapping[str, str]) -> None:
        prefix = f"component.{name}"
        props = component_props(self.spec, name, self.target, self.data)
        steps = component_steps(props)
        if entries.get(name) != "function":
            for step in steps:
                self.report.skipped(f"{prefix}.{step}", f"no loader for {name} in the registry")
            return
        if not self._loader(name):
            for step in steps[1:]:
                self.report.skipped(f"{prefix}.{step}", f"{prefix}.loader failed")
            return
        if props is None:
            for step in steps[1:]:
                self.report.skipped(f"{prefix}.{step}", f"the spec defines no props for {name}")
            return
        self._render(name, props)
        if "edit" in steps:
            self._edit(name)
        self._callbacks(name, props)

    def _loader(self, name: str) -> bool:
        d, check = self.driver, f"component.{name}.loader"
        d.set_phase(f"{name}:loader")
        outcome = d.step("runLoader", self.target.scope, name)
        errors = d.events_in(f"{name}:loader")
        if not outcome.ok:
            self.report.failed(check, f"{outcome.error}{_events_suffix(errors)}", RULE_LOADER)
            return False
        form = str((outcome.value or {}).get("form"))
        error = (outcome.value or {}).get("error")
        if errors:
            self.report.failed(check, _describe_events(errors), RULE_LOADER)
            return False
        if form == "promise-default":
            self.report.passed(check, "returns a promise of {default: Component}")
            return True
        if form == "component":
            self.report.warned(
                check,
                "returns the component itself (accepted; a promise of {default} is recommended)",
                RULE_LOADER,
            )
            return True
        messages = {
            "promise-component": "the promise resolves to the component, not to {default: Component}",
            "promise-other": f"the promise {error}, not {{default: Component}}",
            "rejects": f"the promise rejects: {error}",
            "throws": f"the loader throws: {error}",
            "other": f"the loader {error}, neither a component nor a promise",
        }
        self.report.failed(check, messages.get(form, f"unexpected loader result {form}"), RULE_LOADER)
        return False

    def _render(self, name: str, props: ComponentProps) -> None:
        d, check = self.driver, f"component.{name}.render"
        phase = f"{name}:render"
        d.set_phase(phase)
        rendered = d.step("render", name, props.values, [c.name for c in props.callbacks])
        d.settle(SETTLE_MS)
        snapshot = d.step("snapshot", name)
        errors = d.events_in(phase)
        shot: Mapping[str, Any] = snapshot.value if snapshot.ok and isinstance(snapshot.value, dict) else {}
        problems = []
        if not rendered.ok:
            problems.append(f"render failed: {rendered.error}")
        if shot.get("boundaryError"):
            problems.append(f"threw while rendering: {shot['boundaryError']}")
        if errors:
            problems.append(_describe_events(errors))
        reported = self._reported_errors(name, phase, shot) if not problems else []
        if problems:
            self.report.failed(check, "; ".join(problems), RULE_RENDER)
        elif not shot.get("elements") and not shot.get("text"):
            self.report.warned(check, "rendered nothing", RULE_RENDER)
        elif reported:
            self._judge_widget_data(check, reported)
        else:
            text = str(shot.get("text", ""))
            self.report.passed(
                check, f"{shot.get('elements')} elements" + (f", text {text[:60]!r}" if text else "")
            )

    def _reported_errors(self, name: str, phase: str, shot: Mapping[str, Any]) -> list[str]:
        if name != "Widget":
            return []
        return reported_errors([c for c in self._calls() if c.phase == phase], shot.get("alert"))

    def _judge_widget_data(self, check: str, reported: Sequence[str]) -> None:
        example = component_props(self.spec, "Widget", self.target)
        status, detail = widget_data_verdict(
            reported, self.data, example.values.get("moduleData") if example else None
        )
        self.report.add(status, check, detail, RULE_WIDGET_DATA)

    def _edit(self, name: str) -> None:
        from playwright.sync_api import Error as PlaywrightError

        d, check = self.driver, f"component.{name}.edit"
        rule = RULE_EDIT.get(name, "contract: call onChange when data changed")
        phase = f"{name}:edit"
        d.set_phase(phase)
        marked = d.step("markControl", name)
        control: Mapping[str, Any] = marked.value if marked.ok and isinstance(marked.value, dict) else {}
        if not control.get("found"):
            self.report.warned(
                check, "no enabled input, textarea or select rendered; onChange not exercised", rule
            )
            return
        locator = d.page.locator(f'[data-scaffold-component="{name}"] [data-scaffold-edit="1"]').first
        tag, kind = str(control.get("tag")), str(control.get("type"))
        what = f"<{tag}{' type=' + kind if kind else ''}{' ' + repr(control.get('name')) if control.get('name') else ''}>"
        options = [o for o in control.get("options") or [] if o != control.get("value")]
        if tag == "select" and not options:
            self.report.warned(check, f"{what} has no other option to choose; onChange not exercised", rule)
            return

        def edit() -> None:
            if tag == "select":
                locator.select_option(value=str(options[0]), timeout=d.limit_ms())
            elif kind in ("checkbox", "radio"):
                locator.click(timeout=d.limit_ms())
            else:
                locator.fill(EDIT_TEXT.get(kind, "scaffold check edit"), timeout=d.limit_ms())

        try:
            d.guarded(edit, f"the edit of {name}")
        except PageStuck as exc:
            self.report.failed(check, f"editing {what}: {exc}", rule)
            return
        except PlaywrightError as exc:
            if d.deadline.expired:
                raise d.cut_short() from None
            self.report.warned(check, f"could not edit {what}: {str(exc).splitlines()[0]}", rule)
            return
        d.settle(SETTLE_MS)
        errors = d.events_in(phase)
        collected = self._collected()
        calls = [
            c
            for c in self._calls(collected)
            if c.component == name and c.phase == phase and c.callback == "onChange"
        ]
        handed = self._handed_to_editor_form(name, collected)
        if errors:
            self.report.failed(check, f"editing {what}: {_describe_events(errors)}", rule)
        elif not calls:
            self.report.warned(check, f"editing {what} did not call onChange", rule)
        elif handed == "":
            self.report.warned(
                check,
                f"editing {what} called {calls[0].shown()[:60]} but handed the host's editor form no value, "
                "so the host saves nothing new",
                RULE_EDITOR_FORM,
            )
        else:
            self.report.passed(check, f"editing {what} called {calls[0].shown()[:120]}{handed or ''}")

    def _handed_to_editor_form(self, name: str, collected: Mapping[str, Any]) -> str | None:
        """For a WidgetEditor inside the host's editor form: "" when the edit changed none of the
        form's values, else what it handed over (", set moduleData to …"); None otherwise."""
        if name != "WidgetEditor" or not collected.get("editorForm"):
            return None
        changed = collected.get("editorValues")
        if not isinstance(changed, dict) or not changed:
            return ""
        shown = ", ".join(f"{k} to {json.dumps(v, ensure_ascii=False)}" for k, v in sorted(changed.items()))
        return f", set {shown}"[:120]

    def _callbacks(self, name: str, props: ComponentProps) -> None:
        rule = f"contract: Component props / {name} ({signatures(props)})"
        calls = [c for c in self._calls() if c.component == name]
        status, detail = judge_calls(self.validator, props, calls)
        self.report.add(
            status, f"component.{name}.callbacks", detail, rule if status is not Status.PASS else None
        )

    # -- shared -------------------------------------------------------------------------------

    def _collected(self) -> Mapping[str, Any]:
        result = self.driver.step("collect")
        return result.value if result.ok and isinstance(result.value, dict) else {}

    def _calls(self, collected: Mapping[str, Any] | None = None) -> list[Call]:
        found = self._collected() if collected is None else collected
        return [Call.from_page(c) for c in found.get("calls") or [] if isinstance(c, dict)]

    def _touched(self) -> list[str]:
        return [str(t) for t in self._collected().get("touched") or []]


def component_steps(props: ComponentProps | None) -> list[str]:
    """The checks of one component; `edit` only when it has an onChange to exercise."""
    editable = props is not None and props.callback("onChange") is not None
    return ["loader", "render", *(["edit"] if editable else []), "callbacks"]


def component_checks(spec: SpecDocument, target: ModuleTarget) -> list[str]:
    """Every per-component check name of a run, in the order they are reported."""
    return [
        f"component.{name}.{step}"
        for name in target.components
        for step in component_steps(component_props(spec, name, target))
    ]


def _describe_events(events: Sequence[PageEvent]) -> str:
    shown = [e.describe() for e in events[:3]]
    more = f" (+{len(events) - 3} more)" if len(events) > 3 else ""
    return "; ".join(shown) + more


def _events_suffix(events: Sequence[PageEvent]) -> str:
    return f"; {_describe_events(events)}" if events else ""


def _esm_hint(events: Sequence[PageEvent]) -> str:
    markers = ("import statement outside a module", "Unexpected token 'export'", "Cannot use 'import.meta'")
    if any(marker in e.text for e in events for marker in markers):
        return " (the bundle is an ES module; the platform loads a classic script: build an IIFE/UMD bundle)"
    return ""


def _article(kind: str) -> str:
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"
