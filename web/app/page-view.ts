// The page as its templates see it (view-model.ts): the shared state's basics read through to the state
// (page-state.ts), and each panel's part as it is.
import type { Engine } from '../engine/types.ts';
import type { ClockControl } from './clock-control.ts';
import type { PageState } from './page-state.ts';
import type { PageBasics, PageView } from './view-model.ts';

/** The parts of the page, by panel; the clocks' part gives the clock itself, or null. */
export type PageParts = Omit<PageView, keyof PageBasics | 'boardEngine' | 'clock'> & {
  clocks: ClockControl;
};

export function pageView(state: PageState, boardEngine: Engine, parts: PageParts): PageView {
  const { clocks, ...panels } = parts;
  return {
    ...panels,
    boardEngine,
    get clock() {
      return clocks.clock;
    },
    get settings() {
      return state.settings;
    },
    get lang() {
      return state.lang;
    },
    get mode() {
      return state.mode;
    },
    get status() {
      return state.status;
    },
    get game() {
      return state.game;
    },
    get sideTab() {
      return state.sideTab;
    },
    t: (key, params) => state.t(key, params),
    isComputer: (side) => state.isComputer(side),
    set: (key, value) => state.set(key, value),
    setTab: (tab) => state.setTab(tab),
  };
}
