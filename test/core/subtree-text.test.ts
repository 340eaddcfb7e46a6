/** `core/xml/subtree-text.ts`: a subtree kept as XML text from saxes events, and kept text parsed and given anew. */
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { XmlCapture, recaptureXml } from '../../core/xml/subtree-text.js';

/** Captures the first element named `root` of `xml`, fed to saxes in chunks of `chunk` characters. */
function capture(xml: string, root: string, chunk: number) {
  const parser = new SaxesParser({ xmlns: false });
  const c = new XmlCapture();
  let inside = false;
  let result: ReturnType<XmlCapture['finish']> | undefined;
  parser.on('opentag', (t) => {
    if (inside) c.element(t.name, t.attributes as Record<string, string>);
    else if (t.name === root && result === undefined) {
      inside = true;
      c.start(t.name, t.attributes as Record<string, string>);
    }
  });
  parser.on('text', (t) => { if (inside) c.text(t); });
  parser.on('closetag', () => {
    if (inside && c.close()) {
      inside = false;
      result = c.finish();
    }
  });
  for (let i = 0; i < xml.length; i += chunk) parser.write(xml.slice(i, i + chunk));
  parser.close();
  return result;
}

describe('subtree kept as XML text', () => {
  const doc = '<r xmlns:o="urn:o"><keep a="1 &amp; &quot;2&quot;"><p>Mixed <b>bold</b> &lt;text&gt; after</p><s:x xmlns:s="urn:s"><s:y s:z="1"/></s:x>\n  <e/></keep><other/></r>';

  it('keeps mixed content in order, escapes text and attributes, whatever the chunks', () => {
    for (const chunk of [1, 7, 1000]) {
      expect(capture(doc, 'keep', chunk)).toEqual({
        xml: '<keep a="1 &amp; &quot;2&quot;"><p>Mixed <b>bold</b> &lt;text&gt; after</p><s:x xmlns:s="urn:s"><s:y s:z="1"></s:y></s:x>\n  <e></e></keep>',
        portable: true,
      });
    }
  });

  it('is not portable when a prefix is declared outside it', () => {
    expect(capture(doc.replace('<e/>', '<o:e/>'), 'keep', 50)?.portable).toBe(false);
    expect(capture(doc.replace('<e/>', '<e o:a="1"/>'), 'keep', 50)?.portable).toBe(false);
    expect(capture(doc.replace('<e/>', '<e xml:lang="de"/>'), 'keep', 50)?.portable).toBe(true);
  });

  it('recaptureXml gives text back only for one well-formed, portable element of the name asked for', () => {
    const kept = capture(doc, 'keep', 1000)!.xml;
    expect(recaptureXml(kept, 'keep')).toEqual({ xml: kept, portable: true });
    expect(recaptureXml(`  ${kept}\n`, 'keep')?.xml).toBe(kept);
    for (const bad of [kept + '<keep/>', 'x' + kept, kept.slice(0, -3), '<other/>', '<keep>&nbsp;</keep>', '<!DOCTYPE keep><keep/>', '<keep><o:e/></keep>']) {
      expect(recaptureXml(bad, 'keep'), bad).toBeUndefined();
    }
  });
});
