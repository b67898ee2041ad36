// The bundle's entry publishes window[SCOPE].registry with a loader per component
// (seeded once; yours to edit).
import { describe, expect, it } from 'vitest';

import { COMPONENTS, SCOPE } from './contract';

describe('module entry', () => {
  it('registers one loader per component, each resolving to { default: Component }', async () => {
    await import('./index');
    const module = (
      window as unknown as Record<string, { registry: Record<string, () => Promise<{ default: unknown }>> }>
    )[SCOPE];
    expect(Object.keys(module.registry).sort()).toEqual([...COMPONENTS].sort());
    for (const name of COMPONENTS) {
      const loaded = await module.registry[name]();
      expect(typeof loaded.default).toBe('function');
    }
  });
});
