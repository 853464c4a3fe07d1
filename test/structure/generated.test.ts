// Generated files stay in step with what they are generated from (scripts/generated.ts): a changed
// declaration without `npm run generate` fails here, naming the file.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { GENERATED } from '../../scripts/generated.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('generated files are up to date (npm run generate)', () => {
  for (const file of GENERATED) {
    test(file.path, () => {
      const path = `${root}${file.path}`;
      const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
      expect(current, `${file.path} is out of date: run npm run generate`).toBe(file.update(current));
    });
  }
});
