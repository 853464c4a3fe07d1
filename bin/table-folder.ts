// Endgame tables kept on disk (the UCI option EgtbPath, UCCI's egtbpaths; `xiangqi-engine egtb`): one
// gzip file a material, `KR-KAAEE.xqtb.gz`, read back instead of making the table again. A table too
// large to make during a game is used when a folder has it. The file: `XQTB`, the tables' format
// (TABLE_FORMAT, a 16-bit number), the count of values (32 bits), 6 bytes of zeros, then the values of
// both sides to move as Tablebases.values gives them, each 16 bits, all little-endian.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { TABLE_FORMAT } from '../web/egtb/table-store.ts';
import type { Tablebases } from '../web/egtb/tablebases.ts';

const MAGIC = 'XQTB';
const HEADER_BYTES = 16;
/** The host's byte order: on a little-endian one the values are the file's bytes as they stand. */
const LITTLE_ENDIAN = endianness() === 'LE';

export class TableFolder {
  constructor(readonly path: string) {}

  /** Why `path` cannot hold tables (it is a file), or null. A folder not there yet is made when needed. */
  static problem(path: string): string | null {
    if (existsSync(path) && !statSync(path).isDirectory()) return `${path} is not a folder`;
    return null;
  }

  file(material: string): string {
    return join(this.path, `${material}.xqtb.gz`);
  }

  /**
   * The table of `material` kept here, `size` values; null where there is none, or one made by an
   * older generator (TABLE_FORMAT), to be made again. Throws, saying why, for a file that is no table.
   */
  read(material: string, size: number): Uint16Array | null {
    const file = this.file(material);
    if (!existsSync(file)) return null;
    let bytes: Buffer;
    try {
      bytes = gunzipSync(readFileSync(file));
    } catch (error) {
      throw new Error(`${file} is not a table: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC) {
      throw new Error(`${file} is not a table: it does not start with ${MAGIC}`);
    }
    if (bytes.readUInt16LE(4) !== TABLE_FORMAT) return null;
    const count = bytes.readUInt32LE(6);
    if (count !== size || bytes.length !== HEADER_BYTES + size * 2) {
      throw new Error(`${file} is not ${material}'s table: it holds ${count} values, not ${size}`);
    }
    const values = new Uint16Array(size);
    const body = bytes.subarray(HEADER_BYTES);
    if (LITTLE_ENDIAN) new Uint8Array(values.buffer).set(body);
    else for (let i = 0; i < size; i++) values[i] = body.readUInt16LE(i * 2);
    return values;
  }

  /**
   * Hands `tables` the table of `material` kept here; false where there is none to take. Throws, as
   * read does, for a file that is no table.
   */
  adoptInto(tables: Tablebases, material: string): boolean {
    const values = this.read(material, tables.entries(material) * 2);
    if (values) tables.adopt(material, values);
    return values !== null;
  }

  /** Keeps `material`'s table (its values) here, replacing any file of it; the folder is made if need be. */
  write(material: string, values: Uint16Array): void {
    mkdirSync(this.path, { recursive: true });
    const bytes = Buffer.alloc(HEADER_BYTES + values.length * 2);
    bytes.write(MAGIC, 0, 'latin1');
    bytes.writeUInt16LE(TABLE_FORMAT, 4);
    bytes.writeUInt32LE(values.length, 6);
    if (LITTLE_ENDIAN) bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), HEADER_BYTES);
    else for (let i = 0; i < values.length; i++) bytes.writeUInt16LE(values[i]!, HEADER_BYTES + i * 2);
    // Written whole, then renamed into place: a session stopped while writing leaves no half table.
    const file = this.file(material);
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, gzipSync(bytes));
    renameSync(partial, file);
  }
}
