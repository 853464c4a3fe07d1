// The small XML reader under the CBF reader: what it skips, what it keeps, where it says a document
// is broken, and that depth costs no stack.
import { describe, expect, test } from 'vitest';
import { XmlError } from '../../web/notation/index.ts';
import { childrenNamed, parseXml, textOf } from '../../web/notation/xml.ts';

function xmlError(text: string): XmlError {
  try {
    parseXml(text);
  } catch (e) {
    if (e instanceof XmlError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('XML', () => {
  test('declaration, comments, DOCTYPE and processing instructions skipped; attributes, text and CDATA kept', () => {
    const root = parseXml(
      `\ufeff<?xml version="1.0"?>\n<!DOCTYPE r>\n<!-- note -->\n<r a='1' b="x &quot;y&quot;">t<![CDATA[<raw> & ]]><c/><?pi x?><c n="2">u</c></r>\n<!-- after -->`,
    );
    expect(root.name).toBe('r');
    expect([...root.attributes]).toEqual([
      ['a', '1'],
      ['b', 'x "y"'],
    ]);
    expect(textOf(root)).toBe('t<raw> & ');
    expect(childrenNamed(root, 'c').map((c) => [c.attributes.get('n'), textOf(c), c.line])).toEqual([
      [undefined, '', 4],
      ['2', 'u', 4],
    ]);
  });

  test.each([
    ['<a><b></a>', 1, 7, /<\/a> closes <b>/],
    ['<a>\n<b>', 2, 4, /<b> \(line 2\) is never closed/],
    ['<a x=1/>', 1, 6, /must be in quotes/],
    ['<a x="1"y="2"/>', 1, 9, /separated by spaces/],
    ['<a x="1" x="2"/>', 1, 10, /given twice/],
    ['<a>&bogus;</a>', 1, 4, /unknown entity/],
    ['<a>a & b</a>', 1, 6, /is not an entity/],
    ['<a>&#xD800;</a>', 1, 4, /not a character/],
    ['<a/><b/>', 1, 5, /a second root/],
    ['text', 1, 1, /text outside the root/],
    ['', 1, 1, /no element/],
    ['<a><![CDATA[x</a>', 1, 4, /CDATA is never closed/],
    ['<a><!-- x</a>', 1, 4, /comment is never closed/],
  ])('%s is refused at %i:%i', (text, line, column, reason) => {
    const e = xmlError(text);
    expect([e.line, e.column]).toEqual([line, column]);
    expect(e.message).toMatch(reason);
  });

  test('100,000 levels deep: read without recursion', () => {
    const depth = 100_000;
    let node = parseXml(`${'<n>'.repeat(depth)}x${'</n>'.repeat(depth)}`);
    let levels = 1;
    while (node.children[0] && typeof node.children[0] !== 'string') {
      node = node.children[0];
      levels++;
    }
    expect(levels).toBe(depth);
    expect(textOf(node)).toBe('x');
  });
});
