// Transposition-table storage for the JS build: one Int32Array, replaced only by resizeTable.
let table = new Int32Array(0);

export function resizeTable(words: number): boolean {
  table = new Int32Array(words);
  return true;
}
export function tableWords(): number {
  return table.length;
}
// One search at a time uses this table: its generation is its own (see target-threads/tt.ts).
export function publishGeneration(_generation: number): void {}
export function sharedGeneration(own: number): number {
  return own;
}
export function tableLd(i: number): number {
  return table[i];
}
export function tableSt(i: number, v: number): void {
  table[i] = v;
}
