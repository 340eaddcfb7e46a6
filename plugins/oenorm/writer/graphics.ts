/**
 * Images of long texts → ÖNORM graphics. ÖNORM formatted text holds no pictures; a document keeps each picture once
 * in its header table `grafiktabelle` (`grafikelement[@id]`: `bezeichnung`, `format`, `daten`), and an element links
 * those of its text through `grafiklinks/grafiklink[@linkid]` (2009 `ontypdef.xsd`: `grafikelement.type`,
 * `grafiktabelle.group`, `grafiklinks.group`; `bild.type`: base64, at most 65,536 bytes; `grafikformat.type`:
 * `image/jpeg`, `image/gif`, `image/png`; `grafikid.type`: a UUID in lower case).
 *
 * A picture is an `<img>` whose `src` is a data URI of a PNG, JPEG or GIF picture (as the ÖNORM and GAEB DA XML
 * readers write them); equal pictures are one graphic. Its id is the one the ÖNORM reader kept (`data-grafikid`),
 * else a name-based UUID of the picture (RFC 4122 §4.3, SHA-1, version 5), so that the same picture gets the same id
 * in every file written; its `bezeichnung` is the image's `alt` text. Any other image is left out by the text
 * writer, which says so.
 */
import { createHash } from 'node:crypto';
import { imageData } from '../../../core/text/long-text.js';
import { parseHtmlTree, type HtmlNode } from '../../../core/text/html-tree.js';
import type { OenormWriterContext } from './context.js';

/** `grafikid.type` (`uuid.type`). */
const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
/** `bild.type`: at most 65,536 bytes of picture. */
const MAX_PICTURE_BYTES = 65_536;
/** A namespace for the name-based ids (a version-4 UUID chosen for this writer). */
const ID_NAMESPACE = Buffer.from('4f1d2c7e9b3a4e5f8a6b0c1d2e3f4a5b', 'hex');

/** One `grafikelement`. */
export interface OenormGraphic {
  id: string;
  bezeichnung: string;
  format: string;
  daten: string;
}

/** An `img` of a text: its picture when it has one (`imageData`), and what the reader kept. */
interface ImageRef {
  picture?: { mime: string; data: string };
  alt: string;
  keptId?: string;
}

/** One graphic per picture: the key of a picture is its MIME type and data. */
const pictureKey = (mime: string, data: string): string => `${mime},${data}`;

/** Size in bytes of the picture that base64 `data` (no white space) holds. */
const pictureBytes = (data: string): number => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

function imagesOf(nodes: readonly HtmlNode[], out: ImageRef[] = []): ImageRef[] {
  for (const n of nodes) {
    if (n.kind !== 'el') continue;
    if (n.tag === 'img') {
      const kept = n.attrs['data-grafikid']?.trim().toLowerCase();
      out.push({
        picture: imageData(n.attrs.src), alt: n.attrs.alt?.trim() ?? '', keptId: kept !== undefined && UUID.test(kept) ? kept : undefined,
      });
    } else imagesOf(n.children, out);
  }
  return out;
}

/** RFC 4122 §4.3 name-based UUID (SHA-1) of `name` in {@link ID_NAMESPACE}. */
function nameBasedId(name: string): string {
  const h = createHash('sha1').update(ID_NAMESPACE).update(name).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex', 0, 16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The graphics of one document: collected from all texts before the header is written, then linked per element. */
export class OenormGraphicsTable {
  private readonly byPicture = new Map<string, OenormGraphic>();
  private readonly ids = new Set<string>();
  private readonly links = new Map<string, string[]>();

  constructor(private readonly ctx: OenormWriterContext) {}

  /** The graphics in the order their pictures were first met. */
  get graphics(): OenormGraphic[] {
    return [...this.byPicture.values()];
  }

  /**
   * Adds the pictures of one text that ÖNORM can hold (see the module comment; a picture over 65,536 bytes only when
   * `SkipTryEnforceSchemaCompliantXmlOutput` is set).
   * @param where the element's item number, for messages
   */
  collect(html: string | undefined, where: string): void {
    if (html === undefined || !html.includes('<img')) return;
    for (const img of imagesOf(parseHtmlTree(html))) {
      const picture = img.picture;
      if (picture === undefined) continue;
      const key = pictureKey(picture.mime, picture.data);
      if (this.byPicture.has(key)) continue;
      // too large for `bild.type`: left out by the text writer, which reports it
      if (this.ctx.enforce && pictureBytes(picture.data) > MAX_PICTURE_BYTES) continue;
      const id = img.keptId !== undefined && !this.ids.has(img.keptId) ? img.keptId : nameBasedId(key);
      let bezeichnung = this.ctx.line(img.alt, 60, 'grafikelement/bezeichnung', where);
      if (bezeichnung === '' && this.ctx.enforce) {
        bezeichnung = `Grafik ${this.byPicture.size + 1}`;
        this.ctx.filled('grafikelement/bezeichnung', 'Grafik <n>');
      }
      this.ids.add(id);
      this.byPicture.set(key, { id, bezeichnung, format: picture.mime, daten: picture.data });
    }
  }

  /** Whether the picture (`mime` and base64 `data` of an image) is one of the graphics, and so is linked, not lost. */
  has(mime: string | undefined, data: string | undefined): boolean {
    return mime !== undefined && data !== undefined && this.byPicture.has(pictureKey(mime, data));
  }

  /** The ids of the graphics of a text, in the order of its images, each once. */
  linksOf(html: string | undefined): string[] {
    if (html === undefined || !html.includes('<img') || this.byPicture.size === 0) return [];
    let ids = this.links.get(html);
    if (ids === undefined) {
      ids = [];
      for (const img of imagesOf(parseHtmlTree(html))) {
        const g = img.picture !== undefined ? this.byPicture.get(pictureKey(img.picture.mime, img.picture.data)) : undefined;
        if (g !== undefined && !ids.includes(g.id)) ids.push(g.id);
      }
      this.links.set(html, ids);
    }
    return ids;
  }
}

/** `grafiktabelle` (written even when empty: the header requires it). */
export function writeGrafiktabelle(ctx: OenormWriterContext, table: OenormGraphicsTable): void {
  const graphics = table.graphics;
  if (graphics.length === 0) {
    ctx.b.empty('grafiktabelle');
    return;
  }
  ctx.b.open('grafiktabelle');
  for (const g of graphics) {
    ctx.b.open('grafikelement', { id: g.id }).leaf('bezeichnung', g.bezeichnung).leaf('format', g.format).leaf('daten', g.daten).close();
  }
  ctx.b.close();
}

/** `grafiklinks` of an element (nothing when it links no graphic). */
export function writeGrafiklinks(ctx: OenormWriterContext, ids: readonly string[]): void {
  if (ids.length === 0) return;
  ctx.b.open('grafiklinks');
  for (const id of ids) ctx.b.empty('grafiklink', { linkid: id });
  ctx.b.close();
}
