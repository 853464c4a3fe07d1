// The endgame tables in a Web Worker, for the page: a request names a position; the tables it needs
// are generated (the smaller ones first, each reported as it is done) unless they were already, and
// the reply gives the position's verdict and every legal move's. Tables stay for the worker's life.
import { Tablebases } from './tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES, smallerMaterials } from './material.ts';
import type { TablebaseReply, TablebaseRequest } from './worker-protocol.ts';

let tables: Promise<Tablebases> | null = null;
const reply = (message: TablebaseReply) => postMessage(message);

async function answer({ id, fen }: TablebaseRequest): Promise<void> {
  tables ??= Tablebases.load('wasm');
  const tb = await tables;
  const material = tb.materialOf(fen);
  if (material === null || tb.entries(material) > ON_DEMAND_MAX_ENTRIES) {
    reply({ id, type: 'result', report: null });
    return;
  }
  const needed = [...smallerMaterials(material), material].filter((m) => !tb.has(m));
  needed.forEach((m, i) => {
    reply({ id, type: 'progress', material, done: i, total: needed.length });
    tb.generate(m);
  });
  const probe = tb.probe(fen);
  const moves = tb.moves(fen);
  reply({ id, type: 'result', report: probe && moves ? { probe, moves } : null });
}

onmessage = (event: MessageEvent<TablebaseRequest>) => {
  answer(event.data).catch((error: unknown) =>
    reply({ id: event.data.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
