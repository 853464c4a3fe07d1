// Chromium for the test files: one browser for the whole run, launched by the global setup
// (test/browser/global-setup.ts) and reached over its endpoint, instead of a browser a file; a
// file's `close()` then closes only its own contexts. A file that gives the browser an environment
// of its own (fonts) launches its own, as does a file run outside vitest's global setup.
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium as launchOwn } from '../../bench/lib/chromium.ts';

export function launchChromium(env?: Record<string, string>): Promise<Browser> {
  const endpoint = env ? undefined : inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchOwn(env);
}
