// The board's metadata (web/board/build/manifest.ts, written into dist/ by the board's build) against
// the element's code, read here on its own: every reactive property and attribute declared in
// element-base.ts, every public member of the element, every event it dispatches (with its `detail`
// type), every part its templates name and every --xq-* custom property its styles read is in
// custom-elements.json with a description; and the editors' data made from it (VS Code's custom data,
// JetBrains' web-types) lists every attribute of the manifest.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Manifest } from '../../web/board/build/manifest.ts';
import { elementsOf, writeBoardMetadata } from '../../web/board/build/editor-data.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const board = join(root, 'web/board');
const source = (name: string): string => readFileSync(join(board, name), 'utf8');
/** Every source file of the element (not the build scripts). */
const sources = readdirSync(board)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ name: f, text: source(f) }));

let dir: string;
let manifest: Manifest;
let vscode: { version: number; tags: { name: string; description: string; attributes: VsAttribute[] }[] };
let webTypes: {
  $schema: string;
  name: string;
  contributions: {
    html: {
      elements: {
        name: string;
        attributes: { name: string; description?: string; value: { type: string } }[];
        events: { name: string }[];
        js: { properties: { name: string }[]; events: { name: string; type: string }[] };
        css: { properties: { name: string }[]; parts: { name: string }[] };
      }[];
    };
  };
};
interface VsAttribute {
  name: string;
  description: string;
  values?: { name: string }[];
  valueSet?: string;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xiangqi-manifest-'));
  writeBoardMetadata(root, dir);
  const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
  manifest = read('custom-elements.json') as Manifest;
  vscode = read('vscode.html-custom-data.json') as typeof vscode;
  webTypes = read('web-types.json') as typeof webTypes;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const element = () => {
  const found = elementsOf(manifest);
  expect(found.map((e) => e.tagName)).toEqual(['xiangqi-board']);
  return found[0]!;
};

/** The body of the exported class of a file (its members, at two spaces' indent). */
function classBody(text: string): string {
  const start = text.search(/^export class /m);
  return text.slice(start, text.indexOf('\n}\n', start));
}

describe('custom-elements.json', () => {
  test('every reactive property of element-base.ts is a member, and each with an attribute an attribute, described', () => {
    const props = /static override properties[^=]*= \{([\s\S]*?)\n {2}\};/.exec(source('element-base.ts'))![1]!;
    const declared = [...props.matchAll(/^ {4}(\w+): \{([^}]*)\}/gm)].map(([, name, options]) => ({
      name: name!,
      attribute: /attribute: false/.test(options!)
        ? null
        : (/attribute: '([^']+)'/.exec(options!)?.[1] ?? name!.toLowerCase()),
    }));
    expect(declared.length).toBeGreaterThanOrEqual(22);
    const el = element();
    const attributes = new Map(el.attributes.map((a) => [a.name, a]));
    const members = new Map(el.members.map((m) => [m.name, m]));
    for (const { name, attribute } of declared) {
      expect(members.get(name)?.description, `property ${name}`).toBeTruthy();
      if (attribute) {
        expect(attributes.get(attribute)?.fieldName, `attribute ${attribute}`).toBe(name);
        expect(attributes.get(attribute)?.description, `attribute ${attribute}`).toBeTruthy();
      }
    }
    expect(el.attributes.map((a) => a.name).sort()).toEqual(
      declared.flatMap((d) => (d.attribute ? [d.attribute] : [])).sort(),
    );
    // Attributes whose values are a fixed set list them (tools offer them).
    expect(attributes.get('orientation')!.type.text).toBe("'red' | 'black'");
    expect(attributes.get('rule')!.type.text).toBe("'computer' | 'asian' | 'chinese' | 'check-only'");
  });

  test('every public field, accessor and method of the element and its base class is a member, described', () => {
    const keywords = new Set(['private', 'protected', 'override', 'static', 'constructor', 'set']);
    const names = ['element-base.ts', 'element.ts'].flatMap((file) =>
      [...classBody(source(file)).matchAll(/^ {2}(?:declare |readonly |get )?(\w+)[(:<]/gm)]
        .map((m) => m[1]!)
        .filter((n) => !keywords.has(n) && !n.startsWith('_')),
    );
    for (const n of ['fen', 'setPosition', 'play', 'flip', 'setShapes', 'toSvg', 'ready', 'pendingPremove']) {
      expect(names).toContain(n);
    }
    const members = new Map(element().members.map((m) => [m.name, m]));
    for (const name of new Set(names)) expect(members.get(name)?.description, name).toBeTruthy();
  });

  test('every event the element dispatches is there with its detail type, described', () => {
    const dispatched = new Set(
      sources.flatMap(({ text }) => [...text.matchAll(/\b_?emit\('(\w+)'/g)].map((m) => m[1]!)),
    );
    expect([...dispatched].sort()).toEqual(['change', 'error', 'gameover', 'move', 'premovechange', 'shapeschange']);
    const map = /interface XiangqiBoardEventMap \{([^}]*)\}/.exec(source('types.ts'))![1]!;
    const details = new Map([...map.matchAll(/(\w+): CustomEvent<(\w+)>/g)].map((m) => [m[1]!, m[2]!]));
    const events = new Map(element().events.map((e) => [e.name, e]));
    for (const name of dispatched) {
      expect(events.get(name)?.type.text, name).toBe(`CustomEvent<${details.get(name)}>`);
      expect(details.get(name), name).toMatch(/Detail$/);
      expect(events.get(name)?.description, name).toBeTruthy();
    }
    expect(events.size).toBe(dispatched.size);
  });

  test('every part the templates name is there, described', () => {
    // Parts written through an interpolation, by what the interpolation holds (render-svg.ts's side of
    // the piece; shapes.ts's `arrow`, which is `arrow`, `arrow drawn` or `arrow drawn pending`).
    const dynamic: Record<string, string[]> = { side: ['red', 'black'], arrow: ['arrow', 'drawn', 'pending'] };
    const parts = new Set<string>();
    const interpolated = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/\bpart=(?:"([^"]*)"|(\$\{\w+\}))/g)) {
        const value = m[1] ?? m[2]!;
        for (const [, name] of value.matchAll(/\$\{(\w+)\}/g)) interpolated.add(name!);
        for (const token of value.replace(/\$\{\w+\}/g, ' ').split(/\s+/)) if (token) parts.add(token);
      }
    }
    // A new interpolated part needs its values here.
    expect([...interpolated].sort()).toEqual(Object.keys(dynamic).sort());
    for (const values of Object.values(dynamic)) for (const v of values) parts.add(v);
    expect(parts.size).toBeGreaterThanOrEqual(13);
    const cssParts = new Map(element().cssParts.map((p) => [p.name, p]));
    for (const part of parts) expect(cssParts.get(part)?.description, `part ${part}`).toBeTruthy();
    expect([...cssParts.keys()].sort()).toEqual([...parts].sort());
  });

  test('every --xq-* custom property the styles read is there, described', () => {
    const used = new Set(
      sources.flatMap(({ text }) => [...text.matchAll(/var\((--xq-[a-z][\w-]*)/g)].map((m) => m[1]!)),
    );
    expect(used.size).toBeGreaterThanOrEqual(20);
    const props = new Map(element().cssProperties.map((p) => [p.name, p]));
    for (const name of used) expect(props.get(name)?.description, name).toBeTruthy();
    expect([...props.keys()].sort()).toEqual([...used].sort());
  });

  test("the module's other exports are declared, described, and exported by both entry points", () => {
    const index = source('index.ts');
    const values = [...index.matchAll(/^export \{([^}]*)\} from/gm)]
      .flatMap((m) => m[1]!.split(','))
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '));
    expect(values).toEqual(
      expect.arrayContaining(['XiangqiBoard', 'START_FEN', 'loadBook', 'loadNetwork', 'setDefaultMoveProvider']),
    );
    const [modules, bundle] = manifest.modules;
    expect(modules!.path).toBe('dist/board/index.js');
    expect(bundle!.path).toBe('dist/xiangqi-board.js');
    const declared = new Map(modules!.declarations.map((d) => [d.name, d]));
    for (const name of values) expect(declared.get(name)?.description, name).toBeTruthy();
    expect([...declared.keys()].sort()).toEqual([...values].sort());
    for (const m of [modules!, bundle!]) {
      expect(
        m.exports
          .filter((e) => e.kind === 'js')
          .map((e) => e.name)
          .sort(),
      ).toEqual([...values].sort());
      expect(m.exports.find((e) => e.kind === 'custom-element-definition')).toMatchObject({
        name: 'xiangqi-board',
        declaration: { name: 'XiangqiBoard' },
      });
    }
    expect(manifest.package.name).toBe('xiangqi-wasm');
  });
});

describe("editors' data made from the manifest", () => {
  test("VS Code's HTML custom data lists every attribute, with its description and values", () => {
    const el = element();
    expect(vscode.version).toBe(1.1);
    expect(vscode.tags.map((t) => t.name)).toEqual(['xiangqi-board']);
    const tag = vscode.tags[0]!;
    expect(tag.description).toContain(el.description!);
    expect(tag.attributes.map((a) => a.name)).toEqual(el.attributes.map((a) => a.name));
    for (const a of tag.attributes) expect(a.description, a.name).toBeTruthy();
    const byName = new Map(tag.attributes.map((a) => [a.name, a]));
    expect(byName.get('piece-set')!.values!.map((v) => v.name)).toEqual([
      'traditional',
      'simplified',
      'letters',
      'blank',
      'blank-mono',
    ]);
    expect(byName.get('premove')!.valueSet).toBe('v');
  });

  test('JetBrains web-types list every attribute, event, property, part and custom property', () => {
    const el = element();
    expect(webTypes.$schema).toBe('http://json.schemastore.org/web-types');
    expect(webTypes.name).toBe('xiangqi-wasm');
    const [found] = webTypes.contributions.html.elements;
    expect(found!.name).toBe('xiangqi-board');
    expect(found!.attributes.map((a) => a.name)).toEqual(el.attributes.map((a) => a.name));
    for (const a of found!.attributes) expect(a.description, a.name).toBeTruthy();
    expect(found!.events.map((e) => e.name)).toEqual(el.events.map((e) => e.name));
    expect(found!.js.events.map((e) => e.type)).toEqual(el.events.map((e) => e.type.text));
    expect(found!.js.properties.map((p) => p.name)).toEqual(
      el.members.filter((m) => m.kind === 'field').map((m) => m.name),
    );
    expect(found!.css.parts.map((p) => p.name)).toEqual(el.cssParts.map((p) => p.name));
    expect(found!.css.properties.map((p) => p.name)).toEqual(el.cssProperties.map((p) => p.name));
  });

  test('package.json points JetBrains IDEs at the web-types beside the manifest', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, string>;
    expect(pkg['web-types']).toBe('./dist/web-types.json');
    expect(pkg.customElements).toBe('./dist/custom-elements.json');
  });
});
