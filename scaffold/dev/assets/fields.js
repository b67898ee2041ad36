/* The platform's rendering of ConstructorField lists (contract: ConstructorField, ConstructorFieldProps).
 *
 * Plain ES2020 on the React 18 UMD global, no build step. One form = the fields a plugin answered
 * plus a state {values: {code: string}, groups: {arrayCode: [{code: string}]}, files: {key: {name,
 * size}}, touched: {key: true}}. Every control has a visible <label> whose text is the field's name
 * (its code when the name is missing): that label is how people and tests reach it.
 *
 * Decisions where the contract says nothing: a field without `size` takes the rest of its row; a
 * multi-select value is its values joined by commas (the form's string `value`), and a list in
 * query JSON; a file's value is its content as a data: URL; an array field starts with the groups
 * its nested fields' arrayIndex name, else one group of the nested defaults.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const SIZES = { xs: 16.66, sm: 33.33, md: 50, lg: 66.64, xl: 83.3, xxl: 100 };

  const labelOf = (field) => (typeof field.name === "string" && field.name !== "" ? field.name : field.code);
  const propsOf = (field) => (field.props && typeof field.props === "object" ? field.props : {});
  const optionsOf = (field) => (Array.isArray(propsOf(field).options) ? propsOf(field).options : []);
  const str = (value) => (value === undefined || value === null ? "" : String(value));
  const isMulti = (field) => field.type === "select" && propsOf(field).allowMultiSelect === true;
  const splitMulti = (value) => str(value).split(",").map((v) => v.trim()).filter((v) => v !== "");

  /* Nested fields of an array field: the template of one group (first of each code) and the
     groups the answer names with arrayIndex. */
  function arrayShape(field) {
    const nested = Array.isArray(propsOf(field).fields) ? propsOf(field).fields : [];
    const template = [];
    const seen = new Set();
    const indexed = new Map();
    for (const child of nested) {
      if (!child || typeof child.code !== "string") continue;
      if (!seen.has(child.code)) {
        seen.add(child.code);
        template.push(child);
      }
      if (Number.isInteger(child.arrayIndex)) {
        if (!indexed.has(child.arrayIndex)) indexed.set(child.arrayIndex, {});
        indexed.get(child.arrayIndex)[child.code] = str(child.value);
      }
    }
    const groups = [...indexed.keys()].sort((a, b) => a - b).map((i) => indexed.get(i));
    return { template, groups };
  }

  function newGroup(field) {
    const group = {};
    for (const child of arrayShape(field).template) {
      group[child.code] = Number.isInteger(child.arrayIndex) ? "" : str(child.value);
    }
    return group;
  }

  const validFields = (fields) => (Array.isArray(fields) ? fields.filter((f) => f && typeof f.code === "string") : []);

  /* The state of a freshly answered form; `previous` keeps what the person entered (touched values,
     array groups) for fields that still exist, so a trigger re-request does not wipe the form. */
  function initialState(fields, previous) {
    const prev = previous || { values: {}, groups: {}, files: {}, touched: {} };
    const state = { values: {}, groups: {}, files: {}, touched: { ...prev.touched } };
    for (const field of validFields(fields)) {
      if (field.type === "array") {
        const shape = arrayShape(field);
        if (prev.groups[field.code] && prev.touched[field.code]) state.groups[field.code] = prev.groups[field.code];
        else state.groups[field.code] = shape.groups.length ? shape.groups : [newGroup(field)];
        continue;
      }
      const keep = prev.touched[field.code] && field.code in prev.values;
      state.values[field.code] = keep ? prev.values[field.code] : str(field.value);
      if (keep && prev.files[field.code]) state.files[field.code] = prev.files[field.code];
    }
    return state;
  }

  /* ConstructorFilter.fields of a trigger re-request: the values of ALL trigger fields (contract
     Constructor flow 2); nested triggers once per group with arrayIndex. `all` sends every value
     (flow 1: a form opened with its values). */
  function filterFields(fields, state, all) {
    const result = [];
    for (const field of validFields(fields)) {
      if (field.type === "array") {
        const template = arrayShape(field).template;
        (state.groups[field.code] || []).forEach((group, index) => {
          for (const child of template) {
            if (all || child.isTrigger === true) result.push({ key: child.code, value: str(group[child.code]), arrayIndex: index });
          }
        });
      } else if (all || field.isTrigger === true) {
        result.push({ key: field.code, value: str(state.values[field.code]) });
      }
    }
    return result;
  }

  /* DatasourceConfig.fields for health-check: {code, value, type?}; type only when DatasourceField's
     enum has it; an array field is one field holding the JSON text of its groups. */
  function configFields(fields, state, datasourceTypes) {
    const types = new Set(datasourceTypes || []);
    const result = [];
    for (const field of validFields(fields)) {
      const entry = { code: field.code };
      entry.value = field.type === "array" ? JSON.stringify(state.groups[field.code] || []) : str(state.values[field.code]);
      if (types.has(field.type)) entry.type = field.type;
      result.push(entry);
    }
    return result;
  }

  /* DataQuery.json / VariablesRequest.json: field code -> value; a multi-select is a list, an array
     field a list of group objects; passwords and files are not query text. */
  function queryObject(fields, state) {
    const data = {};
    for (const field of validFields(fields)) {
      if (field.type === "password" || field.type === "file") continue;
      if (field.type === "array") data[field.code] = (state.groups[field.code] || []).map((g) => ({ ...g }));
      else if (isMulti(field)) data[field.code] = splitMulti(state.values[field.code]);
      else data[field.code] = str(state.values[field.code]);
    }
    return data;
  }

  /* Client-side checks the platform makes before saving: required, number bounds, validationRule. */
  function fieldError(field, value) {
    const props = propsOf(field);
    const text = str(value);
    if (field.required === true && text.trim() === "" && field.type !== "checkbox") return "This field is required";
    if (text === "") return null;
    if (field.type === "number") {
      const number = Number(text);
      if (!Number.isFinite(number)) return "Enter a number";
      const low = Number.isInteger(props.min) ? props.min : null;
      const high = Number.isInteger(props.max) ? props.max : null;
      if ((low !== null && number < low) || (high !== null && number > high)) {
        return `Enter a number from ${low !== null ? low : "any"} to ${high !== null ? high : "any"}`;
      }
    }
    if (typeof field.validationRule === "string" && field.validationRule !== "") {
      let rule = null;
      try {
        rule = new RegExp(field.validationRule);
      } catch (error) {
        return null; // a rule the browser cannot compile checks nothing (the log shows the field)
      }
      if (!rule.test(text)) return field.validationMessage || `Does not match ${field.validationRule}`;
    }
    return null;
  }

  function validate(fields, state) {
    const errors = {};
    for (const field of validFields(fields)) {
      if (field.type === "array") {
        const template = arrayShape(field).template;
        (state.groups[field.code] || []).forEach((group, index) => {
          for (const child of template) {
            const error = fieldError(child, group[child.code]);
            if (error) errors[groupKey(field.code, index, child.code)] = error;
          }
        });
      } else {
        const error = fieldError(field, state.values[field.code]);
        if (error) errors[field.code] = error;
      }
    }
    return errors;
  }

  const groupKey = (arrayCode, index, code) => `${arrayCode}.${index}.${code}`;
  const domId = (prefix, key) => `${prefix}-${key}`.replace(/[^A-Za-z0-9_-]/g, "_");

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

  /* One control. `key` addresses the value (code, or arrayCode.index.code); `commit(value, trigger)`
     stores it, `trigger` true when the change should re-request the form now. */
  function Control(props) {
    const { field, value, id, commit, described, invalid, fileInfo, setFileError } = props;
    const options = optionsOf(field);
    const readOnly = field.readOnly === true || props.disabled === true;
    const common = {
      id,
      "aria-describedby": described || undefined,
      "aria-invalid": invalid ? "true" : undefined,
      "aria-required": field.required === true ? "true" : undefined,
      "data-code": field.code,
    };
    const isTrigger = field.isTrigger === true;
    const textual = (type) =>
      h("input", {
        ...common,
        type,
        value: str(value),
        placeholder: field.placeholder || undefined,
        readOnly,
        required: field.required === true,
        onChange: (e) => commit(e.target.value, false),
        onBlur: (e) => isTrigger && commit(e.target.value, true),
      });
    switch (field.type) {
      case "password":
        return textual("password");
      case "number": {
        const p = propsOf(field);
        return h("input", {
          ...common,
          type: "number",
          value: str(value),
          min: Number.isInteger(p.min) ? p.min : undefined,
          max: Number.isInteger(p.max) ? p.max : undefined,
          placeholder: field.placeholder || undefined,
          readOnly,
          required: field.required === true,
          onChange: (e) => commit(e.target.value, false),
          onBlur: (e) => isTrigger && commit(e.target.value, true),
        });
      }
      case "textarea":
        return h("textarea", {
          ...common,
          value: str(value),
          rows: 3,
          placeholder: field.placeholder || undefined,
          readOnly,
          required: field.required === true,
          onChange: (e) => commit(e.target.value, false),
          onBlur: (e) => isTrigger && commit(e.target.value, true),
        });
      case "checkbox":
        return h("input", {
          ...common,
          type: "checkbox",
          checked: str(value) === "true",
          disabled: readOnly,
          onChange: (e) => commit(e.target.checked ? "true" : "false", isTrigger),
        });
      case "radio":
        return h(
          "div",
          { ...common, role: "radiogroup", "aria-labelledby": `${id}-label`, className: "radio-group" },
          options.map((option, index) =>
            h(
              "label",
              { key: index, className: "radio-option" },
              h("input", {
                type: "radio",
                name: id,
                value: str(option.value),
                checked: str(value) === str(option.value),
                disabled: readOnly,
                onChange: () => commit(str(option.value), isTrigger),
              }),
              " ",
              str(option.label || option.value)
            )
          )
        );
      case "select":
        return h(SelectControl, { field, value, common, readOnly, commit, isTrigger, id });
      case "file":
        return h(FileControl, { field, common, readOnly, commit, fileInfo, setFileError });
      default:
        return textual("text");
    }
  }

  function SelectControl({ field, value, common, readOnly, commit, isTrigger, id }) {
    const options = optionsOf(field);
    const handwriting = propsOf(field).allowHandwriting === true;
    if (handwriting) {
      // A value not in the list may be typed: an input with the options as suggestions.
      const listId = `${id}-options`;
      return h(
        React.Fragment,
        null,
        h("input", {
          ...common,
          type: "text",
          list: listId,
          value: str(value),
          placeholder: field.placeholder || (isMulti(field) ? "values, separated by commas" : undefined),
          readOnly,
          onChange: (e) => commit(e.target.value, false),
          onBlur: (e) => isTrigger && commit(e.target.value, true),
        }),
        h("datalist", { id: listId }, options.map((o, i) => h("option", { key: i, value: str(o.value) }, str(o.label))))
      );
    }
    if (isMulti(field)) {
      const chosen = splitMulti(value);
      return h(
        "select",
        {
          ...common,
          multiple: true,
          value: chosen,
          disabled: readOnly,
          size: Math.min(Math.max(options.length, 2), 6),
          onChange: (e) => commit([...e.target.selectedOptions].map((o) => o.value).join(","), isTrigger),
        },
        options.map((o, i) => h("option", { key: i, value: str(o.value) }, str(o.label || o.value)))
      );
    }
    const known = options.some((o) => str(o.value) === str(value));
    return h(
      "select",
      { ...common, value: str(value), disabled: readOnly, onChange: (e) => commit(e.target.value, isTrigger) },
      known ? null : h("option", { value: str(value) }, str(value) === "" ? "—" : str(value)),
      options.map((o, i) => h("option", { key: i, value: str(o.value) }, str(o.label || o.value)))
    );
  }

  function FileControl({ field, common, readOnly, commit, fileInfo, setFileError }) {
    const p = propsOf(field);
    const accept = typeof p.acceptFile === "string" ? p.acceptFile : undefined;
    const onChange = (e) => {
      const input = e.target;
      const file = input.files && input.files[0];
      if (!file) return;
      const allowed = (accept || "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
      const name = file.name.toLowerCase();
      if (allowed.length && !allowed.some((ext) => (ext.startsWith(".") ? name.endsWith(ext) : true))) {
        input.value = "";
        setFileError(`${file.name} is not one of ${accept}`);
        return;
      }
      if (Number.isInteger(p.maxFileSize) && file.size > p.maxFileSize) {
        input.value = "";
        setFileError(`${file.name} is ${file.size} bytes; the largest file allowed is ${p.maxFileSize} bytes`);
        return;
      }
      const reader = new FileReader();
      reader.onload = () => commit(String(reader.result), field.isTrigger === true, { name: file.name, size: file.size });
      reader.readAsDataURL(file);
    };
    return h(
      React.Fragment,
      null,
      h("input", { ...common, type: "file", accept, disabled: readOnly, onChange }),
      fileInfo ? h("span", { className: "file-info" }, `${fileInfo.name} (${fileInfo.size} bytes)`) : null
    );
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

  window.ScaffoldFields = { Form, initialState, filterFields, configFields, queryObject, validate, fieldError, labelOf, SIZES };
})();
