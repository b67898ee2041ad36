// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/**
 * The module object the platform reads: after module.js runs as a classic script, window[SCOPE]
 * must hold `registry`, one loader per component name. A loader returns a promise of
 * `{ default: Component }` (the contract's recommended form).
 */
import type { ComponentType } from 'react';

import { COMPONENTS, SCOPE } from './module';
import type { SettingsProps, WidgetEditorProps, WidgetProps } from './types';

/** Props of every component the contract allows, by registry name (x-components.props). */
export interface ComponentPropsByName {
  Widget: WidgetProps;
  WidgetEditor: WidgetEditorProps;
  Settings: SettingsProps;
}

/** The components this module registers (chosen when the project was created). */
export type ModuleComponentName = (typeof COMPONENTS)[number];

/** The recommended loader: a promise of a module whose default export is the component. */
export type ComponentLoader<Name extends keyof ComponentPropsByName> = () => Promise<{
  default: ComponentType<ComponentPropsByName[Name]>;
}>;

/** One loader per registered component; the type checker rejects a missing or misspelt one. */
export type ModuleRegistry = { [Name in ModuleComponentName]: ComponentLoader<Name> };

/** What window[SCOPE] holds. */
export interface ModuleObject {
  registry: ModuleRegistry;
}

/**
 * Publish the module as window[SCOPE] (other properties already there are kept) and return it.
 * `target` is for tests; the platform reads `window`.
 */
export function registerModule(
  registry: ModuleRegistry,
  target: Record<string, unknown> = window as unknown as Record<string, unknown>,
): ModuleObject {
  const existing = target[SCOPE];
  const module = (typeof existing === 'object' && existing !== null ? existing : {}) as ModuleObject;
  module.registry = registry;
  target[SCOPE] = module;
  return module;
}
