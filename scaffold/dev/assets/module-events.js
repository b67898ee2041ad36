/*
 * scaffold dev, module page: what happened. The event log (callbacks with their arguments and
 * contract findings, page errors, console errors, loads), kept outside React because errors may
 * come before (or without) a render, and the "Events" and "Proxy calls" regions that show it and
 * the proxy's log. Split from module-page.js, which adds the callbacks and load events.
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). The window error and
 * console.error hooks are installed when this file loads, before the page renders. Reads
 * window.ScaffoldModuleApi and window.ScaffoldModuleDashboard (both sort before this file) and
 * exports window.ScaffoldModuleEvents for module-page.js.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var host = window.__scaffoldHost;
  var api = window.ScaffoldModuleApi.api;
  var Json = window.ScaffoldModuleDashboard.Json;
  var PROXY_POLL_MS = 1000;
  var MAX_EVENTS = 300;

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

  window.ScaffoldModuleEvents = {
    events: events, addEvent: addEvent, useEvents: useEvents, argumentProblems: argumentProblems,
    EventsRegion: EventsRegion, ProxyRegion: ProxyRegion,
  };
})();
