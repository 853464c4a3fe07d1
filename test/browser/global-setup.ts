// Once per `vitest run`: the Vite dev server that serves the repository to the browser suites and a
// Chromium they all share (test/browser/chromium.ts, server.ts). Launching a browser and a dev server
// per file, with the dev server transforming every module of the page again, took longer than many of
// the files' tests.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/lib/chromium.ts';
import { startOwnServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string | undefined;
    devServerUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Chromium the browser files launch their own and fail with the command that installs it.
  const [browser, server] = await Promise.all([
    existsSync(CHROMIUM) ? chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }) : undefined,
    startOwnServer(),
  ]);
  if (browser) project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('devServerUrl', server.url);
  return async () => {
    await server.close();
    await browser?.close();
  };
}
