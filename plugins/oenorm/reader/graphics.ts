/**
 * ÖNORM A 2063 graphics → images of the long texts. A document keeps its pictures once, in the header table
 * `grafiktabelle` (`grafikelement` with the attribute `id`, a UUID, and the children `bezeichnung` (≤ 60
 * characters), `format` (`image/jpeg`, `image/gif` or `image/png`) and `daten` (base64, at most 65,536 bytes)), and an
 * element links the pictures that belong to it through `grafiklinks/grafiklink[@linkid]` (2009 `ontypdef.xsd`:
 * `grafikelement.type`, `grafiktabelle.group`, `grafiklinks.group`, `bild.type`; positions, `svb` and the LG/ULG
 * properties hold such links, `lv-element-basisdaten.group`).
 *
 * The model has no table of pictures: an image is part of a long text, as the GAEB DA XML readers keep theirs,
 * `<img src="data:<format>;base64,<daten>" alt="<bezeichnung>" data-grafikid="<id>">` after the text it belongs to
 * (the id kept so that a writer can link the picture under the same id again). An image adds nothing to the plain
 * long text.
 */
import { escapeHtmlAttribute } from '../../../core/text/html-output.js';
import type { OenormReport } from './report.js';

/** `grafikformat.type`. */
const FORMATS = new Set(['image/jpeg', 'image/gif', 'image/png']);
/** Base64 as `xs:base64Binary` allows it (white space between the characters is dropped first). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const WHITE_SPACE = /\s+/g;

interface GraphicDraft {
  id: string;
  bezeichnung: string;
  format: string;
  daten: string;
}

/** The pictures of one document, by id, as the `<img>` element each link to it adds to a long text. */
export class OenormGraphics {
  private readonly images = new Map<string, string>();
  private draft: GraphicDraft | undefined;

  constructor(private readonly report: OenormReport) {}

  /** `grafikelement[@id]` opens. */
  open(id: string | undefined): void {
    this.draft = { id: (id ?? '').trim(), bezeichnung: '', format: '', daten: '' };
  }

  /** A child of the open `grafikelement` (`bezeichnung`, `format`, `daten`), its text trimmed. */
  leaf(name: string, text: string): void {
    const d = this.draft;
    if (d === undefined) return;
    if (name === 'bezeichnung') d.bezeichnung = text;
    else if (name === 'format') d.format = text.toLowerCase();
    else if (name === 'daten') d.daten = text.replace(WHITE_SPACE, '');
  }

  /** `grafikelement` closes: a picture that can be shown is kept under its id; any other is reported. */
  close(): void {
    const d = this.draft;
    this.draft = undefined;
    if (d === undefined) return;
    const what = `The graphic ${d.id === '' ? 'without id' : d.id}${d.bezeichnung !== '' ? ` (${d.bezeichnung})` : ''}`;
    if (d.id === '') return this.report.report('OENORM_GRAPHIC_DROPPED', 'warning', `${what} has no id and cannot be linked; it was not read.`);
    if (!FORMATS.has(d.format)) {
      return this.report.report('OENORM_GRAPHIC_DROPPED', 'warning', `${what} has the format '${d.format}', not one of ${[...FORMATS].join(', ')}; it was not read.`);
    }
    if (d.daten === '' || !BASE64.test(d.daten)) {
      return this.report.report('OENORM_GRAPHIC_DROPPED', 'warning', `${what} holds no base64 picture data; it was not read.`);
    }
    const alt = d.bezeichnung !== '' ? ` alt="${escapeHtmlAttribute(d.bezeichnung)}"` : '';
    this.images.set(d.id, `<img src="data:${d.format};base64,${d.daten}"${alt} data-grafikid="${escapeHtmlAttribute(d.id)}">`);
  }

  /**
   * The `<img>` elements of an element's links, in the order of the links; a link to no picture of the table is
   * reported and passed over.
   * @param where the element's item number (or a description) for the message
   */
  html(linkIds: readonly string[], where: string | undefined): string {
    let out = '';
    for (const id of linkIds) {
      const img = this.images.get(id.trim());
      if (img !== undefined) out += img;
      else this.report.report('OENORM_GRAPHIC_MISSING', 'warning', `A link to the graphic ${id} was passed over: the document's grafiktabelle holds no readable graphic with that id.`, where);
    }
    return out;
  }
}
