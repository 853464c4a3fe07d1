// What the page's templates cannot say by themselves and is done after each render: the import /
// export dialog opened as a modal (showModal, for its backdrop and focus trap, is a call, not an
// attribute) and the move list scrolled to the current move.

/** Opens or closes the page's modal dialog to match `open`. */
export function syncDialog(root: ParentNode, open: boolean): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog.io');
  if (dialog) {
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }
}

/** Keeps the current move in view in the move list (at the top when `atStart`), scrolling the list only. */
export function scrollMoveList(root: ParentNode, atStart: boolean): void {
  const current = root.querySelector<HTMLElement>('.move-list [aria-current="step"]');
  const list = root.querySelector<HTMLElement>('.move-list');
  if (current && list) {
    // Scroll the list only, never the page.
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  } else if (list && atStart) {
    list.scrollTop = 0;
  }
}

/** Keeps the current move in view in the phone's move strip, scrolling the strip only. */
export function scrollMoveStrip(root: ParentNode): void {
  const strip = root.querySelector<HTMLElement>('.move-strip');
  const current = strip?.querySelector<HTMLElement>('[aria-current="step"]');
  if (!strip || !current || strip.clientWidth === 0) return;
  const left = current.offsetLeft - strip.offsetLeft;
  if (left < strip.scrollLeft || left + current.offsetWidth > strip.scrollLeft + strip.clientWidth) {
    strip.scrollLeft = left - strip.clientWidth / 2;
  }
}
