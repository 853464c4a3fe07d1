// Editors' data for <xiangqi-board>, made from the board's Custom Elements Manifest (manifest.ts):
// dist/vscode.html-custom-data.json, VS Code's HTML custom data (the `html.customData` setting), and
// dist/web-types.json, JetBrains' web-types (package.json "web-types"); writeBoardMetadata writes them
// with the manifest into dist/ during the board's build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boardManifest, type Manifest, type ElementDeclaration, type Attribute } from './manifest.ts';

/** The manifest's custom elements. */
export const elementsOf = (manifest: Manifest): ElementDeclaration[] =>
  manifest.modules.flatMap((m) => m.declarations).filter((d): d is ElementDeclaration => 'tagName' in d);

/** The values an attribute takes, when its type is a union of string literals. */
const attributeValues = (a: Attribute): string[] | null =>
  /^'[^']*'( \| '[^']*')*$/.test(a.type.text) ? a.type.text.split(' | ').map((v) => v.slice(1, -1)) : null;

/** The description of an attribute with its default, for editors that show one text. */
const withDefault = (a: Attribute): string =>
  `${a.description ?? ''}${a.default !== undefined ? `\n\nDefault: \`${a.default}\`` : ''}`.trim();

/** VS Code's HTML custom data (version 1.1), for the `html.customData` setting. */
export function vscodeCustomData(manifest: Manifest): object {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map((el) => ({
      name: el.tagName,
      description: [
        el.description ?? '',
        `Events: ${el.events.map((e) => `\`${e.name}\` (${e.type.text})`).join(', ')}.`,
        `CSS parts: ${el.cssParts.map((p) => p.name).join(', ')}.`,
        `CSS custom properties: ${el.cssProperties.map((p) => p.name).join(', ')}.`,
      ].join('\n\n'),
      attributes: el.attributes.map((a) => {
        const values = attributeValues(a);
        // A Boolean attribute counts by its presence: VS Code offers it without a value.
        const boolean = a.type.text === 'boolean' && a.name !== 'show-legal';
        return {
          name: a.name,
          description: withDefault(a),
          ...(values ? { values: values.map((name) => ({ name })) } : {}),
          ...(a.name === 'show-legal' ? { values: [{ name: 'true' }, { name: 'false' }] } : {}),
          ...(boolean ? { valueSet: 'v' } : {}),
        };
      }),
    })),
  };
}

/** JetBrains web-types (schema http://json.schemastore.org/web-types), for WebStorm and the other IDEs. */
export function webTypes(manifest: Manifest): object {
  return {
    $schema: 'http://json.schemastore.org/web-types',
    name: manifest.package.name,
    version: manifest.package.version,
    'description-markup': 'markdown',
    'js-types-syntax': 'typescript',
    contributions: {
      html: {
        elements: elementsOf(manifest).map((el) => ({
          name: el.tagName,
          description: el.description,
          source: { module: manifest.package.name, symbol: el.name },
          attributes: el.attributes.map((a) => ({
            name: a.name,
            description: a.description,
            value: {
              type: a.type.text,
              required: false,
              ...(a.default !== undefined ? { default: a.default } : {}),
            },
          })),
          events: el.events.map((e) => ({ name: e.name, description: e.description })),
          js: {
            properties: el.members
              .filter((m) => m.kind === 'field')
              .map((m) => ({ name: m.name, description: m.description, type: m.type!.text })),
            events: el.events.map((e) => ({ name: e.name, description: e.description, type: e.type.text })),
          },
          css: {
            properties: el.cssProperties.map((p) => ({ name: p.name, description: p.description })),
            parts: el.cssParts.map((p) => ({ name: p.name, description: p.description })),
          },
        })),
      },
    },
  };
}

/** The metadata files of the board (see the top of this file), by their names in dist/. */
export function boardMetadataFiles(root: string): Record<string, string> {
  const manifest = boardManifest(root);
  const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';
  return {
    'custom-elements.json': json(manifest),
    'vscode.html-custom-data.json': json(vscodeCustomData(manifest)),
    'web-types.json': json(webTypes(manifest)),
  };
}

/** Writes the board's metadata files into `outDir` (dist/), from the repository at `root`. */
export function writeBoardMetadata(root: string, outDir: string): void {
  for (const [name, text] of Object.entries(boardMetadataFiles(root))) writeFileSync(join(outDir, name), text);
}
