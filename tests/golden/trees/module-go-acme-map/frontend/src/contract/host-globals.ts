// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/**
 * Libraries the host page provides as window globals (the contract's "Host runtime globals").
 * vite.config.ts marks these imports external and reads them from the globals, so module.js
 * holds no copy of them; install them as devDependencies only, for types and tests.
 */
export const HOST_GLOBALS: Record<string, string> = {
  react: 'React',
  'react-dom': 'ReactDOM',
  'react-dom/client': 'ReactDOM',
  '@ui-kit/ui': 'UiKit',
  '@platform/frontend-shared': 'FrontendShared',
  'react-hook-form': 'ReactHookForm',
  '@dnd-kit/core': 'DnDKitCore',
  '@dnd-kit/sortable': 'DnDKitSortable',
  '@dnd-kit/utilities': 'DnDKitUtilities',
};

/** The version of each host library on the host page. */
export const HOST_VERSIONS: Record<string, string> = {
  react: '18.3.1',
  'react-dom': '18.2.x',
  '@ui-kit/ui': '1.17.1',
  '@platform/frontend-shared': '1.3.53',
  'react-hook-form': '7.54.2',
  '@dnd-kit/core': '6.3.1',
  '@dnd-kit/sortable': '10.0.0',
  '@dnd-kit/utilities': '3.2.2',
};

/** React's JSX runtime imports; the build points them at ./jsx-runtime.ts (see there why). */
export const JSX_RUNTIME_IMPORTS = ['react/jsx-runtime'];
