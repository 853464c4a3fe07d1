// The installable, offline game page (Node-only, read by vite.config.ts): vite-plugin-pwa writes the web
// app manifest (manifest.webmanifest; "manifest" alone already names the custom-elements manifest here)
// and, with Workbox's generateSW, a service worker (sw.js) that precaches everything a game needs: the
// page, its scripts and styles, the engine builds, the network, the book, the practice puzzles, the page's font
// and the icons.
// Precached responses are kept as the server sent them, the cross-origin isolation headers included, so
// the page served from the cache offline is still isolated and the search keeps its threads.
//
// The page registers the worker itself (web/app/app-updates.ts, workbox-window) and only in a build:
// the board element never registers one. A new version waits until the player takes it (registerType
// 'prompt': no skipWaiting), so nothing reloads in the middle of a game.
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Paper and cinnabar, as the page's styles.css and the seal (web/public/icons/seal.svg). */
const PAPER = '#f3ecdf';
const CINNABAR = '#a8332a';

/** The largest file to precache: the engine's JS build is ~100 kB, the network ~320 kB; room to grow. */
const LARGEST_FILE = 8 * 1024 * 1024;

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  filename: 'sw.js',
  // The icons are in the precache by the glob below already.
  includeManifestIcons: false,
  manifest: {
    name: '象棋 · Xiangqi',
    short_name: '象棋',
    description:
      'Xiangqi (Chinese chess) against a WebAssembly engine that runs on the device: play, analyse and review offline.',
    lang: 'zh-CN',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: PAPER,
    theme_color: CINNABAR,
    icons: [
      { src: 'icons/seal-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/seal-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/seal-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/seal.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    // Everything the game page loads; the benchmark pages (bench*.html and their scripts) stay online only.
    globPatterns: ['**/*.{html,js,css,wasm,nnue,book,txt,woff2,svg,png,webmanifest}'],
    globIgnores: ['bench*.html', 'assets/bench-*.js', '**/*.map'],
    maximumFileSizeToCacheInBytes: LARGEST_FILE,
    cleanupOutdatedCaches: true,
    // The first visit's page is controlled at once (its later fetches are served from the cache); an
    // update still waits for the player (no skipWaiting).
    clientsClaim: true,
    navigateFallback: 'index.html',
    // The API reference (npm run docs, dist/site/api/) is its own pages, not the game's.
    navigateFallbackDenylist: [/bench/, /\/api\//],
  },
};
