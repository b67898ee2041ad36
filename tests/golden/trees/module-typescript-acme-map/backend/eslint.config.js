// Lint rules of the module backend (template-owned; `scaffold upgrade` merges template changes
// with yours). `npm run lint` runs this with --max-warnings 0, then `prettier --check .`; CI too.
//
// - typescript-eslint's type-checked recommended rules, with types from tsconfig.json (src/, test/
//   and vitest.config.ts); src/contract/ (generated) is linted like your code;
// - plain JavaScript (this file) gets ESLint's recommended rules without type checks.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // a parameter a method must take but does not use yet is named with a leading underscore
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
