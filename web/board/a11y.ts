// Words for screen readers: cell labels and live announcements, in English or Chinese (chosen from
// the nearest `lang`, so a Chinese page gets Chinese labels without configuration).
import type { GameStatus } from '../engine/types.ts';
import type { PieceLetter } from './types.ts';
import { isRed } from './pieces.ts';

export type Lang = 'en' | 'zh' | 'zh-Hant';

export function langOf(el: Element): Lang {
  const lang = (el.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang).toLowerCase();
  if (!lang.startsWith('zh')) return 'en';
  return /^zh-(tw|hk|mo|hant)/.test(lang) ? 'zh-Hant' : 'zh';
}

const EN = ['king', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];
const ZH: Record<Exclude<Lang, 'en'>, string> = {
  zh: '红黑帅将仕士相象马马车车炮炮兵卒',
  'zh-Hant': '紅黑帥將仕士相象傌馬俥車炮砲兵卒',
};

export function pieceName(piece: PieceLetter, lang: Lang): string {
  const i = 'KABNRCP'.indexOf(piece.toUpperCase());
  const red = isRed(piece);
  if (lang === 'en') return `${red ? 'red' : 'black'} ${EN[i]}`;
  const words = ZH[lang];
  return words[red ? 0 : 1]! + words[2 + i * 2 + (red ? 0 : 1)]!;
}

export interface CellState {
  selected: boolean;
  dest: boolean;
}

/** `h2, red cannon`; just `e4` when empty; state words follow the name. */
export function cellLabel(square: string, piece: PieceLetter | null, state: CellState, lang: Lang): string {
  const zh = lang !== 'en';
  let label = square;
  if (piece) label += (zh ? '，' : ', ') + pieceName(piece, lang);
  if (state.selected) label += zh ? '，已选' : ', selected';
  else if (state.dest) label += zh ? '，可走' : ', legal move';
  return label;
}

export function boardLabel(lang: Lang): string {
  return lang === 'en' ? 'Xiangqi board' : '象棋棋盘';
}

/** What the live region says after a move: the move, then check or the end of the game. */
export function moveAnnouncement(
  piece: PieceLetter,
  from: string,
  to: string,
  captured: PieceLetter | null,
  status: GameStatus,
  lang: Lang,
): string {
  const zh = lang !== 'en';
  let text = zh
    ? `${pieceName(piece, lang)} ${from} 到 ${to}`
    : `${capitalize(pieceName(piece, lang))} ${from} to ${to}`;
  if (captured) text += zh ? `，吃${pieceName(captured, lang)}` : `, takes ${pieceName(captured, lang)}`;
  if (status.over) text += '. ' + endAnnouncement(status, lang);
  else if (status.inCheck) text += zh ? '，将军' : ', check';
  return text;
}

/** What the live region says when a premove is made (it is announced again as a move when played). */
export function premoveAnnouncement(piece: PieceLetter, from: string, to: string, lang: Lang): string {
  return lang === 'en'
    ? `Premove: ${pieceName(piece, lang)} ${from} to ${to}`
    : `预走：${pieceName(piece, lang)} ${from} 到 ${to}`;
}

export function endAnnouncement(status: GameStatus, lang: Lang): string {
  const zh = lang !== 'en';
  const reason = status.reason ?? '';
  const who =
    status.result === '1-0'
      ? zh
        ? '红胜'
        : 'Red wins'
      : status.result === '0-1'
        ? zh
          ? '黑胜'
          : 'Black wins'
        : zh
          ? '和棋'
          : 'Draw';
  if (zh) {
    const zhReason: Record<string, string> = {
      checkmate: '将死',
      stalemate: '困毙',
      'perpetual-check': '长将',
      'perpetual-chase': '长捉',
      'insufficient-material': '双方无过河子力',
      repetition: '重复局面',
      'move-limit': '自然限着',
    };
    return `${zhReason[reason] ?? ''}，${who}`;
  }
  return `${capitalize(reason.replace('-', ' '))}. ${who}.`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
