// Test setup (template-owned): every test starts with the platform proxy stubbed (test-proxy.ts),
// so a component that fetches from the module backend gets an answer and no test reaches the
// network; what each test rendered is unmounted and the stubs are removed after it.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { stubProxy } from './test-proxy';

beforeEach(() => {
  stubProxy();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
