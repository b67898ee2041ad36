// The Settings: the module's own settings form (seeded once; yours to edit).
//
// Contract rules: `settings` (any JSON) is the current saved state and the single source of truth;
// call onChange(newSettings) on every change; do not save anything yourself. The platform hands
// these settings to the backend as moduleContext on proxied calls. This example keeps a list of
// connections, a common shape; change it freely.
import { useState } from 'react';
import type { ChangeEvent } from 'react';

import type { SettingsProps } from '../contract';
import './Settings.css';

const block = 'acme-map-settings';

export interface Connection {
  name: string;
  url: string;
  [key: string]: unknown;
}

export interface ModuleSettings {
  connections: Connection[];
  [key: string]: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whatever the host saved -> ModuleSettings; fields this form does not know are kept as they are. */
export function readSettings(settings: unknown): ModuleSettings {
  const saved = isObject(settings) ? settings : {};
  const list = Array.isArray(saved.connections) ? saved.connections : [];
  const connections = list.map((item: unknown) => {
    const entry = isObject(item) ? item : {};
    const name = typeof entry.name === 'string' ? entry.name : '';
    const url = typeof entry.url === 'string' ? entry.url : '';
    return { ...entry, name, url };
  });
  return { ...saved, connections };
}

export default function Settings({ settings, onChange }: SettingsProps) {
  const [value, setValue] = useState(() => readSettings(settings));

  // The host's settings are the source of truth: follow them whenever they change by value (the
  // host may pass equal but new objects). Adjusted while rendering, React's pattern for state that
  // follows a prop, so the form never shows the old settings for a frame.
  const incoming = JSON.stringify(settings ?? null);
  const [followed, setFollowed] = useState(incoming);
  if (incoming !== followed) {
    setFollowed(incoming);
    setValue(readSettings(settings));
  }

  function update(next: ModuleSettings) {
    setValue(next);
    onChange(next);
  }

  function edit(index: number, field: 'name' | 'url') {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const connections = value.connections.map((connection, at) =>
        at === index ? { ...connection, [field]: event.target.value } : connection,
      );
      update({ ...value, connections });
    };
  }

  return (
    <form className={block} onSubmit={(event) => event.preventDefault()}>
      <fieldset className={`${block}__connections`}>
        <legend>Connections</legend>
        {value.connections.map((connection, index) => (
          <div key={index} className={`${block}__row`}>
            <input
              name={`connections.${index}.name`}
              aria-label={`Connection ${index + 1} name`}
              placeholder="name"
              value={connection.name}
              onChange={edit(index, 'name')}
            />
            <input
              name={`connections.${index}.url`}
              aria-label={`Connection ${index + 1} URL`}
              placeholder="https://..."
              type="url"
              value={connection.url}
              onChange={edit(index, 'url')}
            />
            <button
              type="button"
              onClick={() =>
                update({ ...value, connections: value.connections.filter((_, at) => at !== index) })
              }
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() => update({ ...value, connections: [...value.connections, { name: '', url: '' }] })}
        >
          Add connection
        </button>
      </fieldset>
    </form>
  );
}
