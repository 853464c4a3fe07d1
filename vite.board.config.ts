// Build of <xiangqi-board> for pages that load it with one script tag: dist/xiangqi-board.js, one ES
// module with Lit and the engine adapter inside, and its search worker beside it, plus
// dist/custom-elements.json and dist/demo.css (the demo page's styles). The package's modules and their
// declarations (dist/board, dist/engine, dist/notation) come after, from scripts/build-package.js.
//
// The engine builds and the network are not copied into dist/: the bundle and its worker find the
// package's one copy of each, build/engine.wasm, build/engine.js, build/engine.threads.wasm and
// nnue/xiangqi.nnue (which the modules and the UCI engine use too), by `new URL('../build/...',
// import.meta.url)`, so the package ships each of them once. A static server serving the package
// folder serves them as they are, and a bundler that builds a page from the bundle follows those URLs
// as it follows the modules' own.
//
// Not Vite's library mode on purpose: library mode inlines every `new URL(..., import.meta.url)`
// asset as base64, which would put the whole engine inside the script.
import { copyFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';
import { writeBoardMetadata } from './web/board/build/editor-data.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Points the engine adapter's `new URL('../../build/engine.wasm', import.meta.url)` (and the network's)
 * at the package's own files, relative to dist/ where the bundle and worker land, and tells Vite not to
 * emit hashed copies of them (`@vite-ignore`). Only package files outside web/ are rewritten; anything
 * else keeps Vite's usual handling.
 */
function packageAssets(): Plugin {
  const pattern = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: 'xiangqi-board-package-assets',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(join(root, 'web/')) || !/\.ts$/.test(id)) return null;
      const out = code.replace(pattern, (whole, _quote: string, url: string) => {
        const file = resolve(dirname(id), url);
        const fromRoot = relative(root, file).split('\\').join('/');
        if (!/^(build|nnue|book)\//.test(fromRoot)) return whole;
        return `new URL(/* @vite-ignore */ '../${fromRoot}', import.meta.url)`;
      });
      return out === code ? null : { code: out, map: null };
    },
    // On the written code: the minifier keeps the comments above in the worker, where a bundler
    // building a page from these files would then skip the engine files: drop them. And it drops the
    // ones on the import() of the engine's JS build (load.ts), which tell bundlers not to look into a
    // URL known only when the page runs (webpack warns "Critical dependency" and takes in a folder
    // without them): put them back on every import() of something other than a string.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunk.code = chunk.code
          .split('/* @vite-ignore */')
          .join('')
          .replace(/\bimport\((?!\s*['"`])/g, 'import(/* @vite-ignore */ /* webpackIgnore: true */ ');
      }
    },
  };
}

/** After the bundle is written: the custom-elements manifest and the editors' data made from it beside it. */
function boardMetadata(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'xiangqi-board-metadata',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    closeBundle() {
      if (!config.build.write) return;
      const outDir = resolve(config.root, config.build.outDir);
      // custom-elements.json (web/board/build/manifest.ts), vscode.html-custom-data.json and web-types.json (editor-data.ts).
      writeBoardMetadata(root, outDir);
      // web/demo.html loads ../dist/demo.css: its styles live in a file so the demo runs under a
      // strict CSP (no inline styles), and only dist/ is served beside the page.
      copyFileSync(join(root, 'web/demo.css'), join(outDir, 'demo.css'));
    },
  };
}

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  plugins: [packageAssets(), boardMetadata()],
  worker: {
    format: 'es',
    plugins: () => [packageAssets()],
    rolldownOptions: {
      // A worker's chunks (the endgame tables' module, which the search worker loads with the first
      // table) are named like the workers, so the package's `dist/xiangqi-worker-*.js` ships them.
      output: {
        entryFileNames: 'xiangqi-[name]-[hash].js',
        chunkFileNames: 'xiangqi-worker-[name]-[hash].js',
        assetFileNames: 'xiangqi-[name]-[hash][extname]',
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: '',
    // Nothing referenced by URL is inlined as base64.
    assetsInlineLimit: 0,
    // Maps for debugging here; not referenced from the bundle, which ships without them.
    sourcemap: 'hidden',
    rolldownOptions: {
      input: { 'xiangqi-board': 'web/board/index.ts' },
      // Keep the entry's exports (XiangqiBoard, setDefaultMoveProvider, ...) for module users.
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        assetFileNames: 'xiangqi-[name]-[hash][extname]',
      },
    },
  },
});
