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
 * "Proxy calls", "Host runtime" (the host globals and their versions) and "Problems" (what
 * `scaffold check module` would report about the connection). Secrets are masked in every region
 * the page draws (dev-secret-mask.js) until the "Reveal secrets" button (then "Hide secrets") is
 * pressed; the module's own components get every value as saved.
 *
 * A load of the page is a session: it starts with the module's own settings from its host data, or
 * none without them (unless "Keep settings across reloads" is checked: module-settings.js), no
 * events and no proxy calls.
 *
 * Reload: /dev-api/module/bundle-stamp is polled every 500 ms; when the served JS changes, it is
 * loaded again as a classic script with a cache-busting query, window[scope].registry is read
 * again and the components are remounted with the same props.
 *
 * The pieces live in module-api.js (the dev server, loading the bundle), module-dashboard.js (the
 * dashboard controls, the widget cell and its resize), module-events.js (the event log, the
 * "Events" and "Proxy calls" regions), module-runtime.js ("Host runtime") and module-settings.js
 * (saved settings, the page session); they sort before this file, which loads last.
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
  var Dashboard = D.Dashboard;
  var WidgetCell = D.WidgetCell;
  var E = window.ScaffoldModuleEvents;
  var addEvent = E.addEvent;
  var argumentProblems = E.argumentProblems;
  var EventsRegion = E.EventsRegion;
  var ProxyRegion = E.ProxyRegion;
  var S = window.ScaffoldModuleSettings;
  var HostRuntime = window.ScaffoldModuleRuntime.HostRuntime;
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
    var revealed = React.useState(false);
    var keep = React.useState(S.keptChoice);
    var since = React.useState(null); // the proxy's last call number before this page's session

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

    // The session first: the settings of an earlier load are forgotten (unless kept) before any
    // component sees them, and the proxy's calls are numbered from this load on.
    React.useEffect(function () {
      var stopped = false;
      var retry = null;
      function start() {
        connectAndLoad(null).then(function (found) {
          if (!stopped && !found) retry = setTimeout(start, 2000);
        });
      }
      S.startSession(api, keep[0]).then(function (answer) {
        since[1](answer.proxySince);
        settings[1]({ value: answer.settings, saved: answer.saved, state: "", error: null });
      }, function (error) {
        since[1](0);
        addEvent("host", "the page's session did not start: " + host.errorText(error));
      }).then(function () { if (!stopped) start(); });
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
          E.addCallback(name, callback.name, call.args, argumentProblems(callback, call.args, call.raw));
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

    function fromEditor(values) {
      var patch = {};
      if (isObject(values) && isObject(values.moduleData)) patch.moduleData = values.moduleData;
      if (isObject(values) && typeof values.title === "string") patch.title = values.title;
      if (Object.keys(patch).length) setBoard(patch);
    }

    function component(name) {
      if (!target) return null;
      if (target.components.indexOf(name) < 0) return h("p", { className: "sd-muted" }, "The module does not list " + name + " in well-known components.");
      if (mod.error) return h("p", { className: "sd-render-error", role: "alert" }, "The module did not load: " + mod.error);
      if (mod.errors[name]) return h("p", { className: "sd-render-error", role: "alert" }, mod.errors[name]);
      var Component = mod.components[name];
      var props = propsOf(name);
      if (!Component || !props) return h("p", { className: "sd-muted" }, "Loading " + name + "…");
      var element = h(Component, props);
      // The editor works inside the host's editor form (host.js): what it hands over there is the
      // widget's new moduleData (and title), so the Widget re-renders with it as on the platform.
      if (name === "WidgetEditor") element = host.inEditorForm(props.widget, fromEditor, element);
      return h(host.Boundary, {
        key: name + "#" + mod.generation, name: name, fallback: renderError(name),
        onError: function (component, message) { addEvent("render error", component + " threw while rendering: " + message); },
      }, element);
    }

    var status = statusText(conn, mod, target);

    return h("div", { className: "sd-module" },
      h("header", { className: "sd-header" },
        h("h1", null, "scaffold dev — module"),
        h("p", null, h("a", { href: dev.target, target: "_blank", rel: "noreferrer" }, dev.target),
          " · contract " + (dev.contract || "?") + (target ? " · scope " + target.scope : "")),
        h("p", { role: "status", className: "sd-status" }, status + (bundleNote[0] ? " · " + bundleNote[0] : "")),
        h("button", { type: "button", onClick: reconnect }, "Reload module"),
        h("button", { type: "button", className: "secondary", onClick: function () { revealed[1](!revealed[0]); } },
          revealed[0] ? "Hide secrets" : "Reveal secrets")),
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
            h(S.SavedSettings, { settings: settings[0], revealed: revealed[0], keep: keep[0],
              onKeep: function (value) { S.keepChoice(value); keep[1](value); } }))),
        h("div", { className: "sd-column" },
          h(EventsRegion, { revealed: revealed[0] }),
          h(ProxyRegion, { since: since[0], revealed: revealed[0] }),
          h(HostRuntime, { rows: dev.hostGlobals }))));
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

  function start() {
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
