// Unit tests of the Settings form (seeded once; yours to edit).
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { exampleExternalModule } from '../contract/examples';
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
});
