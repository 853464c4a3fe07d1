// Types of scripts/page-han.js (a plain Node module, so the font script runs without a TypeScript step).
export const ROOT: string;
export const SOURCES: readonly string[];
export const CJK: RegExp;
export const NOT_WRITTEN: ReadonlySet<string>;
export function stringsOf(fileName: string, text: string): string[];
export function pageHanCharacters(): Map<string, string>;
export function fontCharacters(file: Uint8Array): Promise<Set<string>>;
