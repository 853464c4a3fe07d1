// The little XML that game records use (象棋桥's CBF files): elements, attributes, text, CDATA, the
// five named entities and character references; the declaration, comments, processing instructions
// and a DOCTYPE are skipped. No DTDs, no namespaces. Read without recursion, so deep nesting cannot
// overflow the stack; a malformed document throws XmlError with the line and column.

/** An XML text (a CBF record) that is not well-formed, with the place of the problem. */
export class XmlError extends Error {
  /** Always `XmlError`, to tell this error from others by name. */
  override name = 'XmlError';
  constructor(
    /** The problem in words, without the place (the message adds it). */
    readonly reason: string,
    /** 1-based. */
    readonly line: number,
    /** 1-based column of that line. */
    readonly column: number,
  ) {
    super(`XML line ${line}, column ${column}: ${reason}`);
  }
}

export interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  /** Child elements and text (CDATA included), in document order. */
  children: (XmlElement | string)[];
  /** The line the element starts on (1-based). */
  line: number;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;

/** The text of an element: its text and CDATA children joined (child elements' text not included). */
export function textOf(element: XmlElement): string {
  return element.children.filter((c): c is string => typeof c === 'string').join('');
}

/** The child elements of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** Parses a document and returns its root element. */
export function parseXml(text: string): XmlElement {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (reason: string, at = i): never => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    throw new XmlError(reason, line, at - before.lastIndexOf('\n'));
  };
  // Lines counted as the reader moves on (it only moves forward), not from the start each time.
  let counted = 0;
  let lines = 1;
  const lineAt = (at: number): number => {
    for (let p = text.indexOf('\n', counted); p >= 0 && p < at; p = text.indexOf('\n', p + 1)) lines++;
    counted = Math.max(counted, at);
    return lines;
  };
  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;&<\s]*);?/g, (whole, ref: string, offset: number) => {
      if (!whole.endsWith(';')) fail(`"&${ref}" is not an entity (write &amp; for &)`, at + offset);
      if (ref.startsWith('#')) {
        const code = /^#x[0-9a-f]+$/i.test(ref)
          ? parseInt(ref.slice(2), 16)
          : /^#[0-9]+$/.test(ref)
            ? Number(ref.slice(1))
            : NaN;
        if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff))
          fail(`"&${ref};" is not a character`, at + offset);
        return String.fromCodePoint(code);
      }
      const named = NAMED[ref];
      if (named === undefined) fail(`unknown entity "&${ref};"`, at + offset);
      return named!;
    });
  const skipTo = (end: string, what: string): void => {
    const close = text.indexOf(end, i);
    if (close < 0) fail(`${what} is never closed with "${end}"`);
    i = close + end.length;
  };
  const readName = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (!m) fail('a name is expected here');
    i += m![0].length;
    return m![0];
  };
  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };

  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < text.length) {
    const parent = open[open.length - 1];
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? text.length : lt;
    if (end > i) {
      const raw = text.slice(i, end);
      if (parent) parent.children.push(decode(raw, i));
      else if (raw.trim()) fail('text outside the root element');
      i = end;
      continue;
    }
    if (text.startsWith('<!--', i)) skipTo('-->', 'a comment');
    else if (text.startsWith('<![CDATA[', i)) {
      if (!parent) fail('CDATA outside the root element');
      const close = text.indexOf(']]>', i);
      if (close < 0) fail('CDATA is never closed with "]]>"');
      parent!.children.push(text.slice(i + 9, close));
      i = close + 3;
    } else if (text.startsWith('<?', i)) skipTo('?>', 'a processing instruction');
    else if (text.startsWith('<!', i)) skipTo('>', 'a declaration');
    else if (text.startsWith('</', i)) {
      const at = i;
      i += 2;
      const name = readName();
      skipSpace();
      if (text[i] !== '>') fail(`the end tag </${name}> is not closed with ">"`);
      i++;
      if (!parent) fail(`</${name}> closes no element`, at);
      if (parent!.name !== name) fail(`</${name}> closes <${parent!.name}> (line ${parent!.line})`, at);
      open.pop();
    } else {
      const at = i;
      i++;
      if (root && open.length === 0) fail('a second root element', at);
      const element: XmlElement = { name: readName(), attributes: new Map(), children: [], line: lineAt(at) };
      for (;;) {
        const spaced = i < text.length && /\s/.test(text[i]!);
        skipSpace();
        if (text.startsWith('/>', i) || text[i] === '>') break;
        if (i >= text.length) fail(`<${element.name}> is never closed with ">"`, at);
        if (!spaced) fail(`attributes of <${element.name}> must be separated by spaces`);
        const nameAt = i;
        const name = readName();
        skipSpace();
        if (text[i] !== '=') fail(`attribute ${name} needs a value (${name}="...")`);
        i++;
        skipSpace();
        const quote = text[i];
        if (quote !== '"' && quote !== "'") fail(`the value of attribute ${name} must be in quotes`);
        const close = text.indexOf(quote!, i + 1);
        if (close < 0) fail(`the value of attribute ${name} is never closed`);
        const value = text.slice(i + 1, close);
        if (value.includes('<')) fail(`the value of attribute ${name} holds "<"`, i + 1 + value.indexOf('<'));
        if (element.attributes.has(name)) fail(`attribute ${name} is given twice`, nameAt);
        element.attributes.set(name, decode(value, i + 1));
        i = close + 1;
      }
      if (parent) parent.children.push(element);
      else root = element;
      if (text[i] === '>') {
        open.push(element);
        i++;
      } else i += 2;
    }
  }
  if (open.length > 0) {
    const last = open[open.length - 1]!;
    fail(`<${last.name}> (line ${last.line}) is never closed`);
  }
  if (!root) fail('there is no element in the text', 0);
  return root!;
}
