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
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var host = window.__scaffoldHost;
  var dev = window.__scaffoldDev || {};
  var API = "/dev-api/module";
  var STAMP_POLL_MS = 500;
  var PROXY_POLL_MS = 1000;
  var LOADER_TIMEOUT_MS = 10000;
  var MAX_EVENTS = 300;
  var GRID_COLUMNS = 12;
  var COLUMN_PX = 80;
  var ROW_PX = 56;
  var MAX_ROWS = 24;
  // A second palette, as the platform has several: switching shows how the widget takes colours.
  var CONTRAST_PALETTE = {
    name: "Contrast (scaffold dev)", colors: ["#000000", "#e69f00", "#56b4e9", "#009e73"],
    createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", isEditable: false,
  };

  // -- the event log lives outside React: errors may come before (or without) a render ---------
  var events = { items: [], listeners: [], next: 1 };

  function addEvent(kind, text, problems) {
    events.items.unshift({ id: events.next++, time: new Date(), kind: kind, text: String(text), problems: problems || [] });
    if (events.items.length > MAX_EVENTS) events.items.length = MAX_EVENTS;
    events.listeners.forEach(function (listener) { listener(); });
  }

  function useEvents() {
    var tick = React.useState(0);
    React.useEffect(function () {
      var listener = function () { tick[1](function (n) { return n + 1; }); };
      events.listeners.push(listener);
      return function () { events.listeners = events.listeners.filter(function (l) { return l !== listener; }); };
    }, []);
    return events.items;
  }

  window.addEventListener("error", function (event) {
    var text = event.message || "error";
    if (text === "Script error." || text === "Script error") {
      text += " (thrown by the module's cross-origin script, whose server sends no Access-Control-Allow-Origin: *," +
        " so the browser hides the details; the browser console shows them)";
    }
    addEvent("page error", text + (event.filename ? " at " + event.filename + ":" + event.lineno : ""));
  });
  window.addEventListener("unhandledrejection", function (event) {
    addEvent("page error", "unhandled rejection: " + host.errorText(event.reason));
  });
  var originalConsoleError = console.error;
  console.error = function () {
    var parts = Array.prototype.slice.call(arguments).map(function (value) {
      return typeof value === "string" ? value : (value instanceof Error ? value.message : host.describeValue(value).text);
    });
    addEvent("console error", parts.join(" "));
    return originalConsoleError.apply(console, arguments);
  };

  // -- the dev server's API ---------------------------------------------------------------------
  function api(method, path, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(API + path, init).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw new Error((data && data.error) || response.status + " " + response.statusText);
        return data;
      });
    });
  }

  // -- contract checks of callback arguments (the check's judge has the full validator) ---------
  function argumentProblems(callback, args, raw) {
    var problems = [];
    var params = callback.parameters || [];
    params.forEach(function (param, index) {
      if (index >= raw.length || raw[index] === undefined) {
        if (param.required) problems.push(callback.name + "() called without " + param.name);
        return;
      }
      var type = param.schema && param.schema.type;
      var value = raw[index];
      var ok = type === undefined || (type === "boolean" && typeof value === "boolean") ||
        (type === "string" && typeof value === "string") || ((type === "number" || type === "integer") && typeof value === "number") ||
        (type === "object" && value !== null && typeof value === "object" && !Array.isArray(value)) ||
        (type === "array" && Array.isArray(value));
      if (!ok) problems.push(param.name + " is " + args[index].text + ", not of type " + type);
    });
    if (raw.length > params.length) {
      problems.push("called with " + raw.length + " arguments; the contract declares " + params.length);
    }
    return problems;
  }

  // -- loading the module, the way the platform does ----------------------------------------------
  function withReload(url, generation) {
    if (!url || !generation) return url;
    return url + (url.indexOf("?") >= 0 ? "&" : "?") + "scaffoldReload=" + generation;
  }

  function settleWithin(promise, ms, what) {
    return Promise.race([promise, new Promise(function (resolve) {
      setTimeout(function () { resolve({ form: "timeout", error: what + " did not settle within " + ms / 1000 + " s", component: null }); }, ms);
    })]);
  }

  var FORM_PROBLEMS = {
    "promise-component": "the loader's promise resolves to the component, not to {default: Component}",
    "promise-other": "the loader's promise ",
    rejects: "the loader's promise rejects: ",
    throws: "the loader throws: ",
    other: "the loader ",
  };

  /** Load JS (+CSS), read window[scope].registry, run each listed loader: {components, errors}. */
  function loadModule(target, generation) {
    var js = withReload(target.jsUrl, generation);
    var css = withReload(target.cssUrl, generation);
    return host.loadBundle(js, css, "module", target.crossOrigin).then(function (loaded) {
      if (!loaded.loaded) throw new Error(loaded.error + " (" + js + ")");
      var scope = host.inspectScope(target.scope);
      if (!scope.exists) throw new Error("window[" + JSON.stringify(target.scope) + "] is not defined after the script ran");
      if (!scope.hasRegistry) throw new Error("window[" + JSON.stringify(target.scope) + "].registry is " + scope.registryKind);
      return Promise.all(target.components.map(function (name) {
        if (scope.entries[name] !== "function") {
          return Promise.resolve({ form: "missing", error: "the registry has no loader for " + name, component: null });
        }
        return settleWithin(host.loadComponent(target.scope, name), LOADER_TIMEOUT_MS, "the loader of " + name);
      })).then(function (outcomes) {
        var result = { components: {}, errors: {} };
        target.components.forEach(function (name, index) {
          var outcome = outcomes[index];
          if (outcome.component) result.components[name] = outcome.component;
          else result.errors[name] = FORM_PROBLEMS[outcome.form] ? FORM_PROBLEMS[outcome.form] + (outcome.error || "") : outcome.error;
        });
        return result;
      });
    });
  }

  // -- small pieces of UI ---------------------------------------------------------------------------
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

  function Json(props) {
    return h("pre", { className: "sd-json" }, JSON.stringify(props.value, null, 2));
  }

  /** The fallback of the shared error boundary: the error, as the platform would hide it. */
  function renderError(name) {
    return function (message) {
      return h("div", { className: "sd-render-error", role: "alert" }, name + " threw while rendering: " + message);
    };
  }

  // -- the page -----------------------------------------------------------------------------------
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

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
        h(Field, { label: "From", control: { type: "text", size: 26, value: b.from, onChange: function (e) { set({ from: e.target.value }); } } }),
        h(Field, { label: "To", control: { type: "text", size: 26, value: b.to, onChange: function (e) { set({ to: e.target.value }); } } }),
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
      h("div", { className: "sd-grid", style: { width: GRID_COLUMNS * COLUMN_PX + "px" } },
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

  function EventsRegion() {
    var log = useEvents();
    return h("section", { "aria-label": "Events", className: "sd-region sd-events" },
      h("h2", null, "Events"),
      h("button", { type: "button", onClick: function () { events.items.length = 0; addEvent("host", "events cleared"); } }, "Clear events"),
      h("ol", { reversed: true }, log.map(function (e) {
        return h("li", { key: e.id, className: "sd-event sd-event-" + e.kind.replace(/\s+/g, "-") },
          h("span", { className: "sd-muted" }, e.time.toLocaleTimeString() + " "),
          h("strong", null, e.kind + " "),
          h("code", null, e.text),
          e.problems.length ? h("ul", { className: "sd-event-problems" }, e.problems.map(function (p, i) {
            return h("li", { key: i }, "contract: " + p);
          })) : null);
      })));
  }

  function ProxyRegion() {
    var calls = React.useState([]);
    React.useEffect(function () {
      var stopped = false;
      var timer = null;
      function poll() {
        api("GET", "/proxy-log").then(function (answer) {
          if (!stopped) calls[1](function (old) { return old.length === answer.calls.length ? old : answer.calls; });
        }, function () {}).then(function () { if (!stopped) timer = setTimeout(poll, PROXY_POLL_MS); });
      }
      poll();
      return function () { stopped = true; clearTimeout(timer); };
    }, []);
    return h("section", { "aria-label": "Proxy calls", className: "sd-region" },
      h("h2", null, "Proxy calls"),
      h("p", { className: "sd-muted" }, "/api/v1/modules/{moduleId}/proxy/… forwarded to the backend, with moduleContext = the saved settings"),
      calls[0].length ? null : h("p", { className: "sd-muted" }, "none yet"),
      h("ol", { reversed: true }, calls[0].slice().reverse().map(function (c, i) {
        return h("li", { key: calls[0].length - i },
          h("details", null,
            h("summary", null, c.method + " " + c.path + " → " + c.status),
            h(Json, { value: c.forwarded })));
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
