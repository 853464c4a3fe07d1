// Writes the custom-elements manifest (schema 2.1.0) for <xiangqi-board> from the element's source with
// the TypeScript compiler API: attributes from `static properties`, members from `declare` fields,
// accessors and public methods, events/CSS properties/parts from the class's JSDoc tags. Node-only.
import ts from 'typescript';

interface Described {
  name: string;
  description?: string;
}

const jsDocText = (node: ts.Node): string => {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  if (!docs?.length) return '';
  return ts.getTextOfJSDocComment(docs[docs.length - 1]!.comment)?.trim() ?? '';
};

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ?? false;

const isPublic = (member: ts.ClassElement): boolean =>
  !!member.name &&
  !hasModifier(member, ts.SyntaxKind.PrivateKeyword) &&
  !hasModifier(member, ts.SyntaxKind.ProtectedKeyword) &&
  !hasModifier(member, ts.SyntaxKind.StaticKeyword) &&
  !hasModifier(member, ts.SyntaxKind.OverrideKeyword) &&
  !member.name.getText().startsWith('_');

/** `@fires name - text` and friends: [name, text] pairs of one tag kind. */
function tags(cls: ts.ClassDeclaration, tag: string): Described[] {
  const out: Described[] = [];
  for (const t of ts.getJSDocTags(cls)) {
    if (t.tagName.text !== tag) continue;
    const text = (ts.getTextOfJSDocComment(t.comment) ?? '').trim();
    const m = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(text);
    if (m) out.push({ name: m[1]!, description: m[2]!.replace(/\s+/g, ' ').trim() });
  }
  return out;
}

/** A source file of the element: its text and its name (for messages). */
export interface ElementSource {
  text: string;
  fileName: string;
}

/**
 * The manifest of the element whose class is the exported class of the last source; the sources before
 * it hold its base classes (their reactive properties, defaults, members and JSDoc tags count as its own).
 */
export function customElementsManifest(sources: readonly ElementSource[], tagName: string, modulePath: string): object {
  const classes = sources.map(({ text, fileName }) => {
    const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const found = sf.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && hasModifier(s, ts.SyntaxKind.ExportKeyword),
    );
    if (!found?.name) throw new Error(`No exported class in ${fileName}`);
    return { node: found, name: found.name.text };
  });
  const { node: cls, name: className } = classes[classes.length - 1]!;
  const allMembers = classes.flatMap((c) => [...c.node.members]);

  // Defaults are the constructors' `this.x = value` assignments.
  const defaults = new Map<string, string>();
  for (const ctor of allMembers.filter(ts.isConstructorDeclaration)) {
    for (const st of ctor.body?.statements ?? []) {
      if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression)) {
        const left = st.expression.left;
        if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) {
          defaults.set(left.name.text, st.expression.right.getText());
        }
      }
    }
  }

  const members: object[] = [];
  const types = new Map<string, string>();
  for (const m of allMembers) {
    if (!isPublic(m)) continue;
    const name = m.name!.getText();
    const description = jsDocText(m) || undefined;
    if (ts.isPropertyDeclaration(m)) {
      const type = m.type?.getText() ?? 'unknown';
      types.set(name, type);
      members.push({
        kind: 'field',
        name,
        type: { text: type },
        ...(defaults.has(name) ? { default: defaults.get(name) } : {}),
        ...(hasModifier(m, ts.SyntaxKind.ReadonlyKeyword) ? { readonly: true } : {}),
        ...(description ? { description } : {}),
      });
    } else if (ts.isGetAccessorDeclaration(m)) {
      const type = m.type?.getText() ?? 'unknown';
      types.set(name, type);
      const settable = allMembers.some((o) => ts.isSetAccessorDeclaration(o) && o.name.getText() === name);
      members.push({ kind: 'field', name, type: { text: type }, ...(settable ? {} : { readonly: true }), ...(description ? { description } : {}) });
    } else if (ts.isMethodDeclaration(m)) {
      members.push({
        kind: 'method',
        name,
        // A `this` parameter only types the receiver: not one the caller passes.
        parameters: m.parameters.filter((p) => p.name.getText() !== 'this').map((p) => ({
          name: p.name.getText(),
          type: { text: p.type?.getText() ?? 'unknown' },
          ...(p.questionToken || p.initializer ? { optional: true } : {}),
        })),
        return: { type: { text: m.type?.getText() ?? 'void' } },
        ...(description ? { description } : {}),
      });
    }
  }

  // Attributes: every reactive property whose declaration does not say `attribute: false`.
  const attributes: object[] = [];
  const props = allMembers.find(
    (m): m is ts.PropertyDeclaration =>
      ts.isPropertyDeclaration(m) && hasModifier(m, ts.SyntaxKind.StaticKeyword) && m.name.getText() === 'properties',
  );
  if (props?.initializer && ts.isObjectLiteralExpression(props.initializer)) {
    for (const p of props.initializer.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) continue;
      const field = p.name.getText();
      let attr: string | false = field.toLowerCase();
      for (const o of p.initializer.properties) {
        if (ts.isPropertyAssignment(o) && o.name.getText() === 'attribute') {
          attr = ts.isStringLiteral(o.initializer) ? o.initializer.text : o.initializer.kind === ts.SyntaxKind.TrueKeyword ? attr : false;
        }
      }
      if (attr === false) continue;
      const member = members.find((x) => (x as { name: string }).name === field) as { description?: string } | undefined;
      attributes.push({
        name: attr,
        fieldName: field,
        type: { text: types.get(field) ?? 'string' },
        ...(defaults.has(field) ? { default: defaults.get(field) } : {}),
        ...(member?.description ? { description: member.description } : {}),
      });
    }
  }

  return {
    schemaVersion: '2.1.0',
    modules: [
      {
        kind: 'javascript-module',
        path: modulePath,
        declarations: [
          {
            kind: 'class',
            name: className,
            description: jsDocText(cls).replace(/\s+/g, ' '),
            tagName,
            customElement: true,
            superclass: { name: 'LitElement', package: 'lit' },
            attributes,
            members,
            events: classes.flatMap((c) => tags(c.node, 'fires')).map((e) => ({ ...e, type: { text: 'CustomEvent' } })),
            cssProperties: classes.flatMap((c) => tags(c.node, 'cssprop')),
            cssParts: classes.flatMap((c) => tags(c.node, 'csspart')),
          },
        ],
        exports: [
          { kind: 'js', name: className, declaration: { name: className, module: modulePath } },
          { kind: 'custom-element-definition', name: tagName, declaration: { name: className, module: modulePath } },
        ],
      },
    ],
  };
}
