/* The editor panels of the plugin page: "Query editor" (time range, queries A, B, … with their
 * editor mode), "Dashboard variables" and "Variable editor". Split from plugin-page.js, which keeps
 * the state and the calls to the plugin and hands them in as `ctx`.
 *
 * Plain ES2020 on the React 18 UMD global, no build step. Each panel is a plain function of ctx
 * returning elements (no hooks), called from the page's render exactly where the panel stands.
 * Exports window.ScaffoldPluginEditors; reads window.ScaffoldPluginResults (which sorts after this
 * file) only at render time.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const F = window.ScaffoldFields;
  const MODES = ["constructor", "json", "code"];
  const MODE_LABELS = { constructor: "Constructor", json: "JSON", code: "Code" };
  const refId = (i) => (i < 26 ? String.fromCharCode(65 + i) : `Q${i + 1}`);

  function queryEditor(ctx) {
    const { queries, setQueries, range, setRange, maxPoints, setMaxPoints, result, busy, nextKey } = ctx;
    const { modeOf, codeAllowed, loadQuery, runQuery, newQuery, queryHelp } = ctx;
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
            onTrigger: (state) => loadQuery(q.key, F.filterFields(q.form.fields, state, false)),
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
        h("button", { type: "button", className: "secondary", onClick: () => { const key = nextKey.current++; setQueries((list) => [...list, newQuery(key)]); loadQuery(key, []); } }, "Add query"),
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
    return h(
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
        onTrigger: (state) => loadVariable(F.filterFields(variable.form.fields, state, false)),
      }),
      h("div", { className: "actions" },
        h("button", { type: "button", onClick: loadValues, disabled: Boolean(busy.values) }, "Load values"),
        variable.values ? h("button", { type: "button", className: "secondary", onClick: useValues }, "Use as dashboard variable") : null),
      variable.error ? h("p", { className: "error" }, variable.error) : null,
      variable.values ? h("ul", { className: "variable-values", "aria-label": "Variable values" }, variable.values.map((o, i) => h("li", { key: i }, `${cell(o && o.label)} = ${cell(o && o.value)}`))) : null
    );
  }

  window.ScaffoldPluginEditors = { MODES, MODE_LABELS, refId, queryEditor, dashboardVariables, variableEditor };
})();
