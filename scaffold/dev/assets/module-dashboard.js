/*
 * scaffold dev, module page: the dashboard around the widget. The "Dashboard" region (time range,
 * refresh, grid size, edit modes, palette, variables, widget data), the widget's cell on the grid
 * with its resize handle ("Resize widget": drag or arrow keys), and the small labelled controls
 * they are made of (Field, Checkbox, JsonEditor, Json: JSON shown with secrets masked). Split from
 * module-page.js, which owns the dashboard's state and passes it in.
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). Uses
 * window.ScaffoldSecretMask (dev-secret-mask.js sorts before this file). Exports
 * window.ScaffoldModuleDashboard; the other module-*.js files sort after this file and read it at
 * load time.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var host = window.__scaffoldHost;
  var GRID_COLUMNS = 12;
  var COLUMN_PX = 80;
  var ROW_PX = 56;
  var MAX_ROWS = 24;

  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  var ids = 0;
  function useId(prefix) {
    var ref = React.useRef(null);
    if (ref.current === null) ref.current = "scaffold-" + prefix + "-" + ++ids;
    return ref.current;
  }

  function Field(props) {
    var id = useId("field");
    var control = Object.assign({ id: id }, props.control);
    return h("div", { className: "sd-field" + (props.wide ? " sd-field-wide" : "") },
      h("label", { htmlFor: id }, props.label),
      h(props.tag || "input", control),
      props.hint ? h("span", { className: "sd-hint" }, props.hint) : null);
  }

  // The time range's format (x-scaffold-decision on WidgetProps.from in the module spec): an ISO 8601
  // instant in UTC with milliseconds, as Date.prototype.toISOString() writes it; the host resolves
  // relative ranges ("now-6h") before a widget sees them.
  var INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  /** A time-range bound: applied while it is such an instant, says why when it is not. */
  function InstantField(props) {
    var id = useId("instant");
    var text = React.useState(props.value);
    if (text[0] !== props.value && INSTANT.test(text[0])) text[1](props.value); // set from elsewhere
    var valid = INSTANT.test(text[0]) && !isNaN(Date.parse(text[0]));
    return h("div", { className: "sd-field" },
      h("label", { htmlFor: id }, props.label),
      h("input", { id: id, type: "text", size: 26, value: text[0], "aria-invalid": valid ? "false" : "true",
        "aria-describedby": id + "-error",
        onChange: function (e) {
          var next = e.target.value;
          text[1](next);
          if (INSTANT.test(next) && !isNaN(Date.parse(next))) props.onChange(next);
        } }),
      h("span", { id: id + "-error", className: "sd-error", role: valid ? undefined : "alert" },
        valid ? "" : "an ISO 8601 instant in UTC such as 2026-03-14T09:00:00.000Z (the widget keeps the last one)"));
  }

  function Checkbox(props) {
    var id = useId("check");
    return h("div", { className: "sd-field sd-check" },
      h("input", { id: id, type: "checkbox", checked: props.checked, onChange: function (e) { props.onChange(e.target.checked); } }),
      h("label", { htmlFor: id }, props.label));
  }

  /** A JSON text editor: applies the value while the text parses, says why when it does not. */
  function JsonEditor(props) {
    var id = useId("json");
    var errorId = id + "-error";
    var text = React.useState(JSON.stringify(props.value, null, 2));
    var error = React.useState(null);
    // A value set from elsewhere (the WidgetEditor handing over moduleData) replaces the text,
    // unless the text already says the same (the value came from typing here).
    var valueText = JSON.stringify(props.value);
    var seen = React.useState(valueText);
    if (seen[0] !== valueText) {
      seen[1](valueText);
      var typed = null;
      try { typed = JSON.stringify(JSON.parse(text[0])); } catch (e) { typed = null; }
      if (typed !== valueText) { text[1](JSON.stringify(props.value, null, 2)); error[1](null); }
    }
    return h("div", { className: "sd-field sd-field-wide" },
      h("label", { htmlFor: id }, props.label),
      h("textarea", {
        id: id, rows: props.rows || 5, spellCheck: false, value: text[0], "aria-invalid": error[0] ? "true" : "false",
        "aria-describedby": errorId,
        onChange: function (event) {
          var next = event.target.value;
          text[1](next);
          var parsed;
          try {
            parsed = JSON.parse(next);
          } catch (e) {
            error[1]("not JSON: " + host.errorText(e));
            return;
          }
          var problem = props.validate ? props.validate(parsed) : null;
          error[1](problem);
          if (!problem) props.onChange(parsed);
        },
      }),
      h("span", { id: errorId, className: "sd-error", role: error[0] ? "alert" : undefined }, error[0] || ""));
  }

  /** JSON for display, secrets masked unless `revealed` (dev-secret-mask.js): the one the regions use. */
  function Json(props) {
    return h("pre", { className: "sd-json" }, window.ScaffoldSecretMask.shownJson(props.value, props.revealed, 2));
  }

  function Dashboard(props) {
    var b = props.board;
    var set = props.setBoard;
    function number(key, min, max) {
      return function (e) {
        var value = Number(e.target.value);
        if (e.target.value === "" || !isFinite(value)) return;
        var patch = {};
        patch[key] = Math.min(max, Math.max(min, Math.round(value)));
        set(patch);
      };
    }
    return h("section", { "aria-label": "Dashboard", className: "sd-region sd-dashboard" },
      h("h2", null, "Dashboard"),
      h("div", { className: "sd-row" },
        h(InstantField, { label: "From", value: b.from, onChange: function (v) { set({ from: v }); } }),
        h(InstantField, { label: "To", value: b.to, onChange: function (v) { set({ to: v }); } }),
        h(Field, { label: "Refresh time", hint: "ms", control: { type: "number", min: 0, value: b.refreshTime, onChange: number("refreshTime", 0, 86400000) } }),
        h("div", { className: "sd-field" },
          h("button", { type: "button", onClick: props.refresh }, "Refresh"),
          h("span", { className: "sd-hint" }, "isRefreshClicked: " + props.flags.isRefreshClicked))),
      h("div", { className: "sd-row" },
        h(Field, { label: "Columns", control: { type: "number", min: 1, max: GRID_COLUMNS, value: b.cols, onChange: number("cols", 1, GRID_COLUMNS) } }),
        h(Field, { label: "Rows", control: { type: "number", min: 1, max: MAX_ROWS, value: b.rows, onChange: number("rows", 1, MAX_ROWS) } }),
        h(Checkbox, { label: "Dashboard edit mode", checked: b.isDashboardEdit, onChange: function (v) { set({ isDashboardEdit: v }); } }),
        h(Checkbox, { label: "Widget edit mode", checked: b.isWidgetEdit, onChange: function (v) { set({ isWidgetEdit: v }); } }),
        h(Field, { label: "Palette", tag: "select", control: {
          value: String(b.palette), onChange: function (e) { set({ palette: Number(e.target.value) }); },
          children: props.palettes.map(function (p, i) { return h("option", { key: i, value: String(i) }, (p.name || "palette " + (i + 1)) + ": " + (p.colors || []).join(", ")); }),
        } })),
      h("div", { className: "sd-row" },
        h(JsonEditor, { label: "Variables", value: b.variables, onChange: function (v) { set({ variables: v }); },
          validate: function (v) { return v === null || isObject(v) ? null : "the dashboard variables are an object (name: value) or null"; } }),
        h(JsonEditor, { label: "Widget data", value: b.moduleData, onChange: function (v) { set({ moduleData: v }); },
          validate: function (v) { return isObject(v) ? null : "moduleData is an object"; } })));
  }

  /** The widget in a dashboard cell: cols x rows of the grid, resizable by the handle. */
  function WidgetCell(props) {
    var b = props.board;
    var drag = React.useRef(null);
    if (!b) return h("section", { "aria-label": "Widget", className: "sd-region" }, h("h2", null, "Widget"), props.children);
    function onPointerDown(e) {
      drag.current = { x: e.clientX, y: e.clientY, cols: b.cols, rows: b.rows };
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    function onPointerMove(e) {
      var d = drag.current;
      if (!d) return;
      var cols = Math.min(GRID_COLUMNS, Math.max(1, d.cols + Math.round((e.clientX - d.x) / COLUMN_PX)));
      var rows = Math.min(MAX_ROWS, Math.max(1, d.rows + Math.round((e.clientY - d.y) / ROW_PX)));
      if (cols !== b.cols || rows !== b.rows) props.setBoard({ cols: cols, rows: rows });
    }
    function onPointerUp() { drag.current = null; }
    function onKeyDown(e) {
      var step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
      if (!step) return;
      e.preventDefault();
      props.setBoard({
        cols: Math.min(GRID_COLUMNS, Math.max(1, b.cols + step[0])),
        rows: Math.min(MAX_ROWS, Math.max(1, b.rows + step[1])),
      });
    }
    var f = props.flags;
    return h("section", { "aria-label": "Widget", className: "sd-region" },
      h("h2", null, "Widget"),
      h("div", { className: "sd-grid", style: { width: GRID_COLUMNS * COLUMN_PX + "px", backgroundSize: COLUMN_PX + "px " + ROW_PX + "px" } },
        h("div", { className: "sd-cell" + (f.hasError ? " sd-cell-error" : ""), "data-cols": b.cols, "data-rows": b.rows,
          style: { width: b.cols * COLUMN_PX - 8 + "px", height: b.rows * ROW_PX - 8 + "px" } },
          h("div", { className: "sd-cell-head" },
            h("span", { className: "sd-cell-title" }, b.title),
            h("span", { className: "sd-hint" }, b.cols + "×" + b.rows + (f.fetch ? " · " + f.fetch : "") + (f.hasError ? " · error" : ""))),
          h("div", { className: "sd-cell-body" }, props.children),
          h("button", { type: "button", className: "sd-resize", "aria-label": "Resize widget",
            title: "Drag (or use the arrow keys) to resize the widget",
            onPointerDown: onPointerDown, onPointerMove: onPointerMove, onPointerUp: onPointerUp, onKeyDown: onKeyDown }, "⇲"))));
  }

  window.ScaffoldModuleDashboard = {
    GRID_COLUMNS: GRID_COLUMNS, COLUMN_PX: COLUMN_PX, ROW_PX: ROW_PX, MAX_ROWS: MAX_ROWS,
    isObject: isObject, Field: Field, Checkbox: Checkbox, JsonEditor: JsonEditor, Json: Json,
    Dashboard: Dashboard, WidgetCell: WidgetCell,
  };
})();
