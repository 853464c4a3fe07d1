// The board's metadata for tools, read from its source with the TypeScript compiler API (Node-only):
// - dist/custom-elements.json, the Custom Elements Manifest (schema 2.1.0) of the package's two board
//   entry points, dist/board/index.js (the `xiangqi-wasm` and `xiangqi-wasm/board` exports, where every
//   declaration is documented) and the bundle dist/xiangqi-board.js (the same exports). <xiangqi-board>'s
//   attributes come from `static properties`, its members from `declare` fields, accessors and public
//   methods of the element and its base class, its events from the class's `@fires` tags with their
//   `detail` types from XiangqiBoardEventMap (types.ts), its CSS custom properties and parts from its
//   `@cssprop` and `@csspart` tags; the module's other exports (loadBook, START_FEN, ...) from index.ts.
// - VS Code's and JetBrains' editor data, made from the manifest: editor-data.ts.
// Descriptions are the doc comments; test/board/manifest.test.ts holds the manifest to the element's code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The parts of the Custom Elements Manifest schema (2.1.0) written here. */
export interface Manifest {
  schemaVersion: string;
  /** Not in the schema (which allows more fields): which package this describes. */
  package: { name: string; version: string; description: string };
  modules: {
    kind: 'javascript-module';
    path: string;
    description?: string;
    declarations: Declaration[];
    exports: {
      kind: 'js' | 'custom-element-definition';
      name: string;
      declaration: { name: string; module?: string };
    }[];
  }[];
}

interface Type {
  text: string;
}
interface Described {
  name: string;
  description?: string;
}
export interface Parameter extends Described {
  type: Type;
  optional?: boolean;
}
export interface Member extends Described {
  kind: 'field' | 'method';
  type?: Type;
  default?: string;
  readonly?: boolean;
  parameters?: Parameter[];
  return?: { type: Type };
}
export interface Attribute extends Described {
  fieldName: string;
  type: Type;
  default?: string;
}
export interface ElementDeclaration extends Described {
  kind: 'class';
  tagName: string;
  customElement: true;
  superclass: { name: string; package: string };
  attributes: Attribute[];
  members: Member[];
  events: (Described & { type: Type })[];
  cssProperties: Described[];
  cssParts: Described[];
}
export type Declaration =
  | ElementDeclaration
  | (Described & { kind: 'class'; superclass?: { name: string; package?: string }; members: Member[] })
  | (Described & { kind: 'function'; parameters: Parameter[]; return: { type: Type } })
  | (Described & { kind: 'variable'; type: Type; default?: string });

const TAG_NAME = 'xiangqi-board';
const ENTRY = 'web/board/index.ts';
/** Where the declarations are documented: the modules' entry point (dist/board/index.js). */
const MODULE = 'dist/board/index.js';
const BUNDLE = 'dist/xiangqi-board.js';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text of a node's doc comment (the last one before it), on one line; '' without one. */
function docText(node: ts.Node): string {
  const holder = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  const docs = ts.getJSDocCommentsAndTags(holder).filter(ts.isJSDoc);
  return oneLine(ts.getTextOfJSDocComment(docs[docs.length - 1]?.comment) ?? '');
}

const described = (text: string): { description?: string } => (text ? { description: text } : {});

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ?? false;

/** What a user of the class sees: not private, protected, static, an override of Lit's, or `_x`. */
const isPublic = (member: ts.ClassElement | ts.TypeElement): boolean =>
  !!member.name &&
  !ts.isPrivateIdentifier(member.name) &&
  ![ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.StaticKeyword].some((k) =>
    hasModifier(member, k),
  ) &&
  !hasModifier(member, ts.SyntaxKind.OverrideKeyword) &&
  !member.name.getText().startsWith('_');

/** `@fires name - text` and friends: the name and text of each tag of one kind on the class. */
function tags(cls: ts.ClassDeclaration, tag: string): Described[] {
  const out: Described[] = [];
  for (const t of ts.getJSDocTags(cls)) {
    if (t.tagName.text !== tag) continue;
    const m = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec((ts.getTextOfJSDocComment(t.comment) ?? '').trim());
    if (m) out.push({ name: m[1]!, ...described(oneLine(m[2]!)) });
  }
  return out;
}

/** A function's or method's parameters (a `this` parameter types the receiver: not one callers pass). */
function parameters(fn: ts.SignatureDeclaration): Parameter[] {
  const docs = new Map(
    ts
      .getJSDocTags(fn)
      .filter(ts.isJSDocParameterTag)
      .map((t) => [t.name.getText(), oneLine(ts.getTextOfJSDocComment(t.comment) ?? '')]),
  );
  return fn.parameters
    .filter((p) => p.name.getText() !== 'this')
    .map((p) => ({
      name: p.name.getText(),
      type: { text: p.type?.getText() ?? 'unknown' },
      ...(p.questionToken || p.initializer ? { optional: true } : {}),
      ...described(docs.get(p.name.getText()) ?? ''),
    }));
}

/** Public members of classes (the element and its base, or one exported class), in source order. */
function classMembers(classes: readonly ts.ClassDeclaration[], checker: ts.TypeChecker): Member[] {
  const all = classes.flatMap((c) => [...c.members]);
  // Defaults are the constructors' `this.x = value` assignments.
  const defaults = new Map<string, string>();
  for (const ctor of all.filter(ts.isConstructorDeclaration)) {
    for (const st of ctor.body?.statements ?? []) {
      if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression)) {
        const left = st.expression.left;
        if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) {
          defaults.set(left.name.text, st.expression.right.getText());
        }
      }
    }
  }
  const members: Member[] = [];
  for (const m of all) {
    // Parameter properties (`readonly offset: number` in the constructor) are fields too.
    if (ts.isConstructorDeclaration(m)) {
      for (const p of m.parameters) {
        if (!ts.isParameterPropertyDeclaration(p, m) || !isPublic(p as unknown as ts.ClassElement)) continue;
        members.push({
          kind: 'field',
          name: p.name.getText(),
          type: { text: p.type?.getText() ?? 'unknown' },
          ...(hasModifier(p, ts.SyntaxKind.ReadonlyKeyword) ? { readonly: true } : {}),
          ...described(docText(p)),
        });
      }
      continue;
    }
    if (!isPublic(m)) continue;
    const name = m.name!.getText();
    const description = described(docText(m));
    if (ts.isPropertyDeclaration(m)) {
      members.push({
        kind: 'field',
        name,
        type: { text: m.type?.getText() ?? checker.typeToString(checker.getTypeAtLocation(m)) },
        ...(defaults.has(name) ? { default: defaults.get(name)! } : {}),
        ...(hasModifier(m, ts.SyntaxKind.ReadonlyKeyword) ? { readonly: true } : {}),
        ...description,
      });
    } else if (ts.isGetAccessorDeclaration(m)) {
      const settable = all.some((o) => ts.isSetAccessorDeclaration(o) && o.name.getText() === name);
      members.push({
        kind: 'field',
        name,
        type: { text: m.type?.getText() ?? 'unknown' },
        ...(settable ? {} : { readonly: true }),
        ...description,
      });
    } else if (ts.isMethodDeclaration(m)) {
      members.push({
        kind: 'method',
        name,
        parameters: parameters(m),
        return: { type: { text: m.type?.getText() ?? 'void' } },
        ...description,
      });
    }
  }
  return members;
}

/** The literal values of a union of string literals (undefined and null aside), or null for any other type. */
function literalValues(type: ts.Type): string[] | null {
  const parts = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
  );
  const values = parts.flatMap((t) => (t.isStringLiteral() ? [t.value] : []));
  return values.length && values.length === parts.length ? values : null;
}

/** <xiangqi-board>: the declaration of its class from the element (element.ts) and its base (element-base.ts). */
function elementDeclaration(program: ts.Program, root: string): ElementDeclaration {
  const checker = program.getTypeChecker();
  const classOf = (file: string): ts.ClassDeclaration => {
    const sf = program.getSourceFile(join(root, file))!;
    const found = sf.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && hasModifier(s, ts.SyntaxKind.ExportKeyword),
    );
    if (!found?.name) throw new Error(`No exported class in ${file}`);
    return found;
  };
  const base = classOf('web/board/element-base.ts');
  const cls = classOf('web/board/element.ts');
  const members = classMembers([base, cls], checker);
  const memberNodes = [...base.members, ...cls.members];

  // Attributes: every reactive property whose declaration does not say `attribute: false`.
  const attributes: Attribute[] = [];
  const props = base.members.find(
    (m): m is ts.PropertyDeclaration =>
      ts.isPropertyDeclaration(m) && hasModifier(m, ts.SyntaxKind.StaticKeyword) && m.name.getText() === 'properties',
  );
  if (!props?.initializer || !ts.isObjectLiteralExpression(props.initializer)) {
    throw new Error('element-base.ts: no `static properties` object');
  }
  for (const p of props.initializer.properties) {
    if (!ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) continue;
    const field = p.name.getText();
    let attr: string | false = field.toLowerCase();
    for (const o of p.initializer.properties) {
      if (ts.isPropertyAssignment(o) && o.name.getText() === 'attribute') {
        if (ts.isStringLiteral(o.initializer)) attr = o.initializer.text;
        else if (o.initializer.kind === ts.SyntaxKind.FalseKeyword) attr = false;
      }
    }
    if (attr === false) continue;
    const member = members.find((x) => x.name === field);
    const node = memberNodes.find((m) => m.name?.getText() === field && !ts.isSetAccessorDeclaration(m));
    if (!member || !node) throw new Error(`element: reactive property ${field} has no declaration`);
    // An attribute is text: a union of string literals is written out, so tools can offer its values.
    const values = literalValues(checker.getTypeAtLocation(node));
    attributes.push({
      name: attr,
      fieldName: field,
      type: { text: values ? values.map((v) => `'${v}'`).join(' | ') : member.type!.text },
      ...(member.default !== undefined ? { default: member.default } : {}),
      ...described(member.description ?? ''),
    });
  }

  // The events' types: XiangqiBoardEventMap, the one place their details are typed.
  const types = program.getSourceFile(join(root, 'web/board/types.ts'))!;
  const eventMap = types.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'XiangqiBoardEventMap',
  );
  const eventTypes = new Map<string, string>();
  for (const m of eventMap?.members ?? []) {
    if (ts.isPropertySignature(m) && m.type) eventTypes.set(m.name.getText(), m.type.getText());
  }
  const events = [base, cls].flatMap((c) => tags(c, 'fires'));
  for (const e of events) if (!eventTypes.has(e.name)) throw new Error(`@fires ${e.name}: not in XiangqiBoardEventMap`);

  return {
    kind: 'class',
    name: cls.name!.text,
    ...described(docText(cls)),
    tagName: TAG_NAME,
    customElement: true,
    superclass: { name: 'LitElement', package: 'lit' },
    attributes,
    members,
    events: events.map((e) => ({ name: e.name, type: { text: eventTypes.get(e.name)! }, ...described(e.description ?? '') })),
    cssProperties: [base, cls].flatMap((c) => tags(c, 'cssprop')),
    cssParts: [base, cls].flatMap((c) => tags(c, 'csspart')),
  };
}

/** The declaration of one of the entry point's other value exports (a function, class or constant). */
function exportDeclaration(name: string, decl: ts.Declaration, checker: ts.TypeChecker): Declaration | null {
  const description = described(docText(decl));
  if (ts.isFunctionDeclaration(decl)) {
    const signature = checker.getSignatureFromDeclaration(decl)!;
    return {
      kind: 'function',
      name,
      ...description,
      parameters: parameters(decl),
      return: { type: { text: decl.type?.getText() ?? checker.typeToString(signature.getReturnType()) } },
    };
  }
  if (ts.isClassDeclaration(decl)) {
    const heritage = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    const superName = heritage?.expression.getText();
    return {
      kind: 'class',
      name,
      ...description,
      ...(superName ? { superclass: superName === 'Error' ? { name: 'Error', package: 'global:' } : { name: superName } } : {}),
      members: classMembers([decl], checker),
    };
  }
  if (ts.isVariableDeclaration(decl)) {
    return {
      kind: 'variable',
      name,
      // A constant's type is its literal (START_FEN): say what kind of value it is instead.
      type: { text: decl.type?.getText() ?? checker.typeToString(checker.getBaseTypeOfLiteralType(checker.getTypeAtLocation(decl))) },
      ...(decl.initializer ? { default: decl.initializer.getText() } : {}),
      ...description,
    };
  }
  return null;
}

/** The manifest of the board's entry points, from the source under `root` (the repository). */
export function boardManifest(root: string): Manifest {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    description: string;
  };
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.lib.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  const program = ts.createProgram([join(root, ENTRY)], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(join(root, ENTRY))!;
  const element = elementDeclaration(program, root);

  const declarations: Declaration[] = [element];
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(entry)!)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // Types (`export type *`) have no place in the manifest; the API reference (npm run docs) has them.
    if (!(symbol.flags & ts.SymbolFlags.Value) || exported.name === element.name) continue;
    const decl = symbol.valueDeclaration;
    const made = decl && exportDeclaration(exported.name, decl, checker);
    if (!made) throw new Error(`${ENTRY}: export ${exported.name} is neither a function, a class nor a constant`);
    declarations.push(made);
  }
  const exportsOf = (module?: string) => [
    ...declarations.map((d) => ({
      kind: 'js' as const,
      name: d.name,
      declaration: { name: d.name, ...(module ? { module } : {}) },
    })),
    {
      kind: 'custom-element-definition' as const,
      name: TAG_NAME,
      declaration: { name: element.name, ...(module ? { module } : {}) },
    },
  ];
  return {
    schemaVersion: '2.1.0',
    package: { name: pkg.name, version: pkg.version, description: pkg.description },
    modules: [
      {
        kind: 'javascript-module',
        path: MODULE,
        description: `The board as ES modules (\`${pkg.name}\`, \`${pkg.name}/board\`): importing it defines <${TAG_NAME}>.`,
        declarations,
        exports: exportsOf(),
      },
      {
        kind: 'javascript-module',
        path: BUNDLE,
        description: `The board as one script with Lit inside (\`${pkg.name}/xiangqi-board.js\`): the same exports.`,
        declarations: [],
        exports: exportsOf(MODULE),
      },
    ],
  };
}
