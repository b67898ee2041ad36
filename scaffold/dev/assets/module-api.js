/*
 * scaffold dev, module page: how the page reaches the module. The dev server's API under
 * /dev-api/module (scaffold/dev/module_api.py) and loading the module's bundle the way the
 * platform does (JS + CSS, window[scope].registry, each component's loader). Split from
 * module-page.js so the page keeps the dashboard's state and this file the I/O.
 *
 * Plain ES2020 (no JSX, no build step) on the shared harness window.__scaffoldHost
 * (scaffold/host/assets/host.js, loaded before every asset). Exports window.ScaffoldModuleApi;
 * module-events.js and module-page.js (both sort after this file) read it at load time.
 */
(function () {
  "use strict";
  var host = window.__scaffoldHost;
  var LOADER_TIMEOUT_MS = 10000;

  // -- the dev server's API ---------------------------------------------------------------------
  var api = window.ScaffoldDevApi("module");

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

  window.ScaffoldModuleApi = { api: api, loadModule: loadModule };
})();
