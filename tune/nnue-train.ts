// `npm run nnue-train -- [--data FILE] [--hidden H] [--epochs N] [--positions N] [--seed N] [--lr X]
// [--decay X] [--batch N] [--k K] [--lambda L] [--out FILE]`: trains the network evaluation on the self-play data
// and writes nnue/xiangqi.nnue (web/engine/nnue-file.ts) with a JSON sidecar. See tune/README.md.
import { runNnueTraining } from './nnue-run.ts';

runNnueTraining(process.argv.slice(2));
