/*
 * scaffold dev, module page: what happened. The event log (callbacks with their arguments and
 * contract findings, page errors, console errors, loads), kept outside React because errors may
 * come before (or without) a render, and the "Events" and "Proxy calls" regions that show it and
 * the proxy's log. Split from module-page.js, which adds the callbacks and load events.
 *
 * Both regions show secrets masked (dev-secret-mask.js) unless the page's "Reveal secrets" is on:
 * an event keeps its text twice, as it was and masked, so revealing needs no second recording.
 * The proxy's calls are numbered 1, 2, 3 … in the order they reached the proxy since this page
 * loaded (the server's numbers minus `since`, the last number before the page's session), and
 * shown as they happen: the page asks the server to answer when the log changes (a long poll).
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). The window error and
 * console.error hooks are installed when this file loads, before the page renders. Reads
 * window.ScaffoldModuleApi, window.ScaffoldModuleDashboard and window.ScaffoldSecretMask (all sort
 * before this file) and exports window.ScaffoldModuleEvents for module-page.js.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var host = window.__scaffoldHost;
  var api = window.ScaffoldModuleApi.api;
  var Secrets = window.ScaffoldSecretMask;
  var Json = window.ScaffoldModuleDashboard.Json;
  var PROXY_WAIT_S = 20; // the server answers at once when a call arrives or is answered
  var PROXY_RETRY_MS = 1000;
  var MAX_EVENTS = 300;

  // -- the event log lives outside React: errors may come before (or without) a render ---------
  var events = { items: [], listeners: [], next: 1 };

  /** Log an event; `masked` is its text with secrets masked, when that differs from `text`. */
  function addEvent(kind, text, problems, masked) {
    events.items.unshift({
      id: events.next++, time: new Date(), kind: kind, text: String(text),
      masked: masked === undefined ? String(text) : String(masked), problems: problems || [],
    });
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
    var values = Array.prototype.slice.call(arguments);
    function part(masked) {
      return function (value) {
        if (typeof value === "string") return value;
        if (value instanceof Error) return value.message;
        return masked ? argumentText(host.describeValue(value), true) : host.describeValue(value).text;
      };
    }
    addEvent("console error", values.map(part(false)).join(" "), [], values.map(part(true)).join(" "));
    return originalConsoleError.apply(console, arguments);
  };

  /** One described value (host.describeValue) as the log shows it, masked or as it was. */
  function argumentText(described, masked) {
    if (!masked || described.kind !== "value") return described.text;
    return host.describeValue(Secrets.mask(described.value)).text;
  }

  /** Log a component callback: `Settings.onChange({"apiKey":"••••••"})` and its contract findings. */
  function addCallback(component, callback, args, problems) {
    function line(masked) {
      return component + "." + callback + "(" + args.map(function (a) { return argumentText(a, masked); }).join(", ") + ")";
    }
    addEvent("callback", line(false), problems, line(true));
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
      if (!ok) problems.push(param.name + " is " + argumentText(args[index], true) + ", not of type " + type);
    });
    if (raw.length > params.length) {
      problems.push("called with " + raw.length + " arguments; the contract declares " + params.length);
    }
    return problems;
  }

  function EventsRegion(props) {
    var log = useEvents();
    var revealed = props.revealed;
    return h("section", { "aria-label": "Events", className: "sd-region sd-events" },
      h("h2", null, "Events"),
      h("button", { type: "button", onClick: function () { events.items.length = 0; addEvent("host", "events cleared"); } }, "Clear events"),
      h("ol", { reversed: true }, log.map(function (e) {
        return h("li", { key: e.id, className: "sd-event sd-event-" + e.kind.replace(/\s+/g, "-") },
          h("span", { className: "sd-muted" }, e.time.toLocaleTimeString() + " "),
          h("strong", null, e.kind + " "),
          h("code", null, revealed ? e.text : Secrets.maskText(e.masked)),
          e.problems.length ? h("ul", { className: "sd-event-problems" }, e.problems.map(function (p, i) {
            return h("li", { key: i }, "contract: " + p);
          })) : null);
      })));
  }

  /** The proxy's calls after number `since` (null: the page's session has not started yet). */
  function useProxyCalls(since) {
    var calls = React.useState([]);
    React.useEffect(function () {
      if (since === null) return undefined;
      var stopped = false;
      var timer = null;
      var version = null;
      function next() {
        var query = "?since=" + since + (version === null ? "" : "&version=" + version + "&wait=" + PROXY_WAIT_S);
        api("GET", "/proxy-log" + query).then(function (answer) {
          if (stopped) return;
          if (answer.version !== version) calls[1](answer.calls);
          version = answer.version;
          next();
        }, function () { if (!stopped) timer = setTimeout(next, PROXY_RETRY_MS); });
      }
      next();
      return function () { stopped = true; clearTimeout(timer); };
    }, [since]);
    return calls[0];
  }

  function ProxyRegion(props) {
    var since = props.since;
    var calls = useProxyCalls(since);
    return h("section", { "aria-label": "Proxy calls", className: "sd-region sd-proxy" },
      h("h2", null, "Proxy calls"),
      h("p", { className: "sd-muted" }, "/api/v1/modules/{moduleId}/proxy/… forwarded to the backend, with moduleContext = the saved settings;" +
        " numbered in the order they reached the proxy since this page loaded"),
      calls.length ? null : h("p", { className: "sd-muted" }, "none yet"),
      h("ol", { reversed: true }, calls.slice().reverse().map(function (c) {
        var number = c.seq - since;
        return h("li", { key: c.seq, value: number },
          h("details", null,
            h("summary", null, h("span", { className: "sd-proxy-number" }, "#" + number + " "),
              c.method + " " + c.path + " → " + (c.status === null ? "waiting for the module…" : c.status)),
            h("h3", null, "Request, as forwarded"),
            h(Json, { value: c.forwarded, revealed: props.revealed }),
            c.answer === null ? null : h("h3", null, "Answer"),
            c.answer === null ? null : h(Json, { value: c.answer, revealed: props.revealed })));
      })));
  }

  window.ScaffoldModuleEvents = {
    events: events, addEvent: addEvent, addCallback: addCallback, useEvents: useEvents,
    argumentProblems: argumentProblems, EventsRegion: EventsRegion, ProxyRegion: ProxyRegion,
  };
})();
