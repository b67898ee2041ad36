/**
 * `npm start`: the plugin on HOST:PORT (template-owned).
 *
 * On SIGTERM or SIGINT (serveUntilStopped, as a Go or Python plugin stops): /readyz answers 503
 * while the plugin still serves for SHUTDOWN_DRAIN_SECONDS, then the listener closes and requests
 * in flight get SHUTDOWN_GRACE_SECONDS to finish; at its end their signals are aborted and they are
 * answered 503. Exit 0, or 1 when a request still ran a second later. A setting that is not
 * allowed or a data source that misses an operation ends the start with one line and exit 1.
 */
import {
  ConfigurationError,
  type ServiceState,
  StartupError,
  serveUntilStopped,
} from './contract/index.js';
import { buildApp } from './app.js';
import { loadSettings } from './settings.js';

async function main(): Promise<number> {
  const settings = loadSettings();
  const state: ServiceState = { stopping: false };
  const app = buildApp(settings, { state });
  try {
    return await serveUntilStopped(app, {
      host: settings.host,
      port: settings.port,
      state,
      drainSeconds: settings.shutdownDrainSeconds,
      graceSeconds: settings.shutdownGraceSeconds,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') {
      throw new ConfigurationError(`port ${settings.port} is in use: set PORT to a free port`);
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigurationError || error instanceof StartupError) {
      process.stderr.write(`error: ${error.message}\n`);
    } else {
      process.stderr.write(
        `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
