// The WidgetEditor: edits a widget's future moduleData (seeded once; yours to edit).
//
// Contract rules: start from `widget` when editing a saved one; reuse `generalFields` (the host's
// own fields, today the widget's title and description); use dashboardProps and variables for
// previews; call onChange() whenever the edited data changes, so the host updates its dirty
// state or preview; when the host asks for a refresh (refreshClicked), reset it with
// onRefreshChange(false).
//
// The contract does not show how the host reads the edited values (onChange has no arguments):
// this editor keeps them in `general` and `data`; hand them to the host where marked once your
// platform documents its mechanism.
import { useEffect, useState } from 'react';
import type { ChangeEvent } from 'react';

import type { IField, IModuleWidgetData, WidgetEditorProps } from '../contract';
import { DEFAULT_WIDGET_DATA, readWidgetData } from './widget-data';
import type { WidgetData } from './widget-data';
import './WidgetEditor.css';

const block = 'weather-station-telemetry-gateway-for-the-northern-coasts-region-editor';

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
  const [general, setGeneral] = useState(() => savedValues(generalFields, widget));
  const [data, setData] = useState<WidgetData>(() => savedData(widget));

  useEffect(() => {
    if (refreshClicked) onRefreshChange(false);
  }, [refreshClicked, onRefreshChange]);

  function editGeneral(name: string) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setGeneral((current) => ({ ...current, [name]: event.target.value }));
      onChange(); // hand `general` to the host here
    };
  }

  function editData(change: Partial<WidgetData>) {
    setData((current) => ({ ...current, ...change }));
    onChange(); // hand `data` (the future moduleData) to the host here
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
