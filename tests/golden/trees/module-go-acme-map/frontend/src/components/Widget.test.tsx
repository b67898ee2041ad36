// Unit tests of the Widget (seeded once; yours to edit).
//
// The first group holds for any Widget, whatever data it loads: keep it when you replace the demo.
// The second tests the demo (moduleData.message, askBackend): replace it with tests of yours. The
// platform proxy is stubbed for every test (test-setup.ts); stubProxy(routes) chooses its answers.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { WidgetProps } from '../contract';
import { exampleIModuleWidgetData, exampleIPalette, exampleVariableValues } from '../contract/examples';
import { stubProxy } from '../test-proxy';
import Widget from './Widget';

function widgetProps(changes: Partial<WidgetProps> = {}): WidgetProps {
  return {
    moduleId: exampleIModuleWidgetData.moduleId,
    moduleData: { message: 'Hello' },
    palette: exampleIPalette.colors,
    id: 'widget-1',
    variables: exampleVariableValues,
    // ISO 8601 instants, as the host passes them (x-scaffold-decision on WidgetProps.from)
    from: '2026-03-14T09:00:00.000Z',
    to: '2026-03-15T09:00:00.000Z',
    isDashboardEdit: false,
    isWidgetEdit: false,
    isRefreshClicked: false,
    setRefreshClicked: vi.fn(),
    onErrorChange: vi.fn(),
    onFetch: vi.fn(),
    ...changes,
  };
}

describe('Widget, as the contract asks', () => {
  it('reports each load with onFetch and onErrorChange, and they agree', async () => {
    const props = widgetProps();
    render(<Widget {...props} />);
    await waitFor(() => expect(props.onFetch).toHaveBeenCalledTimes(1));
    const failed = vi.mocked(props.onFetch).mock.calls[0][0] === 'fetchLinerError';
    expect(props.onErrorChange).toHaveBeenLastCalledWith(failed);
  });

  it('reloads on a manual refresh and resets the flag', async () => {
    const props = widgetProps({ isRefreshClicked: true });
    render(<Widget {...props} />);
    await waitFor(() => expect(props.setRefreshClicked).toHaveBeenCalledWith(false));
  });

  it('reloads once per refresh press, and not for equal props', async () => {
    const props = widgetProps();
    const { rerender } = render(<Widget {...props} />);
    await waitFor(() => expect(props.onFetch).toHaveBeenCalledTimes(1));
    rerender(<Widget {...props} isRefreshClicked />);
    await waitFor(() => expect(props.onFetch).toHaveBeenCalledTimes(2));
    rerender(<Widget {...props} isRefreshClicked={false} />);
    rerender(<Widget {...props} moduleData={structuredClone(props.moduleData)} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(props.onFetch).toHaveBeenCalledTimes(2);
  });

  it('reports to the callbacks of the latest render, without reloading for them', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubProxy({}, () => new Promise<Response>((resolve) => (answer = resolve)));
    const first = widgetProps({ moduleData: { askBackend: true } });
    const { rerender } = render(<Widget {...first} />);
    const latest = widgetProps({ moduleData: { askBackend: true } });
    rerender(<Widget {...latest} />);
    answer(new Response(JSON.stringify({ status: 'ok', message: 'Backend says hi' })));
    await waitFor(() => expect(latest.onFetch).toHaveBeenCalledTimes(1));
    expect(first.onFetch).not.toHaveBeenCalled();
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});

describe('the demo Widget', () => {
  it('shows moduleData, the range and the variables, and reports a successful load', async () => {
    const props = widgetProps();
    render(<Widget {...props} />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(screen.getByText('2026-03-14T09:00:00.000Z → 2026-03-15T09:00:00.000Z')).toBeTruthy();
    expect(screen.getByText('region')).toBeTruthy();
    expect(props.onFetch).toHaveBeenCalledWith('fetchLinerSuccess');
    expect(props.onErrorChange).toHaveBeenCalledWith(false);
  });

  it('works with the spec example moduleData and no variables', async () => {
    const props = widgetProps({ moduleData: exampleIModuleWidgetData.moduleData, variables: null });
    render(<Widget {...props} />);
    await waitFor(() => expect(props.onFetch).toHaveBeenCalledWith('fetchLinerSuccess'));
  });

  it('reports unusable moduleData as a failed load and an error', async () => {
    const props = widgetProps({ moduleData: { message: 42 } });
    render(<Widget {...props} />);
    expect((await screen.findByRole('alert')).textContent).toContain('moduleData.message');
    expect(props.onFetch).toHaveBeenCalledWith('fetchLinerError');
    expect(props.onErrorChange).toHaveBeenCalledWith(true);
  });

  it('asks the backend through the platform proxy when askBackend is set', async () => {
    const calls = stubProxy({
      'POST api/v1/demo/status': { status: 'ok', message: 'Backend says hi' },
    });
    const props = widgetProps({ moduleId: 'm-1', moduleData: { message: 'ping', askBackend: true } });
    render(<Widget {...props} />);
    expect(await screen.findByText('Backend says hi')).toBeTruthy();
    expect(calls).toEqual([
      {
        moduleId: 'm-1',
        method: 'POST',
        path: 'api/v1/demo/status',
        query: '',
        body: { payload: { message: 'ping' } },
      },
    ]);
  });

  it('reports a failing backend', async () => {
    stubProxy({ 'api/v1/demo/status': new Response('{}', { status: 502 }) });
    const props = widgetProps({ moduleData: { askBackend: true } });
    render(<Widget {...props} />);
    await waitFor(() => expect(props.onFetch).toHaveBeenCalledWith('fetchLinerError'));
    expect(props.onErrorChange).toHaveBeenCalledWith(true);
  });
});
