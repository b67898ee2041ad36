// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/**
 * React's automatic JSX runtime, built on the host's React (window.React) for the bundle.
 *
 * react/jsx-runtime reaches React through `require("react")` and React's private internals, so
 * bundling it either throws "require is not defined" in the browser or copies React internals
 * into module.js. createElement is public API and builds the same elements: the key moves into
 * the config, everything else (children included) stays in props. Unit tests use React's own
 * runtime; only `vite build` points `react/jsx-runtime` here.
 */
import * as React from 'react';

type CreateElement = (type: unknown, props: Record<string, unknown>) => React.ReactElement;
const createElement = React.createElement as unknown as CreateElement;

export const Fragment = React.Fragment;

export function jsx(type: unknown, props: Record<string, unknown>, key?: React.Key): React.ReactElement {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export const jsxs = jsx;
