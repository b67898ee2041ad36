// The Settings: the module's own settings form (seeded once; yours to edit).
//
// Contract rules: `settings` (any JSON) is the current saved state and the single source of truth;
// call onChange(newSettings) on every change; do not save anything yourself. The platform hands
// these settings to the backend as moduleContext on proxied calls. This example keeps a list of
// connections, a common shape; change it freely.
//
// A secret (the API key) is never handed to onChange as typed: when its field is left, the
// module's backend encrypts it (encryptSecret, POST /api/v1/secrets through the proxy) and the
// token is what the settings hold, so the platform stores and shows only the token; the backend
// decrypts it before its endpoints read moduleContext (README, "Secrets in the module's settings").
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';

import { encryptSecret } from '../api';
import type { SettingsProps } from '../contract';
import './Settings.css';

const block = 'acme-map-settings';

export interface Connection {
  name: string;
  url: string;
  apiKey?: string; // an enc:v1: token made by the module's backend, never the key as typed
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

/** The secret property of a connection: the name its token is bound to in the backend. */
const SECRET = 'apiKey';

export default function Settings({ settings, moduleId, onChange }: SettingsProps) {
  const [value, setValue] = useState(() => readSettings(settings));
  // API keys typed and not yet encrypted, by connection: kept here only, never passed to onChange.
  const [typed, setTyped] = useState<Readonly<Record<number, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // The settings as they are when an encryption answers (the user may have edited meanwhile).
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

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

  async function seal(index: number) {
    const secret = typed[index];
    if (!secret) return;
    try {
      const token = await encryptSecret(moduleId, SECRET, secret);
      setTyped((before) => Object.fromEntries(Object.entries(before).filter(([at]) => Number(at) !== index)));
      setProblem(null);
      const connections = latest.current.connections.map((connection, at) =>
        at === index ? { ...connection, [SECRET]: token } : connection,
      );
      update({ ...latest.current, connections });
    } catch (error) {
      setProblem(`The API key was not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
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
            <input
              name={`connections.${index}.${SECRET}`}
              aria-label={`Connection ${index + 1} API key`}
              type="password"
              autoComplete="off"
              placeholder={connection[SECRET] ? 'saved, encrypted; type to replace' : 'API key'}
              value={typed[index] ?? ''}
              onChange={(event) => setTyped({ ...typed, [index]: event.target.value })}
              onBlur={() => void seal(index)}
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
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}
