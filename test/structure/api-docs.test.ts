// Every export of the package's entry points has a doc comment, and so does every public member of the
// classes and interfaces they export (and of the object types their type aliases stand for): what the API
// reference (npm run docs, typedoc.json) shows users. Read with the TypeScript compiler API, which is
// quicker than a TypeDoc run; a missing comment fails here, naming the export or member and its file.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The package's entry points (package.json "exports"; typedoc.json documents the same four). */
export const ENTRY_POINTS = [
  'web/engine/entry.ts',
  'web/notation/index.ts',
  'web/board/index.ts',
  'web/board/react.ts',
];

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ?? false;

/** Members a user of the class or interface sees: not private, protected or named `_x`/`#x`. */
function isPublicMember(member: ts.ClassElement | ts.TypeElement): boolean {
  if (!member.name || ts.isPrivateIdentifier(member.name)) return false;
  if (hasModifier(member, ts.SyntaxKind.PrivateKeyword) || hasModifier(member, ts.SyntaxKind.ProtectedKeyword)) {
    return false;
  }
  return !member.name.getText().startsWith('_');
}

/** Whether the declaration carries a JSDoc comment with text (tags alone, such as `@internal`, do not count). */
function documented(node: ts.Node): boolean {
  // A variable's comment sits on its statement.
  const holder = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  // A parameter property has its own comment, or the constructor's `@param` for it.
  return ts
    .getJSDocCommentsAndTags(holder)
    .some(
      (doc) =>
        (ts.isJSDoc(doc) || ts.isJSDocParameterTag(doc)) &&
        (ts.getTextOfJSDocComment(doc.comment)?.trim() ?? '') !== '',
    );
}

/** `file:line name` of every export of the entry points, or public member of one, without a doc comment. */
export function undocumentedExports(entryPoints: readonly string[] = ENTRY_POINTS): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.lib.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram(
    entryPoints.map((e) => `${root}${e}`),
    { ...config.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const missing = new Set<string>();
  const where = (node: ts.Node): string => {
    const sf = node.getSourceFile();
    return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const ours = (node: ts.Node): boolean => !node.getSourceFile().fileName.includes('/node_modules/');
  // Object types written out in a declaration (a method's `{ value: number; below: boolean }`, the arms
  // of Score's union) are part of what users read: their members need comments too. A parameter's object
  // type is described by the parameter's own comment (TypeDoc asks no more).
  const inlineTypes = (owner: string, node: ts.Node | undefined): void => {
    if (!node || ts.isParameter(node) || ts.isBlock(node)) return;
    if (ts.isTypeLiteralNode(node)) checkMembers(owner, node.members);
    else ts.forEachChild(node, (child) => inlineTypes(owner, child));
  };
  const checkMembers = (owner: string, members: readonly (ts.ClassElement | ts.TypeElement)[]): void => {
    for (const m of members) {
      // Parameter properties (`readonly line: number` in the constructor) are members too.
      if (ts.isConstructorDeclaration(m)) {
        for (const p of m.parameters) {
          if (!ts.isParameterPropertyDeclaration(p, m) || hasModifier(p, ts.SyntaxKind.OverrideKeyword)) continue;
          if (hasModifier(p, ts.SyntaxKind.PrivateKeyword) || hasModifier(p, ts.SyntaxKind.ProtectedKeyword)) continue;
          if (!documented(p)) missing.add(`${where(p)} ${owner}.${p.name.getText()}`);
        }
        continue;
      }
      if (!isPublicMember(m)) continue;
      // An override documents itself through the member it overrides (Lit's lifecycle, Error's name).
      if (hasModifier(m, ts.SyntaxKind.OverrideKeyword)) continue;
      // A setter shares its getter's comment.
      if (
        ts.isSetAccessorDeclaration(m) &&
        members.some((o) => ts.isGetAccessorDeclaration(o) && o.name.getText() === m.name.getText())
      )
        continue;
      if (!documented(m)) missing.add(`${where(m)} ${owner}.${m.name!.getText()}`);
      if ('type' in m) inlineTypes(`${owner}.${m.name!.getText()}`, m.type as ts.TypeNode | undefined);
    }
  };
  for (const entry of entryPoints) {
    const sf = program.getSourceFile(`${root}${entry}`)!;
    const moduleSymbol = checker.getSymbolAtLocation(sf)!;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const decl of (symbol.declarations ?? []).filter(ours)) {
        // The declaration merged into `declare global` is not an export of ours.
        if (ts.isModuleDeclaration(decl)) continue;
        // An overloaded function's implementation is not a signature users see: its overloads are.
        if (ts.isFunctionDeclaration(decl) && decl.body && symbol.declarations!.length > 1) continue;
        if (
          !documented(decl) &&
          !(ts.isInterfaceDeclaration(decl) && symbol.declarations!.some((d) => d !== decl && documented(d)))
        ) {
          missing.add(`${where(decl)} ${exported.name}`);
        }
        if (ts.isClassDeclaration(decl) || ts.isInterfaceDeclaration(decl)) {
          checkMembers(exported.name, decl.members);
          // A class's members include those of its base classes in this package (XiangqiBoardBase).
          if (ts.isClassDeclaration(decl)) {
            let type: ts.Type | undefined = checker.getDeclaredTypeOfSymbol(symbol);
            while (type?.isClassOrInterface()) {
              type = checker.getBaseTypes(type)[0];
              for (const d of (type?.symbol.declarations ?? []).filter(ours)) {
                if (ts.isClassDeclaration(d) || ts.isInterfaceDeclaration(d)) checkMembers(exported.name, d.members);
              }
            }
          }
        } else if (ts.isTypeAliasDeclaration(decl) || ts.isFunctionDeclaration(decl)) {
          // The alias's type, or the function's return type.
          inlineTypes(exported.name, decl.type);
        }
      }
    }
  }
  return [...missing].sort();
}

test("every export of the package's entry points, and every public member of one, has a doc comment", () => {
  expect(undocumentedExports()).toEqual([]);
});

test("the checked and documented entry points are the package's exports (package.json, typedoc.json)", () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  // dist/board/index.d.ts is compiled from web/board/index.ts (scripts/build-package.js).
  const sources = new Set(
    Object.values(pkg.exports).flatMap((e) =>
      typeof e === 'object' && e.types ? [e.types.replace(/^\.\/dist\/(.*)\.d\.ts$/, 'web/$1.ts')] : [],
    ),
  );
  expect([...sources].sort()).toEqual([...ENTRY_POINTS].sort());
  const typedoc = JSON.parse(readFileSync(`${root}typedoc.json`, 'utf8')) as { entryPoints: string[] };
  expect([...typedoc.entryPoints].sort()).toEqual([...ENTRY_POINTS].sort());
});
