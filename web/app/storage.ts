// localStorage with the failures a browser may throw (private mode, quota, disabled storage) caught:
// the page keeps working, it only forgets.
const PREFIX = 'xiangqi-wasm.';

export function loadJson(key: string): unknown {
  try {
    const text = globalThis.localStorage?.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function saveJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: nothing to do but carry on.
  }
}
