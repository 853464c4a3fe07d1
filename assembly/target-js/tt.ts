// Transposition-table storage for the JS build: one Int32Array, replaced only by resizeTable.
let table = new Int32Array(0);

export function resizeTable(words: number): boolean {
  table = new Int32Array(words);
  return true;
}
export function tableLd(i: number): number {
  return table[i];
}
export function tableSt(i: number, v: number): void {
  table[i] = v;
}
