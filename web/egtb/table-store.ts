// Tables kept between visits in the browser's IndexedDB, one record a material: a table made once is
// read back (a few milliseconds) instead of being made again. Where there is no IndexedDB (Node, a
// private window that refuses it), nothing is kept and every table is made when needed.
const DATABASE = 'xiangqi-wasm-egtb';
const STORE = 'tables';
/**
 * The tables' format: raise it when the generator's values change, and the tables kept under the
 * old one are dropped when the database is next opened.
 */
export const TABLE_FORMAT = 2;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  const opening = indexedDB.open(DATABASE, TABLE_FORMAT);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    if (db.objectStoreNames.contains(STORE)) db.deleteObjectStore(STORE);
    db.createObjectStore(STORE);
  };
  return request(opening).catch(() => null);
}

export class TableStore {
  private readonly db = openDatabase();

  /** A material's table kept before, or null. */
  async get(material: string): Promise<Uint16Array | null> {
    const db = await this.db;
    if (!db) return null;
    const kept: unknown = await request<unknown>(db.transaction(STORE).objectStore(STORE).get(material)).catch(
      () => undefined,
    );
    return kept instanceof ArrayBuffer ? new Uint16Array(kept) : null;
  }

  /** Keeps a material's table; a store that refuses (full, private) is not an error: it is made again next time. */
  async put(material: string, values: Uint16Array): Promise<void> {
    const db = await this.db;
    if (!db) return;
    const copy = values.slice().buffer;
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(copy, material)).catch(() => undefined);
  }

  /** The materials kept. */
  async materials(): Promise<string[]> {
    const db = await this.db;
    if (!db) return [];
    const keys = await request(db.transaction(STORE).objectStore(STORE).getAllKeys()).catch(() => []);
    return keys.map(String);
  }
}
