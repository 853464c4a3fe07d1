// Build of <xiangqi-board> for pages that load it with one script tag: dist/xiangqi-board.js, one ES
// module with Lit and the engine adapter inside, the engine builds (wasm, JS) emitted beside it, plus
// dist/custom-elements.json and dist/demo.css (the demo page's styles). The package's modules and their
// declarations (dist/board, dist/engine, dist/notation) come after, from scripts/build-package.js.
//
// Not Vite's library mode on purpose: library mode inlines every `new URL(..., import.meta.url)`
// asset as base64, which would put the whole engine inside the script. An ordinary build with a
// relative base keeps engine.wasm a separate file that the module finds relative to itself.
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';
import { writeBoardMetadata } from './web/board/build/manifest.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

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
      // custom-elements.json, vscode.html-custom-data.json and web-types.json (web/board/build/manifest.ts).
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
  plugins: [boardMetadata()],
  // The worker bundle names its engine assets like the main bundle, so both share one file.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: { entryFileNames: 'xiangqi-[name]-[hash].js', assetFileNames: 'xiangqi-[name]-[hash][extname]' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: '',
    // The engine's two builds are referenced by URL; never inline them.
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
