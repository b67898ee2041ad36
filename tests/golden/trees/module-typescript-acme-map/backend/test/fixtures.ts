// Fixtures of the backend tests (seeded once; yours to edit): a stand-in frontend build and an app
// built with the given settings changed, which has a MODULE_SECRET_KEY of its own.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';

import { type AppOptions, buildApp } from '../src/app.js';
import { generateKey } from '../src/contract/index.js';
import { type Settings, loadSettings } from '../src/settings.js';

/** A stand-in frontend build: module.js, module.css and build-info.json, in a folder of its own. */
export function makeDist(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'acme-map-')), 'dist');
  mkdirSync(folder);
  // the window property the bundle registers
  const scope = 'acme_map';
  writeFileSync(join(folder, 'module.js'), `window["${scope}"] = { registry: {} };\n`);
  // a class the stylesheet styles
  const widget = 'acme-map-widget';
  writeFileSync(join(folder, 'module.css'), `.${widget} { color: black; }\n`);
  writeFileSync(
    join(folder, 'build-info.json'),
    '{"buildTimestamp": "2026-01-01T00:00:00.000Z"}\n',
  );
  return folder;
}

/**
 * The settings of the tests: the defaults with `changes` (quiet logs, the frontend from `dist`, a
 * new MODULE_SECRET_KEY: `secretBox: undefined` is a backend without one).
 */
export function testSettings(changes: Partial<Settings> = {}): Settings {
  const environment = { LOG_LEVEL: 'critical', MODULE_SECRET_KEY: generateKey() };
  return { ...loadSettings(environment), frontendDist: makeDist(), ...changes };
}

/** An app of the tests, ready to be called with `inject` (close it afterwards). */
export async function makeApp(
  changes: Partial<Settings> = {},
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = buildApp(testSettings(changes), options);
  await app.ready();
  return app;
}
