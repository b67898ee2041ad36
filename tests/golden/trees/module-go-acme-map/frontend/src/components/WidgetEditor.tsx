// The WidgetEditor: edits a widget's future moduleData (seeded once; yours to edit).
//
// Contract rules: start from `widget` when editing a saved one; reuse `generalFields` (the host's
// own fields, today the widget's title and description); use dashboardProps and variables for
// previews; call onChange() whenever the edited data changes, so the host updates its dirty
// state or preview; when the host asks for a refresh (refreshClicked), reset it with
// onRefreshChange(false).
//
// How the host reads the edited values is not shown in the contract (onChange has no arguments).
// scaffold's reading (README "Decisions where the contract is silent"; in the spec, the
// x-scaffold-decision of WidgetEditorProps):
// the host renders this editor inside its widget editor form, a react-hook-form form (the host
// global window.ReactHookForm) whose values are the widget being edited. The editor hands it the
// future moduleData with setValue('moduleData', ...) and the general fields by their names, then
// calls onChange(). Outside such a form (useFormContext() is null: a unit test, another host) it
// keeps the values to itself.
import { useEffect, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import type { IField, IModuleWidgetData, WidgetEditorProps } from '../contract';
import { DEFAULT_WIDGET_DATA, readWidgetData } from './widget-data';
import type { WidgetData } from './widget-data';
import './WidgetEditor.css';

const block = 'acme-map-editor';

/** A saved value as the text of an input: numbers and booleans as written, objects as JSON. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}

function savedValues(fields: IField[], widget: IModuleWidgetData | null): Record<string, string> {
  const saved: Record<string, unknown> = widget ? { ...widget } : {};
  return Object.fromEntries(
    fields.map((field) => [field.name, asText(saved[field.name] ?? field.defaultValue)]),
  );
}

function savedData(widget: IModuleWidgetData | null): WidgetData {
  try {
    return readWidgetData(widget?.moduleData);
  } catch {
    return DEFAULT_WIDGET_DATA;
  }
}

function placeholder(field: IField): string | undefined {
  const value = field.props?.placeholder;
  return Array.isArray(value) ? value.join(' ') : value;
}

export default function WidgetEditor(props: WidgetEditorProps) {
  const { generalFields, widget, refreshClicked, onRefreshChange, onChange, dashboardProps, variables } =
    props;
  // The host's editor form, or null when there is none (react-hook-form's context default).
  const form = useFormContext() as UseFormReturn<FieldValues> | null;
  const [general, setGeneral] = useState(() => savedValues(generalFields, widget));
  const [data, setData] = useState<WidgetData>(() => savedData(widget));

  useEffect(() => {
    if (refreshClicked) onRefreshChange(false);
  }, [refreshClicked, onRefreshChange]);

  function editGeneral(name: string) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setGeneral((current) => ({ ...current, [name]: value }));
      form?.setValue(name, value, { shouldDirty: true });
      onChange();
    };
  }

  function editData(change: Partial<WidgetData>) {
    const next: WidgetData = { ...data, ...change };
    setData(next);
    form?.setValue('moduleData', { ...next }, { shouldDirty: true }); // the future moduleData
    onChange();
  }

  return (
    <form className={block} onSubmit={(event) => event.preventDefault()}>
      {generalFields.map((field) => (
        <label key={field.name} className={`${block}__field`}>
          <span className={`${block}__label`}>
            {field.title ?? field.name}
            {field.requiredMark ? ' *' : ''}
          </span>
          <input
            name={field.name}
            value={general[field.name] ?? ''}
            placeholder={placeholder(field)}
            disabled={field.props?.disabled}
            readOnly={field.props?.readOnly}
            onChange={editGeneral(field.name)}
          />
          {field.helpText && <small className={`${block}__help`}>{field.helpText}</small>}
        </label>
      ))}
      <label className={`${block}__field`}>
        <span className={`${block}__label`}>Message</span>
        <input
          name="message"
          value={data.message}
          onChange={(event) => editData({ message: event.target.value })}
        />
      </label>
      <label className={`${block}__check`}>
        <input
          type="checkbox"
          name="askBackend"
          checked={data.askBackend}
          onChange={(event) => editData({ askBackend: event.target.checked })}
        />
        Ask the module backend
      </label>
      <p className={`${block}__preview`}>
        Preview range: {dashboardProps.from ?? 'dashboard start'} → {dashboardProps.to ?? 'now'};{' '}
        {Object.keys(variables ?? {}).length} variable(s)
      </p>
    </form>
  );
}
