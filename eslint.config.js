// ESLint over the TypeScript and JavaScript of every layer but the engine core (`npm run lint` runs it
// after Prettier's check, and `npm test` runs the lint first). assembly/ is AssemblyScript: its i32/u8
// types and load/store builtins are not TypeScript's, so it gets the formatter alone.
// TypeScript files get typescript-eslint's strict type-checked rules, read through tsconfig.json; the
// few settings below are where this code base's habits differ from the rule set's defaults, each with
// its reason. Plain JavaScript (the build scripts) gets the untyped recommended rules.
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
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Under noUncheckedIndexedAccess, `!` is how the code says an index is in range (a typed
      // array's square, a list's checked length); the alternative is a run-time check in hot paths.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers and booleans print as themselves in a message or a table.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/restrict-plus-operands': ['error', { allowNumberAndString: true }],
      // `() => element.focus()` says "do this" as plainly as a block would.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Spreading a string gives its code points, which is what the board and notation code wants:
      // FEN and ICCS are ASCII, and Han characters are single code points.
      '@typescript-eslint/no-misused-spread': ['error', { allow: [{ from: 'lib', name: 'string' }] }],
      // Unused names are the compiler's job (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      // TypeScript checks names itself; ESLint's no-undef does not know its types and globals.
      'no-undef': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.recommended, tseslint.configs.disableTypeChecked] },
  { languageOptions: { ecmaVersion: 2022, sourceType: 'module' } },
  // The plain scripts run in Node; the test workers in a worker.
  { files: ['bin/**/*.js', 'scripts/**/*.js', 'test/**/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['test/hardening/fixtures/workers/*.js'], languageOptions: { globals: globals.worker } },
);
