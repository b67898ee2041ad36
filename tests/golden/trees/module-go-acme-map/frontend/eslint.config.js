// Lint rules of the frontend (template-owned; `scaffold upgrade` merges template changes with yours).
// `npm run lint` runs this with --max-warnings 0, then `prettier --check .`; CI runs it too.
//
// - typescript-eslint's type-checked recommended rules, with types from tsconfig.json (src/) and
//   tsconfig.node.json (vite.config.ts, which runs in Node);
// - eslint-plugin-react-hooks' recommended rules: the Rules of Hooks and the React Compiler's
//   checks (no ref read or written during render, no synchronous setState in an effect, ...);
// - plain JavaScript (this file, scripts/) gets ESLint's recommended rules without type checks.
//
// A disable comment must name a rule of a plugin configured here, or ESLint reports it as an error.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'dist/',
    // Generated `declare module` stand-ins for the private host packages: tsconfig.json resolves
    // them only through `paths` until the real packages are installed, so they belong to no
    // TypeScript project that type-aware rules could read. The rest of src/contract/ is linted.
    'src/contract/stand-ins/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vite.config.ts'],
          defaultProject: 'tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
]);
