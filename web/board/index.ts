// Entry of the element build (dist/xiangqi-board.js) and of the package's `./board` export: defines
// <xiangqi-board> once and re-exports the public types.
/**
 * The `<xiangqi-board>` element (`xiangqi-wasm` and `xiangqi-wasm/board`): importing this module
 * defines it. Also the computer player's plug (setDefaultMoveProvider), opening books and networks.
 *
 * @module xiangqi-wasm/board
 */
import { XiangqiBoard } from './element.ts';
import { setDefaultMoveProvider } from './computer.ts';
import { workerMoveProvider } from './worker-provider.ts';

export { XiangqiBoard, START_FEN } from './element.ts';
export { setDefaultMoveProvider, searchLimits } from './computer.ts';
export { Book, BookError, loadBook, type BookMove } from '../engine/book.ts';
export { NetworkFileError } from '../engine/nnue-file.ts';
export { loadNetwork } from '../engine/network-file.ts';
export type * from './types.ts';
export type { PictureOptions } from './picture.ts';

declare global {
  interface HTMLElementTagNameMap {
    'xiangqi-board': XiangqiBoard;
  }
}

setDefaultMoveProvider(workerMoveProvider);

// Defined once: a second copy on the page (the bundle beside the modules, a module imported under two
// URLs) finds the name taken and leaves the first definition alone rather than throwing. Where there is
// no registry at all (a server rendering without a DOM, where Lit's Node build did not shim one) nothing
// is defined, and importing the module is still safe.
if (typeof customElements !== 'undefined' && !customElements.get('xiangqi-board')) {
  customElements.define('xiangqi-board', XiangqiBoard);
}
