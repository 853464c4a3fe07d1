// localStorage with the failures a browser may throw (private mode, quota, disabled storage) caught:
// the page keeps working, it only forgets.
const PREFIX = 'xiangqi-wasm.';

/** The page's storage, where there is one (not in Node, nor where the browser disabled it). */
const storage = (): Storage | undefined => (globalThis as { localStorage?: Storage }).localStorage;

export function loadJson(key: string): unknown {
  try {
    const text = storage()?.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function saveJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: nothing to do but carry on.
  }
}
