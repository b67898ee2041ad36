/* The editor panels of the plugin page: "Query editor" (time range, queries A, B, … with their
 * editor mode), "Dashboard variables" and "Variable editor". Split from plugin-page.js, which keeps
 * the state and the calls to the plugin and hands them in as `ctx`.
 *
 * Plain ES2020 on the React 18 UMD global, no build step. Each panel is a plain function of ctx
 * returning elements (no hooks), called from the page's render exactly where the panel stands.
 * Exports window.ScaffoldPluginEditors; reads window.ScaffoldPluginResults (which sorts after this
 * file) only at render time.
 *
 * A query or variable form is asked only for a saved data source, as on the platform (contract:
 * typical call order); until then its panel says so in plain text, with a button that asks anyway
 * with the values typed (for a backend that cannot pass its health check yet). A query shows only
 * its mode's inputs, and the JSON box holds exactly the text that is sent.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const F = window.ScaffoldFields;
  const MODES = ["constructor", "json", "code"];
  const MODE_LABELS = { constructor: "Constructor", json: "JSON", code: "Code" };
  const TYPE_FIELD = "queryType";
  const CODE_FIELD = "codeQuery";
  const refId = (i) => (i < 26 ? String.fromCharCode(65 + i) : `Q${i + 1}`);
  const hasField = (fields, code) => fields.some((f) => f && f.code === code);

  /* The fields a mode shows (and sends as DataQuery.json): every field in Constructor mode; in JSON
     mode only the form's own mode switch; in Code mode the switch, or the whole form when the plugin
     answered its code input (codeQuery) in it: that form is the plugin's code form (e.g. codeQuery and
     a format), not Constructor fields left from before the switch. */
  function visibleFields(fields, mode) {
    if (mode === "constructor" || (mode === "code" && hasField(fields, CODE_FIELD))) return fields;
    return fields.filter((f) => f && f.code === TYPE_FIELD);
  }

  const constructedJson = (form) => JSON.stringify(F.queryObject(form.fields, form.state));
  /* The JSON box's text, which is also what is sent: the constructed JSON until the person edits it. */
  const jsonText = (q) => (q.json !== null ? q.json : constructedJson(q.form));
  /* The mode the person chose (the form's queryType field when it has one), before any rule. */
  const chosenMode = (q) => (hasField(q.form.fields, TYPE_FIELD) ? q.form.state.values[TYPE_FIELD] : q.mode);

  /* `next` is `q` after a change; entering JSON mode takes the query built so far as the box's text
     (the Constructor fields still hold it), unless the person has written their own. */
  function enteringJson(q, next) {
    if (chosenMode(next) !== "json" || chosenMode(q) === "json" || next.jsonEdited) return next;
    return { ...next, json: constructedJson(next.form) };
  }

  const NOT_CONFIGURED = (what) =>
    `Not configured yet: fill in the data source and press Save & test. The platform asks the ${what} form only for a saved data source.`;

  /* A form not asked yet (plain text, not an error), one being asked, or null once answered. */
  function formState(form, what, ask) {
    if (!form.asked) {
      return h("div", { className: "not-configured" },
        h("p", { className: "muted" }, NOT_CONFIGURED(what)),
        h("button", { type: "button", className: "secondary", title: "Sends the values typed in the data source form, unsaved", onClick: ask }, `Ask for the ${what} form anyway`));
    }
    return form.loaded ? null : h("p", { className: "muted" }, `Asking the plugin for the ${what} form…`);
  }

  function queryEditor(ctx) {
    const { queries, setQueries, range, setRange, maxPoints, setMaxPoints, result, busy } = ctx;
    const { modeOf, codeAllowed, loadQuery, runQuery, addQuery, queryHelp } = ctx;
    const update = (key, change) => setQueries((list) => list.map((x) => (x.key === key ? change(x) : x)));
    const queryErrors = result && result.entry.response && result.entry.response.validationErrors ? result.entry.response.validationErrors : {};
    return h(
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
        const hasTypeField = hasField(q.form.fields, TYPE_FIELD);
        const allowed = MODES.filter((m) => m !== "code" || codeAllowed());
        const shown = visibleFields(q.form.fields, mode);
        const waiting = formState(q.form, "query", () => loadQuery(q.key, []));
        return h(
          "section",
          { key: q.key, "aria-label": `Query ${ref}`, className: "query", "data-mode": mode },
          h("h3", null, `Query ${ref}`, " ", h("span", { className: "muted" }, `mode: ${MODE_LABELS[mode]}`)),
          waiting,
          q.form.error ? h("p", { className: "error" }, q.form.error) : null,
          hasTypeField || !q.form.loaded
            ? null
            : h("div", { role: "radiogroup", "aria-label": `Editor mode ${ref}`, className: "radio-group" },
                allowed.map((m) => h("label", { key: m, className: "radio-option" }, h("input", { type: "radio", name: `mode-${q.key}`, checked: mode === m, onChange: () => update(q.key, (x) => enteringJson(x, { ...x, mode: m })) }), ` ${MODE_LABELS[m]}`))),
          waiting || (mode !== "constructor" && !shown.length)
            ? null
            : h(F.Form, {
                fields: shown,
                state: q.form.state,
                idPrefix: `q${q.key}`,
                errors: q.errors,
                showErrors: true,
                serverErrors: {},
                onChange: (state) => update(q.key, (x) => enteringJson(x, { ...x, errors: {}, form: { ...x.form, state } })),
                onTrigger: (state) => loadQuery(q.key, F.filterFields(q.form.fields, state, false)),
              }),
          mode === "json" && !waiting
            ? h("div", { className: "field-cell" },
                h("label", { htmlFor: `json-${q.key}`, className: "field-label" }, `Query JSON ${ref}`),
                h("textarea", { id: `json-${q.key}`, rows: 4, value: jsonText(q), onChange: (e) => update(q.key, (x) => ({ ...x, json: e.target.value, jsonEdited: true })) }),
                queryHelp ? h("div", { className: "field-description" }, queryHelp) : null)
            : null,
          mode === "code" && !waiting && q.form.state.values[CODE_FIELD] === undefined
            ? h("div", { className: "field-cell" },
                h("label", { htmlFor: `code-${q.key}`, className: "field-label" }, `Code ${ref}`),
                h("textarea", { id: `code-${q.key}`, rows: 4, value: q.code, onChange: (e) => update(q.key, (x) => ({ ...x, code: e.target.value })) }))
            : null,
          queryErrors[ref] ? h("p", { className: "field-error" }, queryErrors[ref]) : null,
          queries.length > 1 ? h("button", { type: "button", className: "secondary", onClick: () => setQueries((list) => list.filter((x) => x.key !== q.key)) }, `Remove query ${ref}`) : null
        );
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", className: "secondary", onClick: addQuery }, "Add query"),
        h("button", { type: "button", onClick: runQuery, disabled: Boolean(busy.run) }, "Run query"))
    );
  }

  function dashboardVariables({ variables, setVariables }) {
    return h(
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
  }

  function variableEditor({ variable, setVariable, loadVariable, loadValues, useValues, busy }) {
    const { cell } = window.ScaffoldPluginResults;
    const waiting = formState(variable.form, "variable", () => loadVariable([]));
    return h(
      "section",
      { "aria-label": "Variable editor", className: "panel" },
      h("h2", null, "Variable editor"),
      h("div", { className: "field-cell" }, h("label", { htmlFor: "variable-name", className: "field-label" }, "New variable name"), h("input", { id: "variable-name", value: variable.name, onChange: (e) => setVariable({ ...variable, name: e.target.value }) })),
      waiting,
      variable.form.error ? h("p", { className: "error" }, variable.form.error) : null,
      waiting
        ? null
        : h(F.Form, {
            fields: variable.form.fields,
            state: variable.form.state,
            idPrefix: "var",
            errors: {},
            serverErrors: {},
            onChange: (state) => setVariable((v) => ({ ...v, form: { ...v.form, state } })),
            onTrigger: (state) => loadVariable(F.filterFields(variable.form.fields, state, false)),
          }),
      waiting
        ? null
        : h("div", { className: "actions" },
            h("button", { type: "button", onClick: loadValues, disabled: Boolean(busy.values) }, "Load values"),
            variable.values ? h("button", { type: "button", className: "secondary", onClick: useValues }, "Use as dashboard variable") : null),
      variable.error ? h("p", { className: "error" }, variable.error) : null,
      variable.values ? h("ul", { className: "variable-values", "aria-label": "Variable values" }, variable.values.map((o, i) => h("li", { key: i }, `${cell(o && o.label)} = ${cell(o && o.value)}`))) : null
    );
  }

  window.ScaffoldPluginEditors = { MODES, MODE_LABELS, refId, visibleFields, jsonText, queryEditor, dashboardVariables, variableEditor };
})();
