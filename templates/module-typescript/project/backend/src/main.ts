/**
 * `npm start`: serve the module backend on HOST:PORT, default 127.0.0.1:8090 (template-owned).
 *
 * The module backend's default port differs from a data source plugin's (8080), so both run side by
 * side on one machine. A setting that is not allowed ends the start with one line and exit code 2;
 * an address that cannot be listened on (a port already taken, say) with one line naming HOST or
 * PORT and exit code 1, as the Python backend ends.
 *
 * SIGTERM (or Ctrl-C) stops it gracefully (serveUntilStopped): /readyz answers 503 from the first
 * moment while new requests are still served for SHUTDOWN_DRAIN_SECONDS (0 by default, 5 in the
 * container image), then the listener closes and requests in flight get SHUTDOWN_GRACE_SECONDS to
 * finish; at its end a handler still running has its call.signal aborted and its caller is
 * answered 503 (shutdown.ts); the process exits 0 (1 when a connection was still open a second later).
 */
import { ConfigurationError, type ServiceState, serveUntilStopped } from './contract/index.js';
import { buildApp } from './app.js';
import { type Settings, loadSettings } from './settings.js';

/** Why HOST:PORT could not be listened on (a sentence naming the setting to change), or undefined. */
function addressProblem(error: unknown, host: string, port: number): string | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  switch (code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; set PORT to a free port`;
    case 'EACCES':
      return `port ${port} on ${host} needs privileges; set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine; set HOST to one`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST '${host}' is not an address of this machine; set HOST to one (e.g. 127.0.0.1)`;
    default:
      return typeof code === 'string' && code.startsWith('E')
        ? `cannot listen on ${host}:${port} (${String(message)}); check HOST and PORT`
        : undefined;
  }
}

async function main(): Promise<number> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
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
    const problem = addressProblem(error, settings.host, settings.port);
    if (problem === undefined) {
      throw error;
    }
    process.stderr.write(`${settings.name}: cannot start: ${problem}\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`error: ${text}\n`);
    process.exit(1);
  },
);
