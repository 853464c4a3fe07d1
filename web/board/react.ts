// <xiangqi-board> in React 19's JSX, typed: its properties as props and its events as `on<event>`
// handlers with their `CustomEvent<detail>`. Types only (the package's `./react` export, whose module is
// empty): a React app writes `import type {} from 'xiangqi-wasm/react';` once, beside the
// `import 'xiangqi-wasm';` that defines the element. react is not a dependency of the package; these
// types need the app's @types/react 19.
//
// What React 19 does with them: a prop that the element has as a property (`fen`, `computer`,
// `shapes`, ...) is set as that property, so objects and numbers arrive as they are; the element must
// be defined by then, which `import 'xiangqi-wasm'` does. A prop `on<name>` adds a listener for the
// event named exactly `<name>`: `onmove`, `ongameover`, lowercase like the events themselves
// (`onMove` would listen for an event called `Move`).
/**
 * <xiangqi-board> in React 19's JSX (`xiangqi-wasm/react`, types only): `import type {} from 'xiangqi-wasm/react'`
 * once, beside `import 'xiangqi-wasm'`, types its props and its `on<event>` handlers.
 *
 * @module xiangqi-wasm/react
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { XiangqiBoard } from './element.ts';
import type { XiangqiBoardEventMap } from './types.ts';

/** The element's properties that a page sets, as optional React props. */
export type XiangqiBoardProperties = Partial<
  Pick<
    XiangqiBoard,
    | 'fen'
    | 'orientation'
    | 'interactive'
    | 'pieceSet'
    | 'coordinates'
    | 'showLegal'
    | 'computer'
    | 'level'
    | 'elo'
    | 'movetime'
    | 'depth'
    | 'backend'
    | 'threads'
    | 'animationDuration'
    | 'premove'
    | 'shapes'
    | 'drawnShapes'
    | 'moveProvider'
    | 'openingBook'
    | 'evaluation'
    | 'evalNetwork'
    | 'rule'
    | 'tablebases'
  >
>;

/** The element's events as React 19 binds them: `onmove={(event) => event.detail.move}`. */
export type XiangqiBoardEventProps = {
  [K in keyof XiangqiBoardEventMap as `on${K}`]?: (event: XiangqiBoardEventMap[K]) => void;
};

/** Everything <xiangqi-board> takes in JSX: the HTML attributes and `ref` of any element, its properties and its events. */
export type XiangqiBoardProps = DetailedHTMLProps<HTMLAttributes<XiangqiBoard>, XiangqiBoard> &
  XiangqiBoardProperties &
  XiangqiBoardEventProps;

declare module 'react' {
  // React's own way to add an element to JSX: merge into its namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'xiangqi-board': XiangqiBoardProps;
    }
  }
}
