// The game page (web/index.html): `vite` serves it for development, `vite build` writes the static
// site to dist/site/ (relative URLs, so any static file server and any sub-path will do). The board's
// one-script-tag bundle has its own config (vite.board.config.ts), which empties dist/ first: build the
// board before the site.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './web/app/build/pwa.ts';

const repo = fileURLToPath(new URL('.', import.meta.url));
// Cross-origin isolation: SharedArrayBuffer and shared wasm memory, so the engine can search with
// several threads (credentialless keeps cross-origin images and fonts loading without CORP headers).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  base: './',
  // The benchmark pages (web/bench.html, web/bench-threads.html) run code of the bench layer
  // (bench/page/), outside the site's root: the build follows their relative script paths, and the
  // development server finds them at /bench/page/ through this alias.
  resolve: { alias: [{ find: /^\/bench\/page\//, replacement: `${repo}bench/page/` }] },
  // The installed app's icons (web/public/icons), copied as they are.
  publicDir: fileURLToPath(new URL('./web/public', import.meta.url)),
  // The web app manifest and the service worker (web/app/build/pwa.ts).
  plugins: [VitePWA(pwaOptions)],
  server: {
    // The engine builds live in build/, outside the page's folder.
    fs: { allow: [repo] },
    headers: isolation,
  },
  preview: { headers: isolation },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/site', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The engine's builds are fetched by URL; never inline them.
    assetsInlineLimit: 0,
    sourcemap: true,
    // The game, and the benchmark pages (wasm vs JS, and 1 thread vs several, in this browser).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        bench: fileURLToPath(new URL('./web/bench.html', import.meta.url)),
        'bench-threads': fileURLToPath(new URL('./web/bench-threads.html', import.meta.url)),
      },
    },
  },
});
