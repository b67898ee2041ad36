// Unit tests of the Settings form (seeded once; yours to edit).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { exampleExternalModule } from '../contract/examples';
import { stubProxy } from '../test-proxy';
import Settings, { readSettings } from './Settings';

describe('the demo Settings', () => {
  it('shows the saved settings and reports every change with the new settings', () => {
    const onChange = vi.fn();
    render(
      <Settings
        settings={exampleExternalModule.settings}
        moduleId={exampleExternalModule.id}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Connection 1 name' }), {
      target: { value: 'backup' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      connections: [{ name: 'backup', url: 'https://metrics.example.com' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    expect(onChange).toHaveBeenLastCalledWith({
      connections: [
        { name: 'backup', url: 'https://metrics.example.com' },
        { name: '', url: '' },
      ],
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    expect(onChange).toHaveBeenLastCalledWith({ connections: [{ name: '', url: '' }] });
  });

  it('accepts settings of any shape and keeps fields it does not know', () => {
    expect(readSettings(null)).toEqual({ connections: [] });
    expect(readSettings('text')).toEqual({ connections: [] });
    expect(readSettings({ theme: 'dark', connections: [{ name: 1 }] })).toEqual({
      theme: 'dark',
      connections: [{ name: '', url: '' }],
    });
  });

  it('keeps its edits when the host passes equal settings again', () => {
    const settings = { connections: [{ name: 'main', url: '' }] };
    const { rerender } = render(<Settings settings={settings} moduleId="m" onChange={vi.fn()} />);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Connection 1 name' });
    fireEvent.change(name, { target: { value: 'backup' } });
    rerender(<Settings settings={structuredClone(settings)} moduleId="m" onChange={vi.fn()} />);
    expect(name.value).toBe('backup');
  });

  it('follows new settings from the host', () => {
    const { rerender } = render(<Settings settings={{}} moduleId="m" onChange={vi.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    rerender(
      <Settings settings={{ connections: [{ name: 'main', url: '' }] }} moduleId="m" onChange={vi.fn()} />,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Connection 1 name' }).value).toBe('main');
  });

  it('saves an API key only as the token the backend encrypted it to', async () => {
    const calls = stubProxy({ 'POST api/v1/secrets': { value: 'enc:v1:TOKEN' } });
    const onChange = vi.fn();
    const settings = { connections: [{ name: 'main', url: 'https://sales.example.com' }] };
    render(<Settings settings={settings} moduleId="m-1" onChange={onChange} />);
    const key = screen.getByLabelText<HTMLInputElement>('Connection 1 API key');
    fireEvent.change(key, { target: { value: 's3cret' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(key);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        connections: [{ name: 'main', url: 'https://sales.example.com', apiKey: 'enc:v1:TOKEN' }],
      }),
    );
    expect(calls[0]).toEqual(
      expect.objectContaining({
        moduleId: 'm-1',
        path: 'api/v1/secrets',
        body: { payload: { name: 'apiKey', value: 's3cret' } },
      }),
    );
    expect(JSON.stringify(onChange.mock.calls)).not.toContain('s3cret');
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('saved, encrypted; type to replace');
  });

  it('says so and saves nothing when the backend cannot encrypt', async () => {
    stubProxy({ 'POST api/v1/secrets': new Response('{"error":true}', { status: 503 }) });
    const onChange = vi.fn();
    render(
      <Settings settings={{ connections: [{ name: 'main', url: '' }] }} moduleId="m" onChange={onChange} />,
    );
    const key = screen.getByLabelText('Connection 1 API key');
    fireEvent.change(key, { target: { value: 's3cret' } });
    fireEvent.blur(key);
    expect((await screen.findByRole('alert')).textContent).toContain('The API key was not saved');
    expect(onChange).not.toHaveBeenCalled();
  });
});
