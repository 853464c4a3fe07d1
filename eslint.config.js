// ESLint over the TypeScript and JavaScript of every layer but the engine core (`npm run lint` runs it
// after Prettier's check, and `npm test` runs the lint first). assembly/ is AssemblyScript: its i32/u8
// types and load/store builtins are not TypeScript's, so it gets the formatter alone.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'assembly/**',
      'build/**',
      'build-sp/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'test/scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // Unused names are the compiler's job (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  // TypeScript checks names itself; ESLint's no-undef does not know its types and globals.
  { files: ['**/*.ts'], rules: { 'no-undef': 'off' } },
  // The plain scripts run in Node; the test workers in a worker.
  { files: ['bin/**/*.js', 'scripts/**/*.js', 'test/**/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['test/hardening/fixtures/workers/*.js'], languageOptions: { globals: globals.worker } },
);
