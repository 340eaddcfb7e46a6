/** `core/xml/capture.ts`: a subtree captured from saxes events, names, attributes and trimmed texts in order. */
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { SubtreeCapture, childNamed, childrenNamed, type CapturedElement } from '../../core/xml/capture.js';

/** Captures the first element named `root` of `xml`, fed to saxes in chunks of `chunk` characters. */
function capture(xml: string, root: string, chunk: number): CapturedElement | undefined {
  const parser = new SaxesParser({ xmlns: false });
  const c = new SubtreeCapture();
  let depth = 0, at = -1;
  let found: CapturedElement | undefined;
  parser.on('opentag', (tag) => {
    if (at >= 0) c.element(tag.name, tag.attributes as Record<string, string>);
    else if (tag.name === root && found === undefined) {
      c.start(tag.name, tag.attributes as Record<string, string>);
      at = depth;
    }
    depth++;
  });
  parser.on('text', (t) => { if (at >= 0) c.text(t); });
  parser.on('closetag', () => {
    depth--;
    if (at < 0) return;
    if (depth === at) {
      found = c.finish();
      at = -1;
    } else c.close();
  });
  for (let i = 0; i < xml.length; i += chunk) parser.write(xml.slice(i, i + chunk));
  parser.close();
  return found;
}

const XML = '<doc><skip>x</skip><t a="1"> <g nr="V1"><n>  Name &amp; more </n><n>zwei</n></g>\n <g nr="V2"/> tail </t><after/></doc>';

describe('SubtreeCapture', () => {
  it('keeps the subtree with trimmed texts and copied attributes, whatever the chunking', () => {
    for (const chunk of [1, 3, 1000]) {
      const t = capture(XML, 't', chunk)!;
      expect(t.name, String(chunk)).toBe('t');
      expect(t.attrs).toEqual({ a: '1' });
      expect(t.text).toBe('tail');
      expect(childrenNamed(t, 'g').map((g) => g.attrs.nr)).toEqual(['V1', 'V2']);
      expect(childrenNamed(childNamed(t, 'g')!, 'n').map((n) => n.text)).toEqual(['Name & more', 'zwei']);
      expect(childNamed(t, 'x')).toBeUndefined();
    }
  });
});
