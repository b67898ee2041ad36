/* The plugin page of `scaffold dev`: the platform's data source editor, query editor, variable
 * editor, result panel and a request log, against one data source plugin.
 *
 * Plain ES2020 on the React 18 and uPlot UMD globals, no build step. The page only renders: every
 * call goes to the dev server (POST /dev-api/plugin/call), which builds the contract body, calls
 * the plugin, judges the answer against the spec and answers a log entry. Accessible names are
 * the page's interface (tests and people drive it by them): the language switch "Language",
 * buttons "Save & test", "Run query", "Add query", "Add group", "Load values", the health result
 * role="status", regions "Data source", "Query editor", "Variable editor", "Result", "Requests".
 */
(function () {
  "use strict";
  const h = React.createElement;
  const { useState, useEffect, useRef, useCallback } = React;
  const F = window.ScaffoldFields;
  const CONFIG = window.__scaffoldDev || { kind: "plugin", target: "", contract: "", locale: "ru-RU" };
  const API = "/dev-api/plugin";
  const LOCALES = ["ru-RU", "en-US"];
  const MODES = ["constructor", "json", "code"];
  const MODE_LABELS = { constructor: "Constructor", json: "JSON", code: "Code" };
  const refId = (i) => (i < 26 ? String.fromCharCode(65 + i) : `Q${i + 1}`);

  async function api(path, body) {
    const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const response = await fetch(API + path, init);
    const data = await response.json().catch(() => ({ error: `the dev server answered ${response.status} without JSON` }));
    if (!response.ok) throw new Error(data.error || `the dev server answered ${response.status}`);
    return data;
  }

  function localized(list, locale) {
    if (!Array.isArray(list) || !list.length) return "";
    const lang = locale.toLowerCase();
    const match = list.find((s) => s && String(s.lang).toLowerCase() === lang) || list.find((s) => s && String(s.lang).slice(0, 2).toLowerCase() === lang.slice(0, 2)) || list[0];
    return match && typeof match.value === "string" ? match.value : "";
  }

  const toLocalInput = (seconds) => {
    const d = new Date(seconds * 1000);
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  const fromLocalInput = (text) => Math.floor(new Date(text).getTime() / 1000);

  /* --- results ---------------------------------------------------------------------------- */

  /* The Timestamp contract: every value an object {unixTime: "number"}; anything else is Regular. */
  function timestampSeries(frame) {
    const fields = Array.isArray(frame.fields) ? frame.fields : [];
    if (!fields.length) return null;
    const series = [];
    for (const field of fields) {
      const values = Array.isArray(field && field.values) ? field.values : [];
      if (!values.length) return null;
      const points = [];
      for (const item of values) {
        if (!item || typeof item !== "object" || Array.isArray(item)) return null;
        const keys = Object.keys(item);
        if (keys.length !== 1 || !/^-?\d+(\.\d+)?$/.test(keys[0])) return null;
        let time = Number(keys[0]);
        if (Math.abs(time) > 1e11) time = time / 1000; // milliseconds
        const raw = item[keys[0]];
        const value = raw === null || raw === "" ? null : Number(raw);
        points.push([time, Number.isFinite(value) ? value : null]);
      }
      series.push({ name: String(field.name || field.refID || "value"), points });
    }
    return series;
  }

  function alignSeries(series) {
    const times = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
    const index = new Map(times.map((t, i) => [t, i]));
    const columns = series.map((s) => {
      const column = new Array(times.length).fill(null);
      for (const [t, v] of s.points) column[index.get(t)] = v;
      return column;
    });
    return [times, ...columns];
  }

  const PALETTE = ["#2f6fde", "#e0742b", "#2c9a5a", "#b8399a", "#8a6d1f", "#1f8a8a"];

  function Chart({ frame, series }) {
    const holder = useRef(null);
    useEffect(() => {
      const element = holder.current;
      if (!element || typeof uPlot !== "function") return undefined;
      const data = alignSeries(series);
      const width = Math.max(320, element.clientWidth || 640);
      const plot = new uPlot(
        {
          width,
          height: 260,
          scales: { x: { time: true } },
          series: [{}, ...series.map((s, i) => ({ label: s.name, stroke: PALETTE[i % PALETTE.length], width: 2, spanGaps: true }))],
        },
        data,
        element
      );
      const points = plot.data.slice(1).reduce((sum, column) => sum + column.filter((v) => v !== null && v !== undefined).length, 0);
      element.dataset.points = String(points);
      element.dataset.series = String(plot.series.length - 1);
      element.__uplot = plot;
      return () => plot.destroy();
    }, [frame, series]);
    const label = `Chart ${frame.name || ""} (${frame.refID || "?"})`.replace("  ", " ");
    return h("div", { className: "chart", ref: holder, role: "img", "aria-label": label });
  }

  const cell = (value) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
  const MAX_ROWS = 500;

  function FrameTable({ frame, series }) {
    let head;
    let body;
    if (series) {
      const data = alignSeries(series);
      head = ["Time", ...series.map((s) => s.name)];
      body = data[0].map((t, r) => [new Date(t * 1000).toISOString().replace(".000Z", "Z"), ...data.slice(1).map((c) => cell(c[r]))]);
    } else {
      const fields = Array.isArray(frame.fields) ? frame.fields : [];
      const keys = [];
      for (const f of fields) for (const v of Array.isArray(f.values) ? f.values : []) for (const k of v && typeof v === "object" ? Object.keys(v) : []) if (!keys.includes(k)) keys.push(k);
      head = ["Field", ...keys];
      body = fields.flatMap((f) => (Array.isArray(f.values) ? f.values : []).map((v) => [cell(f.name), ...keys.map((k) => cell(v && typeof v === "object" ? v[k] : v))]));
    }
    const caption = `${frame.name || "Frame"} — ${frame.refID || "no refID"}${series ? " (Timestamp)" : " (Regular)"}`;
    return h(
      "div",
      { className: "frame-table" },
      h(
        "table",
        null,
        h("caption", null, caption),
        h("thead", null, h("tr", null, head.map((c, i) => h("th", { key: i, scope: "col" }, c)))),
        h("tbody", null, body.slice(0, MAX_ROWS).map((row, r) => h("tr", { key: r }, row.map((c, i) => h("td", { key: i }, c)))))
      ),
      body.length > MAX_ROWS ? h("p", { className: "muted" }, `${body.length - MAX_ROWS} more rows not shown`) : null
    );
  }

  function ResultPanel({ result }) {
    if (!result) return h("p", { className: "muted" }, "Run a query to see its frames.");
    const { entry } = result;
    const response = entry.response;
    const items = [];
    if (entry.failure) items.push(h("p", { className: "error", key: "f" }, `No answer: ${entry.failure}`));
    if (response && typeof response === "object" && !Array.isArray(response)) {
      if (response.error === true || (entry.status && entry.status >= 400)) {
        items.push(h("p", { className: "error", key: "m", role: "alert" }, `Query failed (HTTP ${entry.status}${response.status !== undefined ? `, status ${response.status}` : ""}): ${response.message || "no message"}`));
      }
      const errors = response.validationErrors && typeof response.validationErrors === "object" ? response.validationErrors : {};
      if (Object.keys(errors).length) {
        items.push(h("ul", { className: "validation-errors", key: "v" }, Object.entries(errors).map(([k, v]) => h("li", { key: k }, `${k}: ${v}`))));
      }
      const frames = Array.isArray(response.frames) ? response.frames : [];
      frames.forEach((frame, i) => {
        const series = frame && typeof frame === "object" ? timestampSeries(frame) : null;
        items.push(
          h("div", { className: "frame", key: `frame-${i}`, "data-ref-id": (frame && frame.refID) || "" },
            h("h3", null, `${(frame && frame.name) || "Frame"} (${(frame && frame.refID) || "?"})`),
            series ? h(Chart, { frame, series }) : null,
            h(FrameTable, { frame: frame || {}, series })
          )
        );
      });
      if (!frames.length && !items.length) items.push(h("p", { key: "e" }, "The answer has no frames."));
    } else if (!entry.failure) {
      items.push(h("pre", { key: "t" }, cell(response)));
    }
    return h(React.Fragment, null, items);
  }

  /* --- request log --------------------------------------------------------------------------- */

  function LogEntry({ entry }) {
    const status = entry.status === null ? "no answer" : String(entry.status);
    const problems = Array.isArray(entry.problems) ? entry.problems : [];
    return h(
      "li",
      { className: problems.length || entry.failure ? "log-entry has-problems" : "log-entry", "data-status": status },
      h(
        "details",
        null,
        h("summary", null, h("span", { className: "log-method" }, entry.method), " ", h("span", { className: "log-path" }, entry.path), " ", h("span", { className: "log-status" }, status), " ", h("span", { className: "log-duration" }, `${entry.durationMs} ms`), entry.locale ? ` ${entry.locale}` : "", problems.length ? h("span", { className: "log-problems" }, ` ${problems.length} contract problem${problems.length > 1 ? "s" : ""}`) : null),
        entry.failure ? h("p", { className: "error" }, entry.failure) : null,
        problems.length ? h("ul", { className: "problems", "aria-label": "Contract problems" }, problems.map((p, i) => h("li", { key: i }, p))) : null,
        h("div", { className: "log-bodies" },
          h("div", null, h("h4", null, "Request"), h("pre", null, entry.request === null || entry.request === undefined ? "(no body)" : JSON.stringify(entry.request, null, 2))),
          h("div", null, h("h4", null, "Response"), h("pre", null, typeof entry.response === "string" ? entry.response : JSON.stringify(entry.response, null, 2))))
      )
    );
  }

  /* --- the page ------------------------------------------------------------------------------ */

  const emptyForm = () => ({ fields: [], state: F.initialState([]), loaded: false, error: null });
  const newQuery = (key) => ({ key, form: emptyForm(), mode: "constructor", json: "", code: "", errors: {} });

  function App() {
    const [locale, setLocale] = useState(CONFIG.locale || "ru-RU");
    const [localeText, setLocaleText] = useState(CONFIG.locale || "ru-RU");
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
    const [variables, setVariables] = useState([{ name: "host", kind: "list", value: "db-01,db-02" }]);
    const [variable, setVariable] = useState({ form: emptyForm(), name: "var1", values: null });
    const [result, setResult] = useState(null);
    const [busy, setBusy] = useState({});
    const nextKey = useRef(2);
    const stateRef = useRef({});
    stateRef.current = { locale, ds, saved, queries, variables, types, variable };

    const record = useCallback((entry) => setLog((old) => [...old.filter((e) => e.id !== entry.id), entry].slice(-500)), []);

    const call = useCallback(async (operation, input, localeOverride) => {
      const data = await api("/call", { operation, locale: localeOverride || stateRef.current.locale, input });
      record(data.entry);
      return data.entry;
    }, [record]);

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

    const fetchForm = async (operation, filter, previous, localeOverride) => {
      const entry = await call(operation, { config: currentConfig(), filter, variables: variableMap() }, localeOverride);
      if (entry.status === 200 && Array.isArray(entry.response)) {
        return { fields: entry.response, state: F.initialState(entry.response, previous), loaded: true, error: null };
      }
      const why = entry.failure || `HTTP ${entry.status}${entry.response && entry.response.message ? `: ${entry.response.message}` : ""}`;
      return { fields: [], state: previous || F.initialState([]), loaded: true, error: `The plugin did not answer fields (${why})` };
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

    const loadDatasource = (filter, previous, localeOverride) =>
      guard("datasource", async () => setDs(await fetchForm("datasourceFields", filter, previous, localeOverride)));

    const loadQuery = (key, filter, previous, localeOverride) =>
      guard(`query-${key}`, async () => {
        const form = await fetchForm("queryFields", filter, previous, localeOverride);
        setQueries((list) => list.map((q) => (q.key === key ? { ...q, form } : q)));
      });

    const loadVariable = (filter, previous, localeOverride) =>
      guard("variable", async () => {
        const form = await fetchForm("variableFields", filter, previous, localeOverride);
        setVariable((v) => ({ ...v, form }));
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
        await loadDatasource([], null);
        await loadQuery(1, [], null);
        await loadVariable([], null);
      })();
    }, []);

    /* Language: every form is asked again in the new language, opened with its values (flow 1). */
    const applyLocale = async (text) => {
      const value = text.trim();
      if (!value || value === stateRef.current.locale) return;
      setLocale(value);
      stateRef.current.locale = value;
      const s = stateRef.current;
      await loadDatasource(F.filterFields(s.ds.fields, s.ds.state, true), s.ds.state, value);
      for (const q of s.queries) await loadQuery(q.key, F.filterFields(q.form.fields, q.form.state, true), q.form.state, value);
      await loadVariable(F.filterFields(s.variable.form.fields, s.variable.form.state, true), s.variable.form.state, value);
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
        const entry = await call("healthCheck", { fields: F.configFields(s.ds.fields, s.ds.state, s.types) });
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
          const config = body.datasourceConfig && Array.isArray(body.datasourceConfig.fields) ? body.datasourceConfig.fields : F.configFields(s.ds.fields, s.ds.state, s.types);
          setSaved(config);
          stateRef.current.saved = config;
          // The saved configuration may change the query forms (the Code-mode rule reads it).
          for (const q of s.queries) await loadQuery(q.key, F.filterFields(q.form.fields, q.form.state, false), q.form.state);
          await loadVariable(F.filterFields(s.variable.form.fields, s.variable.form.state, false), s.variable.form.state);
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

    const queryInput = (q) => {
      const mode = modeOf(q);
      const constructed = JSON.stringify(F.queryObject(q.form.fields, q.form.state));
      if (mode === "json") return { json: q.json.trim() ? q.json : constructed };
      if (mode === "code") {
        const fromForm = q.form.state.values.codeQuery;
        return { json: constructed, codeQuery: fromForm !== undefined ? fromForm : q.code };
      }
      return { json: constructed };
    };

    const runQuery = () =>
      guard("run", async () => {
        const s = stateRef.current;
        const invalid = {};
        const list = s.queries.map((q) => ({ ...q, errors: modeOf(q) === "json" ? {} : F.validate(q.form.fields, q.form.state) }));
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
      h(
        "div",
        { className: "locale" },
        h("label", { htmlFor: "locale" }, "Language"),
        h("input", {
          id: "locale",
          list: "locale-options",
          value: localeText,
          onChange: (e) => setLocaleText(e.target.value),
          onBlur: (e) => applyLocale(e.target.value),
          onKeyDown: (e) => e.key === "Enter" && applyLocale(e.target.value),
        }),
        h("datalist", { id: "locale-options" }, LOCALES.map((l) => h("option", { key: l, value: l }))),
        h("span", { className: "muted", "data-locale": locale }, ` sent as Accept-Language: ${locale}`)
      )
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
        onTrigger: (state) => loadDatasource(F.filterFields(ds.fields, state, false), state),
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", onClick: saveAndTest, disabled: Boolean(busy.health) }, "Save & test"),
        h("span", { className: "muted" }, saved ? `Requests carry the saved configuration (${saved.length} fields, secrets as the plugin returned them).` : "Not saved: requests carry the values typed above.")),
      h("div", { role: "status", className: health ? (health.ok ? "health ok" : "health failed") : "health", "aria-live": "polite" }, health ? health.text : "")
    );

    const queryEditor = h(
      "section",
      { "aria-label": "Query editor", className: "panel" },
      h("h2", null, "Query editor"),
      h("div", { className: "form-row panel-options" },
        h("div", { className: "field-cell" }, h("label", { htmlFor: "range-from", className: "field-label" }, "From"), h("input", { id: "range-from", type: "datetime-local", value: range.from, onChange: (e) => setRange({ ...range, from: e.target.value }) })),
        h("div", { className: "field-cell" }, h("label", { htmlFor: "range-to", className: "field-label" }, "To"), h("input", { id: "range-to", type: "datetime-local", value: range.to, onChange: (e) => setRange({ ...range, to: e.target.value }) })),
        h("div", { className: "field-cell" }, h("label", { htmlFor: "max-points", className: "field-label" }, "Max data points"), h("input", { id: "max-points", type: "number", min: 1, value: maxPoints, onChange: (e) => setMaxPoints(e.target.value) }))),
      queries.map((q, index) => {
        const ref = refId(index);
        const mode = modeOf(q);
        const hasTypeField = q.form.fields.some((f) => f.code === "queryType");
        const allowed = MODES.filter((m) => m !== "code" || codeAllowed());
        const queryErrors = result && result.entry.response && result.entry.response.validationErrors ? result.entry.response.validationErrors : {};
        return h(
          "section",
          { key: q.key, "aria-label": `Query ${ref}`, className: "query", "data-mode": mode },
          h("h3", null, `Query ${ref}`, " ", h("span", { className: "muted" }, `mode: ${MODE_LABELS[mode]}`)),
          q.form.error ? h("p", { className: "error" }, q.form.error) : null,
          hasTypeField || !q.form.loaded
            ? null
            : h("div", { role: "radiogroup", "aria-label": `Editor mode ${ref}`, className: "radio-group" },
                allowed.map((m) => h("label", { key: m, className: "radio-option" }, h("input", { type: "radio", name: `mode-${q.key}`, checked: mode === m, onChange: () => setQueries((list) => list.map((x) => (x.key === q.key ? { ...x, mode: m } : x))) }), ` ${MODE_LABELS[m]}`))),
          h(F.Form, {
            fields: q.form.fields,
            state: q.form.state,
            idPrefix: `q${q.key}`,
            errors: q.errors,
            showErrors: true,
            serverErrors: {},
            onChange: (state) => setQueries((list) => list.map((x) => (x.key === q.key ? { ...x, errors: {}, form: { ...x.form, state } } : x))),
            onTrigger: (state) => loadQuery(q.key, F.filterFields(q.form.fields, state, false), state),
          }),
          mode === "json"
            ? h("div", { className: "field-cell" },
                h("label", { htmlFor: `json-${q.key}`, className: "field-label" }, `Query JSON ${ref}`),
                h("textarea", { id: `json-${q.key}`, rows: 4, value: q.json, placeholder: JSON.stringify(F.queryObject(q.form.fields, q.form.state)), onChange: (e) => setQueries((list) => list.map((x) => (x.key === q.key ? { ...x, json: e.target.value } : x))) }),
                queryHelp ? h("div", { className: "field-description" }, queryHelp) : null)
            : null,
          mode === "code" && q.form.state.values.codeQuery === undefined
            ? h("div", { className: "field-cell" },
                h("label", { htmlFor: `code-${q.key}`, className: "field-label" }, `Code ${ref}`),
                h("textarea", { id: `code-${q.key}`, rows: 4, value: q.code, onChange: (e) => setQueries((list) => list.map((x) => (x.key === q.key ? { ...x, code: e.target.value } : x))) }))
            : null,
          queryErrors[ref] ? h("p", { className: "field-error" }, queryErrors[ref]) : null,
          queries.length > 1 ? h("button", { type: "button", className: "secondary", onClick: () => setQueries((list) => list.filter((x) => x.key !== q.key)) }, `Remove query ${ref}`) : null
        );
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", className: "secondary", onClick: () => { const key = nextKey.current++; setQueries((list) => [...list, newQuery(key)]); loadQuery(key, [], null); } }, "Add query"),
        h("button", { type: "button", onClick: runQuery, disabled: Boolean(busy.run) }, "Run query"))
    );

    const dashboardVariables = h(
      "section",
      { "aria-label": "Dashboard variables", className: "panel" },
      h("h2", null, "Dashboard variables"),
      variables.map((v, i) =>
        h("div", { className: "form-row", key: i },
          h("div", { className: "field-cell" }, h("label", { htmlFor: `var-name-${i}`, className: "field-label" }, "Variable name"), h("input", { id: `var-name-${i}`, value: v.name, onChange: (e) => setVariables((list) => list.map((x, j) => (j === i ? { ...x, name: e.target.value } : x))) })),
          h("div", { className: "field-cell" }, h("label", { htmlFor: `var-kind-${i}`, className: "field-label" }, "Variable type"), h("select", { id: `var-kind-${i}`, value: v.kind, onChange: (e) => setVariables((list) => list.map((x, j) => (j === i ? { ...x, kind: e.target.value } : x))) }, h("option", { value: "string" }, "string"), h("option", { value: "list" }, "list (comma-separated)"))),
          h("div", { className: "field-cell" }, h("label", { htmlFor: `var-value-${i}`, className: "field-label" }, "Variable value"), h("input", { id: `var-value-${i}`, value: v.value, onChange: (e) => setVariables((list) => list.map((x, j) => (j === i ? { ...x, value: e.target.value } : x))) })),
          h("button", { type: "button", className: "secondary", onClick: () => setVariables((list) => list.filter((_, j) => j !== i)) }, "Remove variable"))),
      h("button", { type: "button", className: "secondary", onClick: () => setVariables((list) => [...list, { name: "", kind: "string", value: "" }]) }, "Add variable")
    );

    const variableEditor = h(
      "section",
      { "aria-label": "Variable editor", className: "panel" },
      h("h2", null, "Variable editor"),
      h("div", { className: "field-cell" }, h("label", { htmlFor: "variable-name", className: "field-label" }, "New variable name"), h("input", { id: "variable-name", value: variable.name, onChange: (e) => setVariable({ ...variable, name: e.target.value }) })),
      variable.form.error ? h("p", { className: "error" }, variable.form.error) : null,
      h(F.Form, {
        fields: variable.form.fields,
        state: variable.form.state,
        idPrefix: "var",
        errors: {},
        serverErrors: {},
        onChange: (state) => setVariable((v) => ({ ...v, form: { ...v.form, state } })),
        onTrigger: (state) => loadVariable(F.filterFields(variable.form.fields, state, false), state),
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", onClick: loadValues, disabled: Boolean(busy.values) }, "Load values"),
        variable.values ? h("button", { type: "button", className: "secondary", onClick: useValues }, "Use as dashboard variable") : null),
      variable.error ? h("p", { className: "error" }, variable.error) : null,
      variable.values ? h("ul", { className: "variable-values", "aria-label": "Variable values" }, variable.values.map((o, i) => h("li", { key: i }, `${cell(o && o.label)} = ${cell(o && o.value)}`))) : null
    );

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
