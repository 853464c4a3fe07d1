#!/usr/bin/env node
// The UCI engine. `npm run build` bundles bin/main.ts and the engine builds into build/.
import '../build/uci.js';
