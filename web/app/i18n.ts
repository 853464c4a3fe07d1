// The page's words in Chinese and English (strings-zh.ts, strings-en.ts). Every visible string of the
// page, its title too, goes through t(); messages from the engine and notation modules (English
// reasons) are shown after a translated lead-in.
import type { GameResult } from '../engine/types.ts';
import type { EndReason } from './game.ts';
import { en, type MessageKey } from './strings-en.ts';
import { zh } from './strings-zh.ts';

export type Lang = 'zh' | 'en';

export type { MessageKey };

const tables: Record<Lang, Record<MessageKey, string>> = { en, zh };

/** The words of one language, with `{name}` placeholders filled in. */
export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = tables[lang][key]; // every table has every key: the type says so
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function resultText(lang: Lang, result: GameResult | undefined): string {
  return translate(lang, result === '1-0' ? 'redWins' : result === '0-1' ? 'blackWins' : 'draw');
}

export function reasonText(lang: Lang, reason: EndReason | undefined): string {
  return reason ? translate(lang, `reason.${reason}` as MessageKey) : '';
}

export function defaultLang(): Lang {
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages;
  return langs.some((l) => /^zh\b/i.test(l)) ? 'zh' : 'en';
}

/** The `lang` attribute for the document: the board reads it for its own labels. */
export function htmlLang(lang: Lang): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}
