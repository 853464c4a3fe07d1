// Debian's Chromium driven by playwright-core (test tools cannot download their own browsers here).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Headless on a machine with no GPU and no network but localhost. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** `env`: the browser's environment (e.g. FONTCONFIG_FILE for a set of fonts of its own); this process's by default. */
export function launchChromium(env?: Record<string, string>): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...(env ? { env } : {}),
  });
}
