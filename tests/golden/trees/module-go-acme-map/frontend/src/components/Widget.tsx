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

/** Everything a load may depend on; build your data request from variables, from and to. */
interface LoadRequest {
  moduleId: string;
  moduleData: Record<string, unknown>;
  variables: VariableValues | null;
  from: string | null;
  to: string | null;
}

export default function Widget(props: WidgetProps) {
  const { moduleId, moduleData, variables, from, to, palette, isRefreshClicked, setRefreshClicked } = props;
  const { onFetch, onErrorChange } = props;
  const [state, setState] = useState<LoadState>({ status: '' });

  // The host may pass new callback functions on every render: the load reports to the latest ones
  // without reloading. The ref is written after each render (never during one) and read only when
  // a load settles.
  const callbacks = useRef({ onFetch, onErrorChange });
  useEffect(() => {
    callbacks.current = { onFetch, onErrorChange };
  });

  // A manual refresh is an event: count each press while rendering (React's "adjust state when a
  // prop changes"), so the load below runs once more per press; then hand the flag back.
  const [refresh, setRefresh] = useState({ pressed: false, count: 0 });
  if (refresh.pressed !== isRefreshClicked) {
    setRefresh({ pressed: isRefreshClicked, count: refresh.count + (isRefreshClicked ? 1 : 0) });
  }
  useEffect(() => {
    if (isRefreshClicked) setRefreshClicked?.(false);
  }, [isRefreshClicked, setRefreshClicked]);

  // Reload when an input changes by value; the host may pass equal but new objects every render.
  // The effect reads its inputs back from this text, so what it uses is exactly what it depends on.
  const inputs = JSON.stringify({
    moduleId,
    moduleData,
    variables,
    from: from ?? null,
    to: to ?? null,
  } satisfies LoadRequest);

  useEffect(() => {
    const request = JSON.parse(inputs) as LoadRequest;
    const controller = new AbortController();
    load(request.moduleId, request.moduleData, controller.signal).then(
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
  }, [inputs, refresh.count]);

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
