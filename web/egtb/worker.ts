// The endgame tables in a Web Worker, for the page: a request names a position; the tables it needs
// are read back from IndexedDB where a visit made them before, else generated (the smaller ones
// first, each reported as it starts) and kept there; the reply gives the position's verdict and every
// legal move's. A drill request gets a position of its ending instead (drills.ts); a reachable one,
// the tables a search may reach (reachable.ts), for a search thread to probe. Tables stay in memory
// for the worker's life.
import { Tablebases } from './tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES, smallerMaterials } from './material.ts';
import type { TablebaseReply, TablebaseRequest } from './worker-protocol.ts';
import { TableStore } from './table-store.ts';
import { pickDrill } from './drills.ts';
import { makeReachable } from './reachable.ts';

let tables: Promise<Tablebases> | null = null;
const store = new TableStore();
const reply = (message: TablebaseReply) => postMessage(message);

/** Makes (or reads back) the tables `material` needs, the smaller ones first. */
async function make(tb: Tablebases, id: number, material: string): Promise<void> {
  const needed = [...smallerMaterials(material), material].filter((m) => !tb.has(m));
  for (const [i, m] of needed.entries()) {
    const kept = await store.get(m);
    if (kept) {
      tb.adopt(m, kept);
      continue;
    }
    reply({ id, type: 'progress', material, done: i, total: needed.length });
    tb.generate(m);
    await store.put(m, tb.values(m));
  }
}

/** The tables a search from `fen` may reach, read back or made within the budget, less those held. */
async function reachable(tb: Tablebases, request: Extract<TablebaseRequest, { type: 'reachable' }>): Promise<void> {
  const adopt = async (m: string) => {
    const kept = await store.get(m);
    if (kept) tb.adopt(m, kept);
  };
  await makeReachable(tb, request.fen, request.budgetMs, adopt, (m) => store.put(m, tb.values(m)));
  const holds = new Set(request.holds);
  const add = tb
    .held()
    .filter((m) => !holds.has(m))
    .map((material) => ({ material, values: tb.values(material) }));
  // The values are copies: handed over, not copied again.
  postMessage({ id: request.id, type: 'tables', tables: add } satisfies TablebaseReply, {
    transfer: add.map((t) => t.values.buffer),
  });
}

async function answer(request: TablebaseRequest): Promise<void> {
  tables ??= Tablebases.load('wasm');
  const tb = await tables;
  const { id } = request;
  if (request.type === 'reachable') return reachable(tb, request);
  const material = request.type === 'drill' ? request.material : tb.materialOf(request.fen);
  if (material === null || tb.entries(material) > ON_DEMAND_MAX_ENTRIES) {
    reply(request.type === 'drill' ? { id, type: 'drill', fen: null } : { id, type: 'result', report: null });
    return;
  }
  await make(tb, id, material);
  if (request.type === 'drill') {
    reply({ id, type: 'drill', fen: pickDrill(tb, material, request.goal) });
    return;
  }
  const probe = tb.probe(request.fen);
  const moves = tb.moves(request.fen);
  reply({ id, type: 'result', report: probe && moves ? { probe, moves } : null });
}

onmessage = (event: MessageEvent<TablebaseRequest>) => {
  answer(event.data).catch((error: unknown) =>
    reply({ id: event.data.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
