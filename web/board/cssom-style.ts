// Inline styles through the CSSOM only. A page whose Content-Security-Policy has no 'unsafe-inline'
// for styles blocks every style="" attribute, including one set by script; writes to element.style
// are allowed. Lit's styleMap writes the attribute on its first render (it only switches to the
// CSSOM on updates), so it is not enough under such a policy; this directive never touches the attribute.
import { noChange } from 'lit';
import { Directive, directive, PartType } from 'lit/directive.js';
import type { ElementPart, PartInfo } from 'lit/directive.js';

/** CSS property (kebab-case, custom properties too) -> value. */
export type StyleProps = Readonly<Record<string, string>>;

class CssomStyle extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssomStyle() goes on an element: <div ${cssomStyle({...})}>');
  }

  render(_styles: StyleProps): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [styles]: [StyleProps]): typeof noChange {
    // Callers pass the same keys on every render, so nothing set before needs removing.
    const style = (part.element as HTMLElement | SVGElement).style;
    for (const name in styles) style.setProperty(name, styles[name]!);
    return noChange;
  }
}

/** `<div ${cssomStyle({ left: '10%' })}>`: sets the properties with style.setProperty, never style="". */
export const cssomStyle = directive(CssomStyle);
