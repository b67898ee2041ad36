// `npm run dev` (template-owned): the plugin on HOST:PORT, rebuilt and restarted on every save,
// with the project's own tools and settings only (the same two processes `scaffold dev` runs):
//
// - `tsc -p tsconfig.build.json --watch` compiles src/ to dist/ on every save (what `npm run
//   build` does once);
// - `node --watch-path dist --watch-path locales dist/main.js` (what `npm start` runs) restarts
//   when dist/ or locales/ change; Node's watch mode waits for the writes of one compile to end.
//
// dist/ is brought up to date first (a project that does not compile stops here, with tsc's
// errors); both compile incrementally with the build info in dist/, so the watch build starts
// without rewriting dist/ and the service is not restarted right after its start. Ctrl-C (or
// SIGTERM) stops both; when one of them ends, the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';

const TSC = 'node_modules/typescript/bin/tsc';
const BUILD = [
  '-p',
  'tsconfig.build.json',
  '--incremental',
  '--tsBuildInfoFile',
  'dist/.tsbuildinfo',
];

const first = spawnSync(process.execPath, [TSC, ...BUILD], { stdio: 'inherit' });
if (first.status !== 0) {
  process.exit(first.status ?? 1);
}

const children = [
  spawn(process.execPath, [TSC, ...BUILD, '--watch', '--preserveWatchOutput'], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path', 'dist', '--watch-path', 'locales', 'dist/main.js'], {
    stdio: 'inherit',
  }),
];
let stopping = false;
const stop = (code) => {
  if (!stopping) {
    stopping = true;
    process.exitCode = code;
    for (const child of children) {
      child.kill('SIGTERM');
    }
  }
};
for (const child of children) {
  child.on('exit', (code) => stop(code ?? 0));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
