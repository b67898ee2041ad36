/* The platform's rendering of ConstructorField lists (contract: ConstructorField, ConstructorFieldProps):
 * the layout of a form (rows, sizes), its labelled cells and array groups, and window.ScaffoldFields,
 * the one namespace the pages use.
 *
 * Plain ES2020 on the React 18 UMD global, no build step. The state, request bodies and checks are
 * in fields-data.js, the per-type inputs in fields-inputs.js; both sort (and so load) before this
 * file. Every control has a visible <label> whose text is the field's name (its code when the name
 * is missing): that label is how people and tests reach it. Where the contract says nothing: a
 * field without `size` takes the rest of its row.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const D = window.ScaffoldFieldsData;
  const { SIZES, labelOf, arrayShape, newGroup, validFields, groupKey, domId } = D;
  const { Control } = window.ScaffoldFieldInputs;

  /* Rows: a field with inline true joins the previous row, any other starts a new one. */
  function rows(fields) {
    const result = [];
    for (const field of fields) {
      if (field.inline === true && result.length) result[result.length - 1].push(field);
      else result.push([field]);
    }
    return result;
  }

  function cellStyle(field) {
    const width = SIZES[field.size];
    return width ? { flex: `0 0 calc(${width}% - 12px)`, maxWidth: `calc(${width}% - 12px)` } : { flex: "1 1 12rem" };
  }

  /* One labelled field cell: label, control, description, client error, server error. */
  function FieldCell(props) {
    const { field, valueKey, value, idPrefix, errors, serverErrors, showErrors, onValue, fileInfo } = props;
    const [fileError, setFileError] = React.useState(null);
    const id = domId(idPrefix, valueKey);
    const clientError = showErrors ? errors[valueKey] : null;
    const serverError = serverErrors[valueKey] || (valueKey === field.code ? null : serverErrors[field.code]);
    const error = fileError || clientError || serverError || null;
    const described = [field.description ? `${id}-description` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(" ");
    const commit = (newValue, trigger, info) => {
      setFileError(null);
      onValue(valueKey, newValue, trigger, info);
    };
    const labelProps = field.type === "radio" ? { id: `${id}-label`, className: "field-label" } : { htmlFor: id, className: "field-label" };
    const label = h(field.type === "radio" ? "span" : "label", labelProps, labelOf(field), field.required === true ? h("span", { className: "required-mark", "aria-hidden": "true" }, " *") : null);
    const control = h(Control, { field, value, id, commit, described, invalid: Boolean(error), fileInfo, setFileError, disabled: props.disabled });
    return h(
      "div",
      {
        className: `field-cell field-${field.type || "text"}${field.readOnly ? " read-only" : ""}`,
        style: cellStyle(field),
        "data-code": field.code,
        "data-size": field.size || "",
      },
      field.type === "checkbox" ? h("div", { className: "checkbox-line" }, control, label) : h(React.Fragment, null, label, control),
      field.description ? h("div", { className: "field-description", id: `${id}-description` }, field.description) : null,
      error ? h("div", { className: serverError && !clientError && !fileError ? "field-error server-error" : "field-error", id: `${id}-error` }, error) : null
    );
  }

  function ArrayField(props) {
    const { field, state, idPrefix, onGroups } = props;
    const template = arrayShape(field).template;
    const groups = state.groups[field.code] || [];
    const labelId = domId(idPrefix, `${field.code}-label`);
    return h(
      "div",
      { className: "array-field", style: cellStyle(field), "data-code": field.code, "data-size": field.size || "", role: "group", "aria-labelledby": labelId },
      h("div", { className: "field-label", id: labelId }, labelOf(field)),
      field.description ? h("div", { className: "field-description" }, field.description) : null,
      groups.map((group, index) =>
        h(
          "details",
          { key: index, open: true, className: "array-group" },
          h("summary", null, `${labelOf(field)} ${index + 1}`),
          rows(template).map((row, r) =>
            h(
              "div",
              { className: "form-row", key: r },
              row.map((child) =>
                h(FieldCell, {
                  ...props,
                  key: child.code,
                  field: child,
                  valueKey: groupKey(field.code, index, child.code),
                  value: group[child.code],
                  fileInfo: state.files[groupKey(field.code, index, child.code)],
                })
              )
            )
          ),
          h("button", { type: "button", className: "secondary", onClick: () => onGroups(field, groups.filter((_, i) => i !== index)) }, "Remove group")
        )
      ),
      h("button", { type: "button", onClick: () => onGroups(field, [...groups, newGroup(field)]) }, "Add group")
    );
  }

  /* A whole form. onChange(state) on every edit; onTrigger(state) when an isTrigger field changed. */
  function Form(props) {
    const { fields, state, onChange, onTrigger, idPrefix } = props;
    const list = validFields(fields);
    const byCode = Object.fromEntries(list.map((f) => [f.code, f]));
    const touch = (key) => ({ ...state.touched, [key]: true, [key.split(".")[0]]: true });
    const onValue = (key, value, trigger, info) => {
      let next;
      if (key.includes(".")) {
        const [arrayCode, index, code] = key.split(".");
        const groups = (state.groups[arrayCode] || []).map((g, i) => (i === Number(index) ? { ...g, [code]: value } : g));
        next = { ...state, groups: { ...state.groups, [arrayCode]: groups }, touched: touch(key) };
      } else {
        next = { ...state, values: { ...state.values, [key]: value }, touched: touch(key) };
      }
      if (info) next.files = { ...state.files, [key]: info };
      const changed = key.includes(".") || state.values[key] !== value || (byCode[key] && byCode[key].type === "file");
      onChange(next, key);
      if (trigger && changed) onTrigger(next);
    };
    const onGroups = (field, groups) => {
      const next = { ...state, groups: { ...state.groups, [field.code]: groups }, touched: touch(field.code) };
      onChange(next, field.code);
      if (arrayShape(field).template.some((c) => c.isTrigger === true)) onTrigger(next);
    };
    const shared = {
      state,
      idPrefix,
      errors: props.errors || {},
      serverErrors: props.serverErrors || {},
      showErrors: props.showErrors === true,
      onValue,
      onGroups,
      disabled: props.disabled,
    };
    return h(
      "div",
      { className: "constructor-form", "data-fields": list.length },
      list.length === 0 ? h("p", { className: "muted" }, "The plugin answered no fields.") : null,
      rows(list).map((row, r) =>
        h(
          "div",
          { className: "form-row", key: `${r}-${row.map((f) => f.code).join("|")}` },
          row.map((field) =>
            field.type === "array"
              ? h(ArrayField, { ...shared, key: field.code, field })
              : h(FieldCell, { ...shared, key: field.code, field, valueKey: field.code, value: state.values[field.code], fileInfo: state.files[field.code] })
          )
        )
      )
    );
  }

  window.ScaffoldFields = {
    Form,
    initialState: D.initialState,
    filterFields: D.filterFields,
    configFields: D.configFields,
    queryObject: D.queryObject,
    validate: D.validate,
    fieldError: D.fieldError,
    labelOf,
    SIZES,
  };
})();
