/**
 * `npm start`: the plugin on HOST:PORT (template-owned).
 *
 * On SIGTERM or SIGINT, /readyz answers 503 at once (the platform stops sending new requests),
 * requests in flight get SHUTDOWN_GRACE_SECONDS to finish, then the process exits. A setting that is
 * not allowed or a data source that misses an operation ends the start with one line and exit 1.
 */
import { ConfigurationError, type ServiceState, StartupError } from './contract/index.js';
import { buildApp } from './app.js';
import { loadSettings } from './settings.js';

async function main(): Promise<void> {
  const settings = loadSettings();
  const state: ServiceState = { stopping: false };
  const app = buildApp(settings, { state });
  const stop = (signal: string): void => {
    if (state.stopping) {
      return;
    }
    state.stopping = true;
    app.log.info(`${signal}: /readyz answers 503 while requests finish`);
    const deadline = setTimeout(() => {
      app.log.warn('requests still running at the end of SHUTDOWN_GRACE_SECONDS: exiting');
      process.exit(1);
    }, settings.shutdownGraceSeconds * 1000);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    await app.listen({ host: settings.host, port: settings.port });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') {
      throw new ConfigurationError(`port ${settings.port} is in use: set PORT to a free port`);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError || error instanceof StartupError) {
    process.stderr.write(`error: ${error.message}\n`);
  } else {
    process.stderr.write(
      `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
