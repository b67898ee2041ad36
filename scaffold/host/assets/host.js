/*
 * The host side of the platform, emulated: one harness for `scaffold check module` and `scaffold dev`.
 *
 * Loaded after the React 18 UMD globals and /host-config.js. It provides permissive stand-ins
 * for the other host globals (recording which members a bundle touches), loads the bundle as a
 * classic <script> the way the platform does, calls registry loaders, wraps components in an
 * error boundary and records callback calls. It exposes two faces built on the same parts:
 *
 * - window.__scaffoldHost: the parts themselves (loadBundle, inspectScope, loadComponent,
 *   Boundary, recorder, mount, describeValue), which the dev page (scaffold/dev/assets/
 *   module-page.js) composes into a live dashboard;
 * - window.__scaffold: the check's steps. Python drives them through
 *   window.__scaffold.start(id, step, args, phase) and polls window.__scaffold.result(id), so a
 *   bundle that never settles (or loops) is cut off by a timeout instead of hanging the checker.
 */
(function () {
  "use strict";
  var config = window.__scaffoldHostConfig || {};
  var React = window.React;
  var ReactDOM = window.ReactDOM;
  var h = React.createElement;

  var state = {
    phase: "setup",
    touched: {},
    calls: [],
    results: {},
    components: {},
    boundaryErrors: {},
  };

  // -- stand-ins for the host globals other than React/ReactDOM -----------------------------
  var REACT_INTERNALS = {
    $$typeof: 1, prototype: 1, then: 1, toJSON: 1, defaultProps: 1, propTypes: 1, contextTypes: 1,
    childContextTypes: 1, contextType: 1, getDerivedStateFromProps: 1, getDerivedStateFromError: 1,
    displayName: 1, _context: 1, _payload: 1, _init: 1, render: 1, compare: 1, type: 1, nodeType: 1,
    asymmetricMatch: 1,
  };

  function nativeProps(p, path) {
    var out = { "data-standin": path };
    if (typeof p.value === "string" || typeof p.value === "number") out.value = p.value;
    else if (typeof p.defaultValue === "string" || typeof p.defaultValue === "number") out.defaultValue = p.defaultValue;
    if (typeof p.placeholder === "string") out.placeholder = p.placeholder;
    if (typeof p.name === "string") out.name = p.name;
    if (typeof p.id === "string") out.id = p.id;
    if (p.disabled === true) out.disabled = true;
    if (p.readOnly === true) out.readOnly = true;
    if (typeof p.onChange === "function") out.onChange = p.onChange;
    else if (out.value !== undefined) out.readOnly = true;
    if (typeof p.onBlur === "function") out.onBlur = p.onBlur;
    return out;
  }

  function optionList(p) {
    var raw = p.options || p.items || p.data || [];
    if (!Array.isArray(raw)) return [];
    return raw.map(function (o, i) {
      var value = o && typeof o === "object" ? o.value : o;
      var label = o && typeof o === "object" ? (o.label !== undefined ? o.label : o.value) : o;
      return h("option", { key: i, value: String(value) }, String(label));
    });
  }

  var componentCache = {};
  function componentStandIn(path, name) {
    if (componentCache[path]) return componentCache[path];
    var lower = name.toLowerCase();
    var StandIn = function (props) {
      var p = props || {};
      var children = typeof p.children === "function" ? null : p.children;
      if (/textarea/.test(lower)) return h("textarea", nativeProps(p, path));
      if (/checkbox|switch|toggle/.test(lower)) {
        return h("input", {
          type: "checkbox", "data-standin": path, checked: !!(p.checked !== undefined ? p.checked : p.value),
          onChange: typeof p.onChange === "function" ? p.onChange : function () {},
        });
      }
      if (/select|dropdown|combobox/.test(lower)) return h("select", nativeProps(p, path), optionList(p));
      if (/input|textfield|search/.test(lower)) {
        var attrs = nativeProps(p, path);
        attrs.type = p.type === "number" || p.type === "password" || p.type === "email" ? p.type : "text";
        return h("input", attrs);
      }
      if (/button/.test(lower)) {
        return h("button", { type: "button", "data-standin": path, onClick: typeof p.onClick === "function" ? p.onClick : undefined }, children);
      }
      return h("div", { "data-standin": path }, children);
    };
    StandIn.displayName = path;
    componentCache[path] = StandIn;
    return StandIn;
  }

  var permissiveCache = {};
  function permissive(path) {
    if (permissiveCache[path]) return permissiveCache[path];
    var target = function () {};
    var proxy = new Proxy(target, {
      get: function (t, prop) {
        if (prop === Symbol.toPrimitive) return function (hint) { return hint === "number" ? 0 : ""; };
        if (prop === Symbol.iterator) return function* () {};
        if (typeof prop === "symbol" || REACT_INTERNALS[prop]) return undefined;
        if (prop === "toString" || prop === "valueOf") return function () { return ""; };
        if (/^[A-Z]/.test(prop)) return componentStandIn(path + "." + prop, prop);
        return permissive(path + "." + prop);
      },
      apply: function () { return permissive(path + "()"); },
      construct: function () { return permissive("new " + path); },
    });
    permissiveCache[path] = proxy;
    return proxy;
  }

  function hookStandIn(path) {
    return function () { return permissive(path + "()"); };
  }

  function hostGlobal(name) {
    var members = {};
    var proxy = new Proxy({}, {
      get: function (t, prop) {
        if (typeof prop === "symbol") return undefined;
        if (prop === "__esModule") return true;
        if (prop === "default") return proxy;
        if (REACT_INTERNALS[prop]) return undefined;
        state.touched[name + "." + prop] = true;
        if (!(prop in members)) {
          if (/^use[A-Z0-9]/.test(prop)) members[prop] = hookStandIn(name + "." + prop);
          else if (/^[A-Z]/.test(prop)) members[prop] = componentStandIn(name + "." + prop, prop);
          else members[prop] = permissive(name + "." + prop);
        }
        return members[prop];
      },
      has: function () { return true; },
    });
    return proxy;
  }

  (config.standIns || []).forEach(function (name) {
    if (!(name in window)) window[name] = hostGlobal(name);
  });

  // -- values crossing into Python or onto the dev page ----------------------------------------
  function describeValue(value) {
    var kind = typeof value;
    if (kind === "undefined" || kind === "function" || kind === "symbol" || kind === "bigint") {
      return { kind: kind, value: null, text: kind === "function" ? "function" : String(value) };
    }
    try {
      var json = JSON.stringify(value);
      return { kind: "value", value: json === undefined ? null : JSON.parse(json), text: (json || "").slice(0, 200) };
    } catch (e) {
      return { kind: "unserializable", value: null, text: String(e) };
    }
  }

  function errorText(error) {
    return error && error.message ? String(error.message) : String(error);
  }

  function isComponent(value) {
    if (typeof value === "function") return true;
    return !!(value && typeof value === "object" && typeof value.$$typeof === "symbol");
  }

  /** A callback prop that reports each call ({component, callback, argc, args, raw}) to `sink`. */
  function recorder(component, callback, sink) {
    return function () {
      var raw = Array.prototype.slice.call(arguments);
      sink({ component: component, callback: callback, argc: raw.length, args: raw.map(describeValue), raw: raw });
    };
  }

  // -- the platform's connection order: bundle, scope, registry, loader ---------------------------

  /**
   * Load the JS as a classic <script> (and the CSS beside it) the way the platform does. With a
   * `key`, earlier elements loaded under the same key are removed once the new script ran, so a
   * rebuilt bundle replaces the old one (its stylesheet is swapped only after the new one loaded).
   * `crossOrigin` ("anonymous") loads the script in CORS mode, which only a server sending
   * Access-Control-Allow-Origin allows; its errors then reach window.onerror with their message
   * instead of the browser's opaque "Script error.". The platform loads without it.
   */
  function loadBundle(jsUrl, cssUrl, key, crossOrigin) {
    var previous = key ? document.querySelectorAll('[data-scaffold-bundle="' + key + '"]') : [];
    var cssLoaded = Promise.resolve();
    if (cssUrl) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = cssUrl;
      if (key) link.setAttribute("data-scaffold-bundle", key);
      cssLoaded = new Promise(function (resolve) { link.onload = resolve; link.onerror = resolve; });
      document.head.appendChild(link);
    }
    return new Promise(function (resolve) {
      var script = document.createElement("script");
      script.src = jsUrl;
      script.async = false;
      if (crossOrigin) script.crossOrigin = crossOrigin;
      if (key) script.setAttribute("data-scaffold-bundle", key);
      function done(outcome) {
        cssLoaded.then(function () {
          for (var i = 0; i < previous.length; i++) previous[i].remove();
        });
        resolve(outcome);
      }
      script.onload = function () { done({ loaded: true, error: null }); };
      script.onerror = function () {
        done({ loaded: false, error: "the script did not load (network error, or blocked by its MIME type)" });
      };
      document.head.appendChild(script);
    });
  }

  function inspectScope(scope) {
    var module = window[scope];
    var result = { exists: module !== undefined && module !== null, kind: typeof module, hasRegistry: false,
      registryKind: "undefined", entries: {} };
    if (!result.exists) return result;
    var registry = module.registry;
    result.registryKind = registry === null ? "null" : typeof registry;
    result.hasRegistry = !!registry && typeof registry === "object";
    if (result.hasRegistry) {
      Object.keys(registry).forEach(function (key) { result.entries[key] = typeof registry[key]; });
    }
    return result;
  }

  /**
   * Call window[scope].registry[name]() and classify what it gave: {form, error, component}.
   * `component` is set for the two accepted forms: a promise of {default: Component}
   * ("promise-default", recommended) and the component itself ("component").
   */
  function loadComponent(scope, name) {
    var loader = window[scope].registry[name];
    var outcome;
    try {
      outcome = loader();
    } catch (error) {
      return Promise.resolve({ form: "throws", error: errorText(error), component: null });
    }
    if (outcome && typeof outcome.then === "function") {
      return Promise.resolve(outcome).then(function (resolved) {
        if (resolved && typeof resolved === "object" && isComponent(resolved["default"])) {
          return { form: "promise-default", error: null, component: resolved["default"] };
        }
        if (isComponent(resolved)) return { form: "promise-component", error: null, component: null };
        return { form: "promise-other", error: "resolved to " + describeValue(resolved).text, component: null };
      }, function (error) {
        return { form: "rejects", error: errorText(error), component: null };
      });
    }
    if (isComponent(outcome)) return Promise.resolve({ form: "component", error: null, component: outcome });
    return Promise.resolve({ form: "other", error: "returned " + describeValue(outcome).text, component: null });
  }

  /**
   * An error boundary around one component. Props: name, onError(name, message, componentStack)
   * and an optional fallback(message) element; by default a plain "render error" marker.
   */
  var Boundary = (function () {
    function B(props) { React.Component.call(this, props); this.state = { error: null }; }
    B.prototype = Object.create(React.Component.prototype);
    B.prototype.constructor = B;
    B.getDerivedStateFromError = function (error) { return { error: error }; };
    B.prototype.componentDidCatch = function (error, info) {
      if (typeof this.props.onError === "function") {
        this.props.onError(this.props.name, errorText(error), info && info.componentStack ? String(info.componentStack) : "");
      }
    };
    B.prototype.render = function () {
      if (this.state.error) {
        if (typeof this.props.fallback === "function") return this.props.fallback(errorText(this.state.error));
        return h("div", { "data-scaffold-error": "1" }, "render error");
      }
      return this.props.children;
    };
    return B;
  })();

  // -- the host's widget editor form ---------------------------------------------------------------
  // scaffold's reading of the platform (x-scaffold-decision on WidgetEditorProps): the host renders
  // the WidgetEditor inside its widget editor form, a react-hook-form form whose values are the
  // widget being edited; the editor hands the future moduleData over with
  // useFormContext().setValue("moduleData", ...). `onValues(values, changed)` hears every change:
  // all the form's values, and those that differ from the values before.
  function hasEditorForm() {
    var form = window.ReactHookForm;
    return !!(form && typeof form.useForm === "function" && typeof form.FormProvider === "function" &&
      typeof form.useWatch === "function" && (config.standIns || []).indexOf("ReactHookForm") < 0);
  }

  function EditorForm(p) {
    var form = window.ReactHookForm.useForm({ defaultValues: p.values || {} });
    var values = window.ReactHookForm.useWatch({ control: form.control });
    var last = React.useRef(null);
    var onValues = React.useRef(p.onValues);
    React.useEffect(function () { onValues.current = p.onValues; });
    var text = JSON.stringify(values === undefined ? null : values);
    React.useEffect(function () {
      var before = last.current;
      last.current = text;
      if (before === null || before === text || !onValues.current) return;
      var now = JSON.parse(text) || {};
      var was = JSON.parse(before) || {};
      var changed = {};
      Object.keys(now).forEach(function (key) {
        if (JSON.stringify(now[key]) !== JSON.stringify(was[key])) changed[key] = now[key];
      });
      onValues.current(now, changed);
    }, [text]);
    return h(window.ReactHookForm.FormProvider, form, p.children);
  }

  /** `element` inside the host's editor form (when a real react-hook-form is on the page). */
  function inEditorForm(values, onValues, element) {
    return hasEditorForm() ? h(EditorForm, { values: values, onValues: onValues }, element) : element;
  }

  /** Render `element` into `container` with React 18's root API (synchronously when possible). */
  function mount(container, element) {
    if (typeof ReactDOM.createRoot === "function") {
      var root = ReactDOM.createRoot(container);
      if (typeof ReactDOM.flushSync === "function") ReactDOM.flushSync(function () { root.render(element); });
      else root.render(element);
      return root;
    }
    ReactDOM.render(element, container);
    return { render: function (next) { ReactDOM.render(next, container); },
      unmount: function () { ReactDOM.unmountComponentAtNode(container); } };
  }

  /** The text of the first role="alert" element in `container` (an error the component shows), or null. */
  function alertText(container) {
    var alert = container ? container.querySelector('[role="alert"]') : null;
    return alert ? (alert.textContent || "").trim().slice(0, 120) || "(empty alert)" : null;
  }

  window.__scaffoldHost = {
    config: config,
    standIns: (config.standIns || []).slice(),
    touched: function () { return Object.keys(state.touched).sort(); },
    describeValue: describeValue,
    errorText: errorText,
    isComponent: isComponent,
    recorder: recorder,
    loadBundle: loadBundle,
    inspectScope: inspectScope,
    loadComponent: loadComponent,
    Boundary: Boundary,
    mount: mount,
    inEditorForm: inEditorForm,
  };

  // -- the check's steps, on the same parts ------------------------------------------------------
  var steps = {
    loadModule: function (jsUrl, cssUrl) { return loadBundle(jsUrl, cssUrl, null); },

    inspectScope: inspectScope,

    runLoader: function (scope, name) {
      return loadComponent(scope, name).then(function (outcome) {
        if (outcome.component) state.components[name] = outcome.component;
        return { form: outcome.form, error: outcome.error };
      });
    },

    render: function (name, props, callbacks) {
      var Component = state.components[name];
      var full = Object.assign({}, props);
      callbacks.forEach(function (callback) {
        full[callback] = recorder(name, callback, function (call) {
          state.calls.push({ component: call.component, callback: call.callback, phase: state.phase,
            argc: call.argc, args: call.args });
        });
      });
      var container = document.createElement("div");
      container.id = "scaffold-component-" + name;
      container.setAttribute("data-scaffold-component", name);
      document.getElementById("scaffold-host").appendChild(container);
      var onError = function (component, message) { state.boundaryErrors[component] = message; };
      var element = h(Component, full);
      if (name === "WidgetEditor") {
        state.editorValues = null;
        element = inEditorForm(full.widget, function (values, changed) {
          state.editorValues = Object.assign({}, state.editorValues || {}, changed);
        }, element);
      }
      mount(container, h(Boundary, { name: name, onError: onError }, element));
      return { rendered: true };
    },
    snapshot: function (name) {
      var container = document.getElementById("scaffold-component-" + name);
      return {
        boundaryError: state.boundaryErrors[name] || null,
        elements: container ? container.querySelectorAll("*").length : 0,
        text: container ? (container.textContent || "").trim().slice(0, 120) : "",
        alert: alertText(container),
      };
    },

    markControl: function (name) {
      var container = document.getElementById("scaffold-component-" + name);
      if (!container) return { found: false };
      var candidates = container.querySelectorAll("input, textarea, select");
      for (var i = 0; i < candidates.length; i++) {
        var el = candidates[i];
        var type = (el.getAttribute("type") || "").toLowerCase();
        if (el.disabled || el.readOnly || type === "hidden" || type === "file" || type === "submit" || type === "button") continue;
        if (!el.getClientRects().length) continue;
        el.setAttribute("data-scaffold-edit", "1");
        var options = [];
        if (el.tagName === "SELECT") {
          for (var j = 0; j < el.options.length; j++) options.push(el.options[j].value);
        }
        return { found: true, tag: el.tagName.toLowerCase(), type: type, value: el.value, options: options,
          name: el.getAttribute("name") || el.getAttribute("placeholder") || "" };
      }
      return { found: false };
    },

    collect: function () {
      return { calls: state.calls, touched: Object.keys(state.touched).sort(), editorValues: state.editorValues || null,
        editorForm: hasEditorForm() };
    },
  };

  window.__scaffold = {
    start: function (id, step, args, phase) {
      state.phase = phase;
      state.results[id] = null;
      setTimeout(function () {
        Promise.resolve()
          .then(function () { return steps[step].apply(null, args); })
          .then(function (value) { state.results[id] = { ok: true, value: value }; },
                function (error) { state.results[id] = { ok: false, error: errorText(error) }; });
      }, 0);
      return true;
    },
    result: function (id) { return state.results[id]; },
  };
})();
