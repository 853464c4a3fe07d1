// Emits .d.ts files for the board's public entry (and the engine types it uses) into dist/types.
// Sources import with `.ts` extensions; published declarations must say `.js`, so specifiers are
// rewritten as the files are written. Node-only.
import { dirname, join, relative } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

export function emitDeclarations(root: string, entry: string, outDir: string): string[] {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    rootDir: join(root, 'web'),
    outDir,
  };
  const program = ts.createProgram([join(root, entry)], options);
  const written: string[] = [];
  const result = program.emit(undefined, (file, text) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'));
    written.push(relative(outDir, file));
  });
  const problems = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (problems.length) {
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
  }
  return written;
}
