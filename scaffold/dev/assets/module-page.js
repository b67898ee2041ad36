/*
 * scaffold dev, module page: a dashboard of the platform around one module, live.
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). The module is loaded by
 * the shared harness (window.__scaffoldHost, scaffold/host/assets/host.js), the same loader,
 * stand-ins and error boundary `scaffold check module` uses; the platform's side (well-known,
 * artifact URLs, the components' contract props, saved settings, the proxy) comes from the dev
 * server's API under /dev-api/module (scaffold/dev/module_api.py).
 *
 * Regions (their accessible names are the page's interface, kept stable for people and tests):
 * "Dashboard" (the controls of the dashboard around the widget), "Widget", "Widget editor",
 * "Settings", "Events" (every callback with its arguments, page errors, console errors),
 * "Proxy calls" and "Problems" (what `scaffold check module` would report about the connection).
 *
 * Reload: /dev-api/module/bundle-stamp is polled every 500 ms; when the served JS changes, it is
 * loaded again as a classic script with a cache-busting query, window[scope].registry is read
 * again and the components are remounted with the same props.
 *
 * The pieces live in module-api.js (the dev server, loading the bundle), module-dashboard.js (the
 * dashboard controls, the widget cell and its resize) and module-events.js (the event log, the
 * "Events" and "Proxy calls" regions); they sort before this file, which loads last.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var host = window.__scaffoldHost;
  var dev = window.__scaffoldDev || {};
  var api = window.ScaffoldModuleApi.api;
  var loadModule = window.ScaffoldModuleApi.loadModule;
  var D = window.ScaffoldModuleDashboard;
  var isObject = D.isObject;
  var Json = D.Json;
  var Dashboard = D.Dashboard;
  var WidgetCell = D.WidgetCell;
  var COLUMN_PX = D.COLUMN_PX;
  var ROW_PX = D.ROW_PX;
  var E = window.ScaffoldModuleEvents;
  var addEvent = E.addEvent;
  var argumentProblems = E.argumentProblems;
  var EventsRegion = E.EventsRegion;
  var ProxyRegion = E.ProxyRegion;
  var STAMP_POLL_MS = 500;
  // A second palette, as the platform has several: switching shows how the widget takes colours.
  var CONTRAST_PALETTE = {
    name: "Contrast (scaffold dev)", colors: ["#000000", "#e69f00", "#56b4e9", "#009e73"],
    createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", isEditable: false,
  };

  /** The fallback of the shared error boundary: the error, as the platform would hide it. */
  function renderError(name) {
    return function (message) {
      return h("div", { className: "sd-render-error", role: "alert" }, name + " threw while rendering: " + message);
    };
  }

  // -- the page -----------------------------------------------------------------------------------
  function App() {
    var connection = React.useState({ phase: "connecting", target: null, problems: [], error: null });
    var loaded = React.useState({ generation: -1, components: {}, errors: {}, error: null, at: null });
    var conn = connection[0];
    var mod = loaded[0];
    var target = conn.target;
    var base = (target && target.props) || {};
    var widgetValues = (base.Widget && base.Widget.values) || {};
    var editorValues = (base.WidgetEditor && base.WidgetEditor.values) || {};
    var anyValues = Object.assign({}, (base.Settings || {}).values, editorValues, widgetValues);
    var palettes = React.useMemo(function () {
      var given = Array.isArray(anyValues.palettes) ? anyValues.palettes : [];
      return given.concat([CONTRAST_PALETTE]);
    }, [target]); // eslint-disable-line

    var dash = React.useState(null);
    var board = dash[0];
    var settings = React.useState({ value: {}, saved: false, state: "", error: null });
    var flags = React.useState({ isRefreshClicked: false, refreshClicked: false, fetch: "", hasError: false, editorChanges: 0 });
    var stampRef = React.useRef(null);
    var busyRef = React.useRef(false);
    var generationRef = React.useRef(0);
    var targetRef = React.useRef(null);
    var saveChain = React.useRef(Promise.resolve());
    var bundleNote = React.useState("");

    // The dashboard's state starts from the contract's realistic props, once they are known.
    React.useEffect(function () {
      if (!target || board) return;
      var dashboardProps = editorValues.dashboardProps || {};
      var widget = editorValues.widget || {};
      dash[1]({
        from: anyValues.from || dashboardProps.from || "",
        to: anyValues.to || dashboardProps.to || "",
        refreshTime: dashboardProps.refreshTime !== undefined ? dashboardProps.refreshTime : 30000,
        cols: anyValues.cols || dashboardProps.cols || 6,
        rows: anyValues.rows || dashboardProps.rows || 4,
        isDashboardEdit: !!anyValues.isDashboardEdit,
        isWidgetEdit: !!anyValues.isWidgetEdit,
        palette: 0,
        variables: anyValues.variables === undefined ? {} : anyValues.variables,
        moduleData: isObject(anyValues.moduleData) ? anyValues.moduleData : (isObject(widget.moduleData) ? widget.moduleData : {}),
        title: widget.title || anyValues.title || "Widget",
      });
    }, [target]); // eslint-disable-line

    function changed(old, patch) {
      return Object.keys(patch).some(function (key) { return old[key] !== patch[key]; });
    }
    // Unchanged values keep the old state object, so a callback repeating a value re-renders nothing.
    function setBoard(patch) { dash[1](function (old) { return changed(old, patch) ? Object.assign({}, old, patch) : old; }); }
    function setFlags(patch) { flags[1](function (old) { return changed(old, patch) ? Object.assign({}, old, patch) : old; }); }

    function connect() {
      connection[1](function (old) { return Object.assign({}, old, { phase: "connecting", error: null }); });
      return api("GET", "/target").then(function (answer) {
        targetRef.current = answer.target;
        connection[1]({ phase: answer.target ? "connected" : "unusable", target: answer.target, problems: answer.problems || [], error: null });
        settings[1](function (old) { return old.saved ? old : Object.assign({}, old, { value: answer.settings, saved: answer.settingsSaved }); });
        return answer.target;
      }, function (error) {
        connection[1](function (old) { return Object.assign({}, old, { phase: "unusable", error: host.errorText(error) }); });
        return null;
      });
    }

    function load(why) {
      var current = targetRef.current;
      if (!current) return Promise.resolve();
      var generation = generationRef.current++;
      var started = performance.now();
      return loadModule(current, generation).then(function (result) {
        loaded[1]({ generation: generation, components: result.components, errors: result.errors, error: null, at: new Date() });
        Object.keys(result.errors).forEach(function (name) { addEvent("load error", name + ": " + result.errors[name]); });
        if (why) addEvent("bundle", why + " in " + Math.round(performance.now() - started) + " ms (load #" + generation + ")");
      }, function (error) {
        loaded[1]({ generation: generation, components: {}, errors: {}, error: host.errorText(error), at: new Date() });
        addEvent("load error", host.errorText(error));
      });
    }

    // Connect, take the bundle's stamp (before loading it, so a rebuild meanwhile is noticed), load.
    // The stamp poll stands still meanwhile (busyRef), so it cannot take a newer stamp for the loaded one.
    function connectAndLoad(why) {
      busyRef.current = true;
      return connect().then(function (found) {
        if (!found) return false;
        return api("GET", "/bundle-stamp").then(function (answer) { stampRef.current = answer.stamp; }, function () {
          stampRef.current = null;
        }).then(function () { return load(why); }).then(function () { return true; });
      }).finally(function () { busyRef.current = false; });
    }

    React.useEffect(function () {
      var stopped = false;
      var retry = null;
      function start() {
        connectAndLoad(null).then(function (found) {
          if (!stopped && !found) retry = setTimeout(start, 2000);
        });
      }
      start();
      return function () { stopped = true; clearTimeout(retry); };
    }, []);

    // Reload when the served JS changes (a rebuild by `npm run dev`).
    React.useEffect(function () {
      var stopped = false;
      var timer = null;
      function poll() {
        if (stopped) return;
        if (!targetRef.current || busyRef.current) { timer = setTimeout(poll, STAMP_POLL_MS); return; }
        api("GET", "/bundle-stamp").then(function (answer) {
          bundleNote[1](answer.error ? "bundle: " + answer.error : "");
          if (busyRef.current) return null;
          if (answer.stamp && answer.stamp !== stampRef.current) {
            var first = stampRef.current === null;
            stampRef.current = answer.stamp;
            if (!first) return load("the rebuilt bundle was reloaded");
          }
          return null;
        }, function (error) { bundleNote[1]("bundle: " + host.errorText(error)); })
          .then(function () { if (!stopped) timer = setTimeout(poll, STAMP_POLL_MS); });
      }
      timer = setTimeout(poll, STAMP_POLL_MS);
      return function () { stopped = true; clearTimeout(timer); };
    }, []);

    function reconnect() {
      if (!busyRef.current) connectAndLoad("the module was connected again");
    }

    function saveSettings(data) {
      settings[1](function (old) { return Object.assign({}, old, { state: "saving", error: null }); });
      saveChain.current = saveChain.current.then(function () {
        return api("PUT", "/settings", data === undefined ? null : data).then(function (answer) {
          settings[1]({ value: answer.settings, saved: true, state: "saved", error: null });
        }, function (error) {
          settings[1](function (old) { return Object.assign({}, old, { state: "", error: host.errorText(error) }); });
        });
      });
    }

    // Callbacks: recorded through the shared harness, logged with contract findings, then acted on.
    var effects = {
      "Widget.setRefreshClicked": function (args) { if (typeof args[0] === "boolean") setFlags({ isRefreshClicked: args[0] }); },
      "Widget.onFetch": function (args) { setFlags({ fetch: String(args[0]) }); },
      "Widget.onErrorChange": function (args) { setFlags({ hasError: args[0] === true }); },
      "WidgetEditor.onRefreshChange": function (args) { if (typeof args[0] === "boolean") setFlags({ refreshClicked: args[0] }); },
      "WidgetEditor.onChange": function () { flags[1](function (old) { return Object.assign({}, old, { editorChanges: old.editorChanges + 1 }); }); },
      "Settings.onChange": function (args) { saveSettings(args[0]); },
    };
    var callbackCache = React.useRef({});
    function callbacksOf(name) {
      var key = name + "#" + mod.generation;
      if (callbackCache.current[key]) return callbackCache.current[key];
      var made = {};
      ((base[name] || {}).callbacks || []).forEach(function (callback) {
        made[callback.name] = host.recorder(name, callback.name, function (call) {
          var problems = argumentProblems(callback, call.args, call.raw);
          addEvent("callback", name + "." + callback.name + "(" + call.args.map(function (a) { return a.text; }).join(", ") + ")", problems);
          var effect = effects[name + "." + callback.name];
          if (effect) effect(call.raw);
        });
      });
      callbackCache.current[key] = made;
      return made;
    }

    // Objects passed as props keep their identity until an input changes, as a careful host does:
    // a component whose effect depends on one must not be re-run by an unrelated event.
    var b = board || {};
    var savedSettings = settings[0].value;
    var dashboardProps = React.useMemo(function () {
      return Object.assign({}, editorValues.dashboardProps || {}, {
        from: b.from, to: b.to, refreshTime: b.refreshTime, cols: b.cols, rows: b.rows,
      });
    }, [target, b.from, b.to, b.refreshTime, b.cols, b.rows]); // eslint-disable-line
    var savedWidget = React.useMemo(function () {
      return Object.assign({}, editorValues.widget || {}, { title: b.title, moduleData: b.moduleData });
    }, [target, b.title, b.moduleData]); // eslint-disable-line
    var moduleRecord = React.useMemo(function () {
      return Object.assign({}, editorValues.module || {}, { settings: savedSettings });
    }, [target, savedSettings]); // eslint-disable-line

    function propsOf(name) {
      var spec = base[name];
      if (!spec || !board) return null;
      var f = flags[0];
      var palette = board.palette > 0 || !Array.isArray(anyValues.palette) ? palettes[board.palette].colors : anyValues.palette;
      var live = {
        from: board.from, to: board.to, cols: board.cols, rows: board.rows, title: board.title,
        isDashboardEdit: board.isDashboardEdit, isWidgetEdit: board.isWidgetEdit,
        isRefreshClicked: f.isRefreshClicked, refreshClicked: f.refreshClicked,
        palette: palette, variables: board.variables, moduleData: board.moduleData,
        dashboardProps: dashboardProps, settings: savedSettings, widget: savedWidget, module: moduleRecord,
        palettes: palettes,
      };
      var props = {};
      // Only the props the contract gives this component; their values follow the page's controls.
      Object.keys(spec.values).forEach(function (key) { props[key] = key in live ? live[key] : spec.values[key]; });
      return Object.assign(props, callbacksOf(name));
    }

    function component(name) {
      if (!target) return null;
      if (target.components.indexOf(name) < 0) return h("p", { className: "sd-muted" }, "The module does not list " + name + " in well-known components.");
      if (mod.error) return h("p", { className: "sd-render-error", role: "alert" }, "The module did not load: " + mod.error);
      if (mod.errors[name]) return h("p", { className: "sd-render-error", role: "alert" }, mod.errors[name]);
      var Component = mod.components[name];
      var props = propsOf(name);
      if (!Component || !props) return h("p", { className: "sd-muted" }, "Loading " + name + "…");
      return h(host.Boundary, {
        key: name + "#" + mod.generation, name: name, fallback: renderError(name),
        onError: function (component, message) { addEvent("render error", component + " threw while rendering: " + message); },
      }, h(Component, props));
    }

    var status = statusText(conn, mod, target);

    return h("div", { className: "sd-module" },
      h("header", { className: "sd-header" },
        h("h1", null, "scaffold dev — module"),
        h("p", null, h("a", { href: dev.target, target: "_blank", rel: "noreferrer" }, dev.target),
          " · contract " + (dev.contract || "?") + (target ? " · scope " + target.scope : "")),
        h("p", { role: "status", className: "sd-status" }, status + (bundleNote[0] ? " · " + bundleNote[0] : "")),
        h("button", { type: "button", onClick: reconnect }, "Reload module")),
      h(Problems, { problems: conn.problems, error: conn.error }),
      board ? h(Dashboard, { board: board, setBoard: setBoard, flags: flags[0], palettes: palettes,
        refresh: function () { setFlags({ isRefreshClicked: true, refreshClicked: true }); addEvent("host", "Refresh clicked: isRefreshClicked and refreshClicked set to true"); } }) : null,
      h("div", { className: "sd-columns" },
        h("div", { className: "sd-column" },
          h(WidgetCell, { board: board, setBoard: setBoard, flags: flags[0] }, component("Widget")),
          h("section", { "aria-label": "Widget editor", className: "sd-region" },
            h("h2", null, "Widget editor"),
            h("p", { className: "sd-muted" }, "onChange calls: " + flags[0].editorChanges + " · refreshClicked: " + flags[0].refreshClicked),
            component("WidgetEditor")),
          h("section", { "aria-label": "Settings", className: "sd-region" },
            h("h2", null, "Settings"),
            component("Settings"),
            h("h3", null, "Saved settings (the proxy's moduleContext)"),
            h(Json, { value: settings[0].value }),
            settings[0].error ? h("p", { className: "sd-render-error", role: "alert" }, "Not saved: " + settings[0].error) : null,
            h("p", { className: "sd-muted" }, settings[0].state === "saving" ? "saving…" : (settings[0].saved ? "saved" : "nothing saved yet")))),
        h("div", { className: "sd-column" },
          h(EventsRegion, null),
          h(ProxyRegion, null))));
  }

  function statusText(conn, mod, target) {
    if (conn.phase === "connecting") return "Connecting to the module…";
    if (!target) return "The module cannot be loaded" + (conn.error ? ": " + conn.error : "; see Problems") + " (retrying)";
    if (mod.generation < 0) return "Loading the bundle…";
    if (mod.error) return "The bundle did not load (load #" + mod.generation + ")";
    var names = Object.keys(mod.components);
    var touched = host.touched();
    return "Bundle loaded (load #" + mod.generation + " at " + mod.at.toLocaleTimeString() + "): " +
      (names.join(", ") || "no component") + (touched.length ? " · host stand-ins used: " + touched.join(", ") : "");
  }

  function Problems(props) {
    if (!props.problems.length && !props.error) return null;
    return h("section", { "aria-label": "Problems", className: "sd-region sd-problems" },
      h("h2", null, "Problems"),
      h("p", { className: "sd-muted" }, "What `scaffold check module` reports about connecting this module:"),
      props.error ? h("p", { role: "alert" }, props.error) : null,
      h("ul", null, props.problems.map(function (p, i) {
        return h("li", { key: i }, h("strong", null, p.status + " " + p.check), ": " + p.detail,
          p.rule ? h("div", { className: "sd-muted" }, p.rule) : null);
      })));
  }

  var STYLE = [
    ".sd-module{font:14px/1.4 system-ui,sans-serif;margin:0 16px 32px}",
    ".sd-header{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}",
    ".sd-header h1{font-size:20px;margin:12px 0 4px}",
    ".sd-status{flex-basis:100%;margin:0}",
    ".sd-region{border:1px solid #d0d4da;border-radius:6px;padding:8px 12px;margin:12px 0;background:#fff}",
    ".sd-region h2{font-size:16px;margin:0 0 8px}",
    ".sd-row{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-end;margin-bottom:8px}",
    ".sd-field{display:flex;flex-direction:column;gap:2px}",
    ".sd-field-wide{flex:1 1 320px}",
    ".sd-field textarea{font:12px/1.3 ui-monospace,monospace}",
    ".sd-check{flex-direction:row;align-items:center;gap:6px}",
    ".sd-hint,.sd-muted{color:#5b6470;font-size:12px}",
    ".sd-error,.sd-render-error{color:#b00020}",
    ".sd-columns{display:flex;flex-wrap:wrap;gap:0 16px}",
    ".sd-column{flex:1 1 560px;min-width:0}",
    ".sd-grid{max-width:100%;overflow:auto;padding:4px;background-size:" + COLUMN_PX + "px " + ROW_PX + "px;" +
      "background-image:linear-gradient(to right,#eef0f3 1px,transparent 1px),linear-gradient(to bottom,#eef0f3 1px,transparent 1px)}",
    ".sd-cell{position:relative;display:flex;flex-direction:column;border:1px solid #9aa3ad;border-radius:4px;background:#fff;margin:4px;box-sizing:border-box}",
    ".sd-cell-error{border-color:#b00020}",
    ".sd-cell-head{display:flex;justify-content:space-between;gap:8px;padding:2px 8px;border-bottom:1px solid #eef0f3}",
    ".sd-cell-title{font-weight:600}",
    ".sd-cell-body{flex:1;overflow:auto;padding:4px 8px}",
    ".sd-module .sd-resize{position:absolute;right:0;bottom:0;cursor:nwse-resize;border:0;border-radius:0;background:transparent;" +
      "color:#5b6470;font-size:16px;line-height:1;min-height:0;padding:0 2px;touch-action:none}",
    ".sd-events ol{max-height:480px;overflow:auto;padding-left:24px}",
    ".sd-event-page-error,.sd-event-console-error,.sd-event-render-error,.sd-event-load-error{color:#b00020}",
    ".sd-event-problems{color:#b00020;margin:0}",
    ".sd-json{background:#f5f6f8;padding:6px;max-height:240px;overflow:auto;font-size:12px}",
  ].join("\n");

  function start() {
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    var root = document.getElementById("scaffold-dev");
    if (!host) {
      root.textContent = "The host harness (/host.js) did not load.";
      return;
    }
    window.ReactDOM.createRoot(root).render(h(App));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
