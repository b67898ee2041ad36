/* The data side of the platform's ConstructorField forms (contract: ConstructorField): a form's
 * state, the bodies it sends and the client-side checks. Split from fields.js so the rendering
 * (fields-inputs.js, fields.js) and the rules about values live apart.
 *
 * Plain ES2020, no build step; loads before fields-inputs.js and fields.js (the page loads helpers
 * alphabetically) and exports window.ScaffoldFieldsData, which they read at load time. One form =
 * the fields a plugin answered plus a state {values: {code: string}, groups: {arrayCode: [{code:
 * string}]}, files: {key: {name, size}}, touched: {key: true}}.
 *
 * Decisions where the contract says nothing: a multi-select value is its values joined by commas
 * (the form's string `value`), and a list in query JSON; a file's value is its content as a data:
 * URL; an array field starts with the groups its nested fields' arrayIndex name, else one group of
 * the nested defaults.
 */
(function () {
  "use strict";
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

  window.ScaffoldFieldsData = {
    SIZES,
    labelOf,
    propsOf,
    optionsOf,
    str,
    isMulti,
    splitMulti,
    arrayShape,
    newGroup,
    validFields,
    initialState,
    filterFields,
    configFields,
    queryObject,
    fieldError,
    validate,
    groupKey,
    domId,
  };
})();
