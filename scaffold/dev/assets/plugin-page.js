/* The plugin page of `scaffold dev`: the platform's data source editor, query editor, variable
 * editor, result panel and a request log, against one data source plugin.
 *
 * Plain ES2020 on the React 18 and uPlot UMD globals, no build step. The page only renders: every
 * call goes to the dev server (POST /dev-api/plugin/call), which builds the contract body, calls
 * the plugin, judges the answer against the spec and answers a log entry. Accessible names are
 * the page's interface (tests and people drive it by them): the language switch "Language",
 * buttons "Save & test", "Run query", "Add query", "Add group", "Load values", "Ask for the query
 * form anyway", "Ask for the variable form anyway", the health result role="status", regions
 * "Data source", "Query editor", "Variable editor", "Result", "Requests".
 * The editor panels are drawn by plugin-editors.js, results and log entries by plugin-results.js,
 * the language control by plugin-locale.js; this file holds the state and the calls, and loads last.
 *
 * The page starts as the platform's editor does for a new data source: metadata and the data source
 * form only, nothing pre-filled; the query and variable forms are asked after a successful Save &
 * test (or when the person asks for them). The language applied last is kept (plugin-locale.js)
 * and used from the first request of the next visit.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const { useState, useEffect, useRef, useCallback } = React;
  const F = window.ScaffoldFields;
  const CONFIG = window.__scaffoldDev || { kind: "plugin", target: "", contract: "", locale: "ru-RU" };
  const { startLocale, keepLocale, localized, localeControl } = window.ScaffoldPluginLocale;
  const E = window.ScaffoldPluginEditors;
  const { MODES, refId, visibleFields, jsonText } = E;
  const { ResultPanel, LogEntry } = window.ScaffoldPluginResults;

  const request = window.ScaffoldDevApi("plugin");
  const api = (path, body) => (body === undefined ? request("GET", path) : request("POST", path, body));

  const toLocalInput = (seconds) => {
    const d = new Date(seconds * 1000);
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  const fromLocalInput = (text) => Math.floor(new Date(text).getTime() / 1000);

  /* --- the page ------------------------------------------------------------------------------ */

  // asked: the form was requested (a query or variable form waits for a saved data source first).
  const emptyForm = () => ({ fields: [], state: F.initialState([]), loaded: false, error: null, asked: false });
  // json: the JSON box's text once set (null: the constructed JSON); jsonEdited: typed by the person.
  const newQuery = (key) => ({ key, form: emptyForm(), mode: "constructor", json: null, jsonEdited: false, code: "", errors: {} });

  function App() {
    const [locale, setLocale] = useState(() => startLocale(CONFIG.locale));
    const [localeText, setLocaleText] = useState(locale);
    const [meta, setMeta] = useState(null);
    const [types, setTypes] = useState([]);
    const [log, setLog] = useState([]);
    const [problem, setProblem] = useState(null);
    const [ds, setDs] = useState(emptyForm());
    const [showErrors, setShowErrors] = useState(false);
    const [health, setHealth] = useState(null);
    const [saved, setSaved] = useState(null);
    const [queries, setQueries] = useState([newQuery(1)]);
    const [range, setRange] = useState(() => {
      const now = Math.floor(Date.now() / 60000) * 60;
      return { from: toLocalInput(now - 6 * 3600), to: toLocalInput(now) };
    });
    const [maxPoints, setMaxPoints] = useState("500");
    const [variables, setVariables] = useState([]);
    const [variable, setVariable] = useState({ form: emptyForm(), name: "var1", values: null });
    const [result, setResult] = useState(null);
    const [busy, setBusy] = useState({});
    const nextKey = useRef(2);
    const stateRef = useRef({});
    stateRef.current = { locale, ds, saved, queries, variables, types, variable };

    const record = useCallback((entry) => setLog((old) => [...old.filter((e) => e.id !== entry.id), entry].slice(-500)), []);

    /* One call through the dev server: its whole answer (callAnswer) or just the log entry (call). */
    const callAnswer = useCallback(async (operation, input, localeOverride) => {
      const data = await api("/call", { operation, locale: localeOverride || stateRef.current.locale, input });
      record(data.entry);
      return data;
    }, [record]);
    const call = useCallback(async (operation, input, localeOverride) => (await callAnswer(operation, input, localeOverride)).entry, [callAnswer]);

    /* The configuration later requests carry after a successful health check: the datasourceConfig
       the plugin returned (passwords encrypted). The server never sends a password back (entries
       show them masked); a field it names in echoedSecrets came back as the very value typed, so it
       carries the value this page sent, kept here in memory. */
    const savedConfig = (data, sent) => {
      if (!Array.isArray(data.datasourceConfig)) return sent;
      const echoed = new Set(Array.isArray(data.echoedSecrets) ? data.echoedSecrets : []);
      return data.datasourceConfig.map((field) => {
        const mine = field && echoed.has(field.code) ? sent.find((f) => f.code === field.code) : null;
        return mine ? { ...field, value: mine.value } : field;
      });
    };

    const variableMap = () => {
      const map = {};
      for (const v of stateRef.current.variables) {
        if (!v.name.trim()) continue;
        map[v.name.trim()] = v.kind === "list" ? v.value.split(",").map((s) => s.trim()).filter(Boolean) : v.value;
      }
      return map;
    };

    /* The configuration requests carry: the saved one (health-check's datasourceConfig) once saved. */
    const currentConfig = () => {
      const s = stateRef.current;
      return s.saved ? s.saved : F.configFields(s.ds.fields, s.ds.state, s.types);
    };

    /* A form answer is applied to the form as it is when the answer arrives, not as it was when asked:
       what the person typed meanwhile stays (touched values win), and an answer to an older request
       for the same form (a language or trigger change since) is dropped, so a late answer cannot
       bring back an old language or an emptied form. fetchForm resolves to null for such an answer,
       else to a function of the form's current state. */
    const asked = useRef({});
    const fetchForm = async (slot, operation, filter, localeOverride) => {
      const ticket = (asked.current[slot] || 0) + 1;
      asked.current[slot] = ticket;
      const entry = await call(operation, { config: currentConfig(), filter, variables: variableMap() }, localeOverride);
      if (asked.current[slot] !== ticket) return null;
      if (entry.status === 200 && Array.isArray(entry.response)) {
        return (current) => ({ fields: entry.response, state: F.initialState(entry.response, current.state), loaded: true, error: null, asked: true });
      }
      const why = entry.failure || `HTTP ${entry.status}${entry.response && entry.response.message ? `: ${entry.response.message}` : ""}`;
      return (current) => ({ fields: [], state: current.state, loaded: true, error: `The plugin did not answer fields (${why})`, asked: true });
    };

    const guard = async (what, work) => {
      setBusy((b) => ({ ...b, [what]: true }));
      try {
        setProblem(null);
        await work();
      } catch (error) {
        setProblem(String(error.message || error));
      } finally {
        setBusy((b) => ({ ...b, [what]: false }));
      }
    };

    const loadDatasource = (filter, localeOverride) =>
      guard("datasource", async () => {
        const answer = await fetchForm("datasource", "datasourceFields", filter, localeOverride);
        if (answer) setDs((current) => answer(current));
      });

    const asking = (form) => (form.asked ? form : { ...form, asked: true });
    const loadQuery = (key, filter, localeOverride) =>
      guard(`query-${key}`, async () => {
        setQueries((list) => list.map((q) => (q.key === key ? { ...q, form: asking(q.form) } : q)));
        const answer = await fetchForm(`query-${key}`, "queryFields", filter, localeOverride);
        if (answer) setQueries((list) => list.map((q) => (q.key === key ? { ...q, form: answer(q.form) } : q)));
      });

    const loadVariable = (filter, localeOverride) =>
      guard("variable", async () => {
        setVariable((v) => ({ ...v, form: asking(v.form) }));
        const answer = await fetchForm("variable", "variableFields", filter, localeOverride);
        if (answer) setVariable((v) => ({ ...v, form: answer(v.form) }));
      });

    useEffect(() => {
      (async () => {
        try {
          const old = await api("/log");
          setLog(old.entries || []);
          const data = await api("/metadata");
          record(data.entry);
          setTypes(data.datasourceFieldTypes || []);
          stateRef.current.types = data.datasourceFieldTypes || [];
          if (data.entry.status === 200 && data.entry.response && typeof data.entry.response === "object") setMeta(data.entry.response);
          else setProblem(`well-known did not answer metadata (${data.entry.failure || `HTTP ${data.entry.status}`})`);
        } catch (error) {
          setProblem(String(error.message || error));
        }
        // The platform's order: the query and variable forms only for a saved data source (saveAndTest).
        await loadDatasource([]);
      })();
    }, []);

    /* Language: every form asked so far is asked again in the new language, opened with its values
       (flow 1); a valid one is kept for the next visit. */
    const applyLocale = async (text) => {
      const value = text.trim();
      if (!value || value === stateRef.current.locale) return;
      setLocale(value);
      stateRef.current.locale = value;
      keepLocale(value);
      const s = stateRef.current;
      await loadDatasource(F.filterFields(s.ds.fields, s.ds.state, true), value);
      for (const q of s.queries.filter((x) => x.form.asked)) await loadQuery(q.key, F.filterFields(q.form.fields, q.form.state, true), value);
      if (s.variable.form.asked) await loadVariable(F.filterFields(s.variable.form.fields, s.variable.form.state, true), value);
    };

    const saveAndTest = () =>
      guard("health", async () => {
        const s = stateRef.current;
        const errors = F.validate(s.ds.fields, s.ds.state);
        setShowErrors(true);
        if (Object.keys(errors).length) {
          setHealth({ ok: false, text: `Fix ${Object.keys(errors).length} field(s) before saving`, errors: {} });
          return;
        }
        const sent = F.configFields(s.ds.fields, s.ds.state, s.types);
        const data = await callAnswer("healthCheck", { fields: sent });
        const entry = data.entry;
        const body = entry.response && typeof entry.response === "object" ? entry.response : {};
        const errorsFromPlugin = body.validationErrors && typeof body.validationErrors === "object" ? body.validationErrors : {};
        if (entry.failure) {
          setHealth({ ok: false, text: `No answer from the plugin: ${entry.failure}`, errors: {} });
          return;
        }
        const ok = entry.status === 200 && body.status === true;
        const text = ok
          ? `Data source works: ${body.message || "status true"}`
          : `Data source check failed (HTTP ${entry.status}): ${body.message || (typeof entry.response === "string" ? entry.response.slice(0, 200) : "no message")}`;
        setHealth({ ok, text, errors: errorsFromPlugin });
        if (ok) {
          const config = savedConfig(data, sent);
          setSaved(config);
          stateRef.current.saved = config;
          // The saved configuration may change the query forms (the Code-mode rule reads it).
          for (const q of s.queries) await loadQuery(q.key, F.filterFields(q.form.fields, q.form.state, false));
          await loadVariable(F.filterFields(s.variable.form.fields, s.variable.form.state, false));
        }
      });

    /* The Code-mode rule (contract: What the service does): codeMode "true" and a codeLang value. */
    const codeAllowed = () => {
      const config = currentConfig();
      const value = (code) => (config.find((f) => f.code === code) || {}).value;
      return value("codeMode") === "true" && Boolean(value("codeLang"));
    };

    const modeOf = (q) => {
      const typeField = q.form.fields.find((f) => f.code === "queryType");
      const chosen = typeField ? q.form.state.values.queryType : q.mode;
      if (chosen === "code" && !codeAllowed()) return "constructor";
      return MODES.includes(chosen) ? chosen : "constructor";
    };

    /* What a query sends is what its mode shows: the JSON box's text as it stands, else the JSON of
       the fields shown (E.visibleFields) with, in Code mode, the code input's text. */
    const queryInput = (q) => {
      const mode = modeOf(q);
      if (mode === "json") return { json: jsonText(q) };
      const json = JSON.stringify(F.queryObject(visibleFields(q.form.fields, mode), q.form.state));
      if (mode === "code") {
        const fromForm = q.form.state.values.codeQuery;
        return { json, codeQuery: fromForm !== undefined ? fromForm : q.code };
      }
      return { json };
    };

    const runQuery = () =>
      guard("run", async () => {
        const s = stateRef.current;
        const invalid = {};
        const list = s.queries.map((q) => ({ ...q, errors: modeOf(q) === "json" ? {} : F.validate(visibleFields(q.form.fields, modeOf(q)), q.form.state) }));
        list.forEach((q, i) => Object.keys(q.errors).length && (invalid[refId(i)] = q.errors));
        setQueries(list);
        if (Object.keys(invalid).length) {
          setResult({ entry: { status: null, failure: `Fix the fields of query ${Object.keys(invalid).join(", ")} first`, response: null } });
          return;
        }
        const from = fromLocalInput(range.from);
        const to = fromLocalInput(range.to);
        const points = Number(maxPoints);
        if (!Number.isFinite(from) || !Number.isFinite(to) || !Number.isInteger(points)) {
          setResult({ entry: { status: null, failure: "Time range and max data points must be set", response: null } });
          return;
        }
        const entry = await call("getResult", {
          config: currentConfig(),
          queries: s.queries.map(queryInput),
          timeRange: { from, to },
          maxDataPoints: points,
          variables: variableMap(),
        });
        setResult({ entry });
      });

    const loadValues = () =>
      guard("values", async () => {
        const v = stateRef.current.variable;
        const entry = await call("variableValues", { config: currentConfig(), json: JSON.stringify(F.queryObject(v.form.fields, v.form.state)), variables: variableMap() });
        const values = entry.status === 200 && Array.isArray(entry.response) ? entry.response : null;
        setVariable((old) => ({ ...old, values, error: values ? null : `No values (${entry.failure || `HTTP ${entry.status}`})` }));
      });

    const useValues = () => {
      const v = stateRef.current.variable;
      if (!v.values || !v.name.trim()) return;
      const value = v.values.map((o) => String(o && o.value)).join(",");
      setVariables((list) => [...list.filter((x) => x.name !== v.name.trim()), { name: v.name.trim(), kind: "list", value }]);
    };

    /* --- rendering ------------------------------------------------------------------------- */

    const title = meta ? localized(meta.title, locale) || meta.name : "…";
    const queryHelp = meta ? localized(meta.queryHelp, locale) : "";

    const header = h(
      "header",
      { className: "dev-header" },
      h("div", null, h("h1", null, `Plugin: ${title}`), h("p", { className: "muted" }, meta ? `${meta.name} ${meta.version} · ` : "", `contract ${CONFIG.contract} · `, h("code", null, CONFIG.target))),
      localeControl({ locale, localeText, setLocaleText, applyLocale })
    );

    const datasource = h(
      "section",
      { "aria-label": "Data source", className: "panel" },
      h("h2", null, "Data source"),
      ds.error ? h("p", { className: "error" }, ds.error) : null,
      h(F.Form, {
        fields: ds.fields,
        state: ds.state,
        idPrefix: "ds",
        errors: F.validate(ds.fields, ds.state),
        showErrors,
        serverErrors: health ? health.errors : {},
        onChange: (state, key) => {
          setDs((old) => ({ ...old, state }));
          stateRef.current.ds = { ...stateRef.current.ds, state };
          if (health && health.errors[key]) setHealth((old) => ({ ...old, errors: Object.fromEntries(Object.entries(old.errors).filter(([k]) => k !== key)) }));
        },
        onTrigger: (state) => loadDatasource(F.filterFields(ds.fields, state, false)),
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", onClick: saveAndTest, disabled: Boolean(busy.health) }, "Save & test"),
        h("span", { className: "muted" }, saved ? `Requests carry the saved configuration (${saved.length} fields, secrets as the plugin returned them).` : "Not saved: requests carry the values typed above.")),
      h("div", { role: "status", className: health ? (health.ok ? "health ok" : "health failed") : "health", "aria-live": "polite" }, health ? health.text : "")
    );

    /* A new query asks its form at once when the query form has been asked before (after saving, or
       by the person), else it waits like the first one. */
    const addQuery = () => {
      const key = nextKey.current++;
      const open = Boolean(stateRef.current.saved) || stateRef.current.queries.some((q) => q.form.asked);
      setQueries((list) => [...list, newQuery(key)]);
      if (open) loadQuery(key, []);
    };
    const queryEditor = E.queryEditor({
      queries, setQueries, range, setRange, maxPoints, setMaxPoints, result, busy,
      modeOf, codeAllowed, loadQuery, runQuery, addQuery, queryHelp,
    });
    const dashboardVariables = E.dashboardVariables({ variables, setVariables });
    const variableEditor = E.variableEditor({ variable, setVariable, loadVariable, loadValues, useValues, busy });

    const resultPanel = h("section", { "aria-label": "Result", className: "panel" }, h("h2", null, "Result"), h(ResultPanel, { result }));

    const requests = h(
      "section",
      { "aria-label": "Requests", className: "panel" },
      h("h2", null, `Requests (${log.length})`),
      h("ol", { className: "request-log", reversed: true }, [...log].reverse().map((entry) => h(LogEntry, { key: entry.id, entry })))
    );

    return h(
      "div",
      { className: "dev-page plugin-page" },
      header,
      problem ? h("p", { className: "error banner", role: "alert" }, problem) : null,
      h("div", { className: "columns" }, h("div", { className: "column" }, datasource, queryEditor, dashboardVariables, variableEditor), h("div", { className: "column" }, resultPanel, requests))
    );
  }

  // The scripts load in <head>: render once the body (and its #scaffold-dev) exists.
  const start = () => ReactDOM.createRoot(document.getElementById("scaffold-dev")).render(h(App));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
