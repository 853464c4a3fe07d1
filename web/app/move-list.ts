// The move list as a tree: the main line in numbered rows (Red, Black), and after a row the comments
// on its moves and the variations played instead of them, in brackets, nested as deep as they go.
// Every move is a button that shows its position; the current one is marked aria-current="step", the
// moves after it on the line being followed are dimmed (redo). Below, the current move's comment and
// the buttons that promote or delete it.
import { html, nothing, type TemplateResult } from 'lit';
import type { MoveNode } from './game.ts';
import { treeTexts, type MoveText } from './notation-text.ts';
import type { PageView } from './view-model.ts';
import { MARKS } from './review-panel.ts';
import { hanText } from './han-text.ts';

type Texts = Map<number, MoveText>;

/** The review's marks (?!, ?, ??) by node, for the moves it judged. */
function marksOf(app: PageView): Map<number, string> {
  const marks = new Map<number, string>();
  for (const m of app.review.current?.moves ?? []) if (m.judgement) marks.set(m.nodeId, MARKS[m.judgement]);
  return marks;
}

let marks = new Map<number, string>();
/** The moves of the opening book (page-book.ts), by node. */
let book: ReadonlySet<number> = new Set();

function moveButton(app: PageView, node: MoveNode | undefined, texts: Texts): TemplateResult {
  const m = node && texts.get(node.id);
  if (!node || !m) return html`<span class="mv empty">…</span>`;
  const g = app.game;
  const onLine = g.line.indexOf(node);
  const variation = g.inVariation(node);
  // A book move is marked "book" by CSS from data-book (not in the move's text, which stays the move).
  const inBook = book.has(node.id);
  const label = [m.text, inBook ? app.t('bookMarkLong') : '', node.comment].filter(Boolean).join(', ');
  return html`<button
    class="mv ${m.color} ${onLine >= g.cursor ? 'future' : ''} ${variation ? 'var-move' : ''} ${inBook ? 'book' : ''}"
    data-ply=${m.ply + 1}
    data-node=${node.id}
    data-book=${inBook ? app.t('bookMark') : nothing}
    title=${inBook ? app.t('bookMarkLong') : nothing}
    aria-current=${node === g.current ? 'step' : nothing}
    aria-label=${label !== m.text ? label : nothing}
    @click=${() => app.moves.selectNode(node.id)}
  >${hanText(m.text)}${marks.has(node.id) ? html`<span class="mark">${marks.get(node.id)}</span>` : nothing}</button>`;
}

function comment(node: MoveNode): TemplateResult | typeof nothing {
  return node.comment ? html`<span class="comment" aria-hidden="true">${node.comment}</span>` : nothing;
}

/** A variation from `first` on, inline: numbers, moves, comments and the variations inside it. */
function variation(app: PageView, first: MoveNode, texts: Texts): TemplateResult {
  const parts: (TemplateResult | string | typeof nothing)[] = [];
  let numbered = false;
  for (let n: MoveNode | undefined = first; n; n = n.children[0]) {
    const m = texts.get(n.id)!;
    if (m.color === 'red') parts.push(html`<span class="num">${m.number}.</span>`);
    else if (!numbered) parts.push(html`<span class="num">${m.number}…</span>`);
    numbered = true;
    parts.push(moveButton(app, n, texts), comment(n));
    if (n.comment) numbered = false;
    // The alternatives to this move (the first move's own are drawn where it branches).
    if (n !== first && n.parent) {
      for (const alt of n.parent.children.slice(1)) {
        parts.push(variation(app, alt, texts));
        numbered = false;
      }
    }
  }
  return html`<span class="variation">${parts}</span>`;
}

/** What follows a main-line move in its own row: its comment and the variations instead of it. */
function notes(app: PageView, node: MoveNode | undefined, texts: Texts): TemplateResult[] {
  if (!node?.parent) return [];
  const out: TemplateResult[] = [];
  if (node.comment) out.push(html`<p class="comment-line">${node.comment}</p>`);
  for (const alt of node.parent.children.slice(1))
    out.push(html`<p class="variation-line">${variation(app, alt, texts)}</p>`);
  return out;
}

export function moveList(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const g = app.game;
  const texts = treeTexts(g, app.settings.notation);
  marks = marksOf(app);
  book = app.moves.bookNodes();
  const opening = app.moves.opening();
  const rows: { number: number; red?: MoveNode; black?: MoveNode }[] = [];
  for (let n = g.root.children[0]; n; n = n.children[0]) {
    const m = texts.get(n.id)!;
    let row = rows[rows.length - 1];
    // A row ends after Black's move, and early when a Red move has notes (they come before Black's).
    const rowClosed =
      !row ||
      row.number !== m.number ||
      (m.color === 'red' && row.red) ||
      row.black ||
      (row.red && notes(app, row.red, texts).length > 0);
    if (rowClosed) rows.push((row = { number: m.number }));
    row![m.color] = n;
  }
  return html`<div class="move-list" data-testid="move-list">
    <button class="mv start" data-ply="0" aria-current=${g.cursor === 0 ? 'step' : nothing} @click=${() => app.moves.goTo(0)}>
      ${t('start')}
    </button>
    ${opening ? html`<p class="opening" data-testid="opening"><span class="opening-label">${t('opening')}</span> ${app.lang === 'zh' ? opening.zh : `${opening.en} (${opening.zh})`}</p>` : nothing}
    ${g.root.comment ? html`<p class="comment-line">${g.root.comment}</p>` : nothing}
    ${rows.length === 0 ? html`<p class="empty-note">${t('noMoves')}</p>` : nothing}
    <ol>
      ${rows.map(
        (
          r,
        ) => html`<li><span class="num">${r.number}.</span>${moveButton(app, r.red, texts)}${moveButton(app, r.black, texts)}</li>
        ${[...notes(app, r.red, texts), ...notes(app, r.black, texts)].map((p) => html`<li class="notes">${p}</li>`)}`,
      )}
    </ol>
  </div>`;
}

/** The current move's comment, and promoting or deleting it. */
export function moveTools(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const g = app.game;
  const node = g.current;
  const atStart = node === g.root;
  return html`<div class="move-tools">
    <label class="field comment-field">
      <span class="field-label">${t(atStart ? 'commentGame' : 'commentMove')}</span>
      <textarea rows="2" data-testid="comment" .value=${node.comment}
        @input=${(e: Event) => app.moves.setComment((e.target as HTMLTextAreaElement).value)}></textarea>
    </label>
    <div class="tree-actions">
      <button class="small" data-action="promote" ?disabled=${!g.inVariation(node)} @click=${() => app.moves.promoteVariation()}>${t('promote')}</button>
      <button class="small" data-action="delete-move" ?disabled=${atStart} @click=${() => app.moves.deleteMove()}>${t('deleteMove')}</button>
    </div>
  </div>`;
}

/**
 * The line being followed as one scrolling row (phones, under the board): the moves stay in reach
 * while the board stays in view.
 */
export function moveStrip(app: PageView): TemplateResult {
  const g = app.game;
  const texts = treeTexts(g, app.settings.notation);
  return html`<nav class="move-strip" aria-label=${app.t('gameLine')}>
    <button class="mv start" data-ply="0" aria-current=${g.cursor === 0 ? 'step' : nothing} @click=${() => app.moves.goTo(0)}>${app.t('start')}</button>
    ${g.line.map((node, i) => {
      const m = texts.get(node.id)!;
      const number =
        m.color === 'red'
          ? html`<span class="num">${m.number}.</span>`
          : i === 0
            ? html`<span class="num">${m.number}…</span>`
            : nothing;
      return html`${number}<button
        class="mv ${m.color} ${i >= g.cursor ? 'future' : ''}"
        data-ply=${i + 1}
        aria-current=${i + 1 === g.cursor ? 'step' : nothing}
        @click=${() => app.moves.goTo(i + 1)}
      >${hanText(m.text)}</button>`;
    })}
  </nav>`;
}
