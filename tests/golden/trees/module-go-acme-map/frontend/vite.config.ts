// Build of the module bundle (template-owned; `scaffold upgrade` merges template changes with yours).
//
// The platform loads dist/module.js as a classic script, then dist/module.css from beside it.
// The rules below come from the contract (src/contract/, generated): an IIFE, not ESM; the host's
// libraries (React, ReactDOM, @ui-kit/ui, ...) read from window globals, never bundled; React's
// JSX runtime replaced by one built on the host's React; process.env.NODE_ENV defined, because a
// library build leaves it in and the browser has no `process`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { HOST_GLOBALS, JSX_RUNTIME_IMPORTS } from './src/contract/host-globals.ts';

const jsxRuntime = fileURLToPath(new URL('./src/contract/jsx-runtime.ts', import.meta.url));

/** dist/build-info.json: the backend publishes its buildTimestamp so URLs of this build can be cached. */
function buildInfo(): Plugin {
  return {
    name: 'module-build-info',
    apply: 'build',
    generateBundle() {
      const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
        version: string;
      };
      const epoch = process.env.SOURCE_DATE_EPOCH;
      const time = epoch ? new Date(Number(epoch) * 1000) : new Date();
      const info = { version: pkg.version, buildTimestamp: time.toISOString() };
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: `${JSON.stringify(info, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), buildInfo()],
  define: mode === 'test' ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    alias: mode === 'test' ? [] : JSX_RUNTIME_IMPORTS.map((find) => ({ find, replacement: jsxRuntime })),
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    lib: {
      entry: 'src/index.ts',
      formats: ['iife'],
      name: 'module',
      fileName: () => 'module.js',
      cssFileName: 'module',
    },
    rollupOptions: {
      external: Object.keys(HOST_GLOBALS),
      output: { globals: HOST_GLOBALS },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
