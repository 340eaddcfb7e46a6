/**
 * Long texts for the GAEB DA XML writer: the intermediate long-text form (core/text/long-text.ts, the blocks fit
 * the GAEB DA XML 3.3 Lib text types tgFTextTC, tgpTC, tgdivTC, tgliTC, tgtableTC/tgtrTC/tgtdTC, tgImage,
 * tgTextComplement) made ready to write: every text and attribute value passes the writer's cleaner (its policy
 * for characters XML forbids), adjacent spans of one style are merged, a `div` that shows nothing is left out, and
 * an image that is not an embedded PNG/JPEG/GIF is reported and replaced by its alternative text (GAEB embeds
 * images, 3.0 spec §5.9). Every text character is kept.
 */
import {
  plainLongText, type Block, type Cell, type Complement, type Inline, type ListItem, type LongText, type Row,
} from '../../../../core/text/long-text.js';

export type { Block, Complement, Inline } from '../../../../core/text/long-text.js';

/** Cleans one text or attribute value (the writer's policy for characters XML forbids). */
export type TextCleaner = (value: string) => string;
/** Called when something cannot be carried over (e.g. an image that is not a data URI). */
export type DropReporter = (what: string) => void;

/** The blocks of a parsed long text, ready for the DA XML writer. */
export function formToBlocks(form: LongText, clean: TextCleaner, drop: DropReporter): Block[] {
  return new Preparer(clean, drop).blocks(form.blocks);
}

/** Plain text (lines separated by CR, LF or CRLF) → one p per line. */
export function plainToBlocks(text: string, clean: TextCleaner): Block[] {
  return formToBlocks(plainLongText(text), clean, () => undefined);
}

class Preparer {
  constructor(
    private readonly clean: TextCleaner,
    private readonly drop: DropReporter,
  ) {}

  blocks(list: readonly Block[]): Block[] {
    const out: Block[] = [];
    for (const b of list) {
      switch (b.t) {
        case 'p':
        case 'div': {
          const inl = this.inlines(b.inl);
          if (b.t === 'div' && inl.length === 0) break;
          out.push({ t: b.t, style: this.style(b.style), inl, ...(b.implicit ? { implicit: true as const } : {}) });
          break;
        }
        case 'list':
          out.push({ t: 'list', ordered: b.ordered, style: this.style(b.style), items: b.items.map((i): ListItem => ({ style: this.style(i.style), blocks: this.blocks(i.blocks) })) });
          break;
        case 'table': {
          // tgtr holds at least one cell: rows without cells (an empty line to the plain text) are left out
          const rows = b.rows.filter((r) => r.cells.length > 0);
          if (rows.length > 0) out.push({ t: 'table', attrs: this.attrs(b.attrs), rows: rows.map((r): Row => ({ attrs: this.attrs(r.attrs), cells: r.cells.map((c): Cell => ({ th: c.th, attrs: this.attrs(c.attrs), blocks: this.blocks(c.blocks) })) })) });
          break;
        }
        case 'img':
          if (b.data !== undefined) out.push({ ...b, attrs: this.attrs(b.attrs) });
          break;
        case 'page':
          out.push(b);
          break;
      }
    }
    return out;
  }

  inlines(list: readonly Inline[]): Inline[] {
    const out: Inline[] = [];
    const text = (i: Inline & { t: 'span' }, value: string) => {
      const cleaned = this.clean(value);
      if (cleaned === '') return;
      const style = this.style(i.style);
      const last = out[out.length - 1];
      if (last !== undefined && last.t === 'span' && last.style === style) out[out.length - 1] = { ...last, text: last.text + cleaned };
      else out.push({ t: 'span', text: cleaned, style, fmt: i.fmt });
    };
    for (const i of list) {
      if (i.t === 'span') text(i, i.text);
      else if (i.t === 'br') out.push(i);
      else if (i.t === 'img') {
        if (i.data !== undefined) out.push({ ...i, attrs: this.attrs(i.attrs) });
        else {
          this.drop('an image that is not a base64 data URI (GAEB embeds images) was left out');
          if (i.alt) text({ t: 'span', text: i.alt, fmt: { bold: false, italic: false, underline: false, superscript: false, subscript: false } }, i.alt);
        }
      } else out.push({ t: 'tc', tc: this.complement(i.tc) });
    }
    return out;
  }

  private complement(tc: Complement): Complement {
    return {
      kind: tc.kind,
      markLbl: tc.markLbl,
      empty: tc.empty,
      caption: tc.caption && this.inlines(tc.caption),
      bodyValue: tc.bodyValue && { type: tc.bodyValue.type, value: this.clean(tc.bodyValue.value) },
      body: this.inlines(tc.body),
      tail: tc.tail && this.inlines(tc.tail),
    };
  }

  private style(style: string | undefined): string | undefined {
    return style === undefined ? undefined : this.clean(style) || undefined;
  }

  private attrs(attrs: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(attrs)) {
      const v = this.clean(value);
      if (v !== '') out[name] = v;
    }
    return out;
  }
}
