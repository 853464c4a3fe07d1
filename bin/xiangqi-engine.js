#!/usr/bin/env node
// The UCI engine. `npm run build` bundles bin/main.ts and the engine builds into build/ (shipped in
// the package, so an installed copy runs as is).
try {
  await import('../build/uci.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('uci.js')) {
    console.error('xiangqi-engine: build/uci.js is missing; in a checkout, run `npm run build` first.');
    process.exit(1);
  }
  throw error;
}
