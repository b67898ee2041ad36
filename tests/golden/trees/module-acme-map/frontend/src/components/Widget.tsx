// The Widget: what a dashboard shows (seeded once; yours to edit).
//
// Contract rules: moduleData is the main configuration; variables, from and to drive the data
// request; report the load with onFetch('fetchLinerSuccess' | 'fetchLinerError') and errors with
// onErrorChange(boolean); a manual refresh (isRefreshClicked) reloads and is reset with
// setRefreshClicked(false).
import { useEffect, useRef, useState } from 'react';

import { postDemoStatus } from '../api';
import type { FETCH_STATUSES, VariableValues, WidgetProps } from '../contract';
import { readWidgetData } from './widget-data';
import './Widget.css';

const block = 'acme-map-widget';

interface LoadState {
  status: FETCH_STATUSES;
  text?: string;
  error?: string;
}

async function load(
  moduleId: string,
  moduleData: Record<string, unknown>,
  signal: AbortSignal,
): Promise<string> {
  const data = readWidgetData(moduleData);
  if (!data.askBackend) return data.message;
  const answer = await postDemoStatus(moduleId, { message: data.message }, signal);
  return answer.message;
}

function show(value: VariableValues[string]): string {
  if (value === null) return '—';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export default function Widget(props: WidgetProps) {
  const { moduleId, moduleData, variables, from, to, palette, isRefreshClicked, setRefreshClicked } = props;
  const [state, setState] = useState<LoadState>({ status: '' });
  const [round, setRound] = useState(0);
  // The host may pass new callback functions on every render: use the latest without reloading.
  const callbacks = useRef(props);
  callbacks.current = props;
  // Reload when an input changes by value; the host may pass equal but new objects every render.
  const inputs = JSON.stringify([moduleId, moduleData, variables, from ?? null, to ?? null]);

  useEffect(() => {
    if (!isRefreshClicked) return;
    setRound((value) => value + 1);
    setRefreshClicked?.(false);
  }, [isRefreshClicked, setRefreshClicked]);

  useEffect(() => {
    const controller = new AbortController();
    load(moduleId, moduleData, controller.signal).then(
      (text) => {
        if (controller.signal.aborted) return;
        setState({ status: 'fetchLinerSuccess', text });
        callbacks.current.onFetch('fetchLinerSuccess');
        callbacks.current.onErrorChange(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'fetchLinerError',
          error: error instanceof Error ? error.message : String(error),
        });
        callbacks.current.onFetch('fetchLinerError');
        callbacks.current.onErrorChange(true);
      },
    );
    return () => controller.abort();
  }, [inputs, round]); // eslint-disable-line react-hooks/exhaustive-deps

  const accent = { borderColor: palette[0] ?? 'currentColor' };
  return (
    <section className={block} style={accent} aria-busy={state.status === ''}>
      {state.status === 'fetchLinerError' ? (
        <p className={`${block}__error`} role="alert">
          {state.error}
        </p>
      ) : (
        <p className={`${block}__message`}>{state.text ?? '…'}</p>
      )}
      <p className={`${block}__range`}>
        {from ?? 'dashboard start'} → {to ?? 'now'}
      </p>
      {variables && Object.keys(variables).length > 0 && (
        <ul className={`${block}__variables`}>
          {Object.entries(variables).map(([name, value]) => (
            <li key={name}>
              <span className={`${block}__variable`}>{name}</span> {show(value)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
