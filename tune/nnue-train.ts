// `npm run nnue-train -- [options]` (`--help` lists them): trains the network evaluation on the self-play
// data and writes nnue/xiangqi.nnue (web/engine/nnue-file.ts) with a JSON sidecar. See tune/README.md.
import { commandLine } from '../lib/cli.ts';
import { NNUE_COMMAND, nnueOptions, trainAndWriteNetwork } from './nnue-run.ts';

trainAndWriteNetwork(commandLine(NNUE_COMMAND, nnueOptions));
