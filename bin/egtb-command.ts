// `xiangqi-engine egtb MATERIAL... --path FOLDER`: makes endgame tables and keeps them in a folder for
// the EgtbPath option, the large ones too (over a million positions a side: minutes and hundreds of
// megabytes each, which no move of a game has time for). Each material's smaller tables (those its
// captures lead to) are made first and kept as well; a table the folder has already is read back.
import { CommandLineError, readCommandLine, wholeNumber, type CommandSpec } from '../lib/cli.ts';
import { firstSet, parseMaterial, smallerMaterials } from '../web/egtb/material.ts';
import { Tablebases } from '../web/egtb/tablebases.ts';
import { TableFolder } from './table-folder.ts';

export const EGTB_SPEC = {
  usage: 'xiangqi-engine egtb',
  about:
    'Makes the endgame tables of the materials given (e.g. KR-KAAEE, KHP-KAAEE: Red the attacking side) and keeps each, with the smaller tables its captures lead to, in FOLDER, where the EgtbPath option finds them. A table the folder has already is read back, not made again.',
  options: {
    path: { type: 'string', value: 'FOLDER', help: 'where the tables are kept (made if need be)' },
    all: { type: 'boolean', help: 'every table of the first set instead of the materials named' },
    'max-entries': {
      type: 'string',
      value: 'N',
      help: 'leave out the tables of more than N entries a side (default: none left out)',
    },
  },
  positionals: 'MATERIAL...',
} satisfies CommandSpec;

export interface EgtbRun {
  materials: string[];
  folder: TableFolder;
  maxEntries: number;
}

/** Reads the arguments after `egtb`; 'help' for --help; throws CommandLineError saying what is wrong. */
export function parseEgtbArgs(argv: readonly string[]): EgtbRun | 'help' {
  const line = readCommandLine(EGTB_SPEC, argv);
  if (line.help) return 'help';
  const { path, all } = line.values;
  if (!path) throw new CommandLineError('--path FOLDER is required: the folder the tables are kept in');
  const problem = TableFolder.problem(path);
  if (problem) throw new CommandLineError(`--path: ${problem}`);
  if (Boolean(all) === line.positionals.length > 0) throw new CommandLineError('name the materials, or give --all');
  const materials = (all ? firstSet() : line.positionals).map((m) => {
    try {
      return parseMaterial(m).name;
    } catch (error) {
      throw new CommandLineError((error as Error).message);
    }
  });
  const maxEntries = wholeNumber(line.values['max-entries'], '--max-entries', {
    min: 1,
    fallback: Number.MAX_SAFE_INTEGER,
  });
  return { materials, folder: new TableFolder(path), maxEntries };
}

/** Makes and keeps the tables, a line on each; resolves with how many were made. */
export async function runEgtb(run: EgtbRun, say: (line: string) => void): Promise<number> {
  const tables = await Tablebases.load('wasm');
  let made = 0;
  for (const material of run.materials) {
    if (tables.entries(material) > run.maxEntries) continue;
    for (const m of [...smallerMaterials(material), material]) {
      if (tables.has(m)) continue;
      try {
        if (run.folder.adoptInto(tables, m)) continue;
      } catch (error) {
        say(`${m}: ${(error as Error).message}; made again`);
      }
      const entries = tables.entries(m);
      const start = performance.now();
      tables.generate(m);
      const seconds = (performance.now() - start) / 1000;
      run.folder.write(m, tables.values(m));
      made++;
      say(
        `${m}: ${entries.toLocaleString('en-US')} entries a side, made in ${seconds.toFixed(1)} s, kept in ${run.folder.file(m)}`,
      );
    }
    // Each material starts afresh: its smaller tables are read back, and memory holds one family at a time.
    tables.clear();
  }
  say(`${made} tables made and kept in ${run.folder.path}`);
  return made;
}
