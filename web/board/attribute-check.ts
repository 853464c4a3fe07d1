// An attribute set to a value the board does not know must not break the board: it says so on the
// console and carries on with its default.

/** Whether `value` is one of `known`; when not, warns that the board uses `instead`. */
export function knownValue<T extends string>(
  attribute: string,
  value: unknown,
  known: readonly T[],
  instead: T,
): boolean {
  if ((known as readonly unknown[]).includes(value)) return true;
  console.warn(
    `<xiangqi-board>: unknown ${attribute} "${String(value)}" (expected ${known.join(', ')}); using ${instead}`,
  );
  return false;
}
