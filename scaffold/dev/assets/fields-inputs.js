/* The per-type inputs of a ConstructorField (text, password, number, textarea, checkbox, radio,
 * select with multi-select and handwriting, file): one control each, without its label. Split from
 * fields.js so the cell and form layout (fields.js) stay apart from how each type is typed in.
 *
 * Plain ES2020 on the React 18 UMD global, no build step. Loads after fields-data.js (whose helpers
 * it reads at load time) and before fields.js, which uses window.ScaffoldFieldInputs.Control.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const { str, propsOf, optionsOf, isMulti, splitMulti } = window.ScaffoldFieldsData;

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

  window.ScaffoldFieldInputs = { Control, SelectControl, FileControl };
})();
