/**
 * Writes the text block model (text.ts) as GAEB DA XML rich text, following the content models of the Lib:
 * tgBoQText (DetailTxt: Text | TextComplement), tgFTextTC / tgFText (Text, DetailAddText, Descrip),
 * tgpTC (span | br | image | TextComplement), tgdivTC (span | br | TextComplement), tgliTC, tgtdTC, tgth (no
 * TextComplement), tgMLText (LblTx, TextOutlTxt, ComplBody …: p | div | span | br), tgTextComplement.
 * Where a construct is not allowed at a place (a table inside `li`, an image inside `div`, a complement inside
 * `th` or, in 3.1, inside a paragraph), the content is rewritten into an allowed form; no text is lost.
 */
import type { XmlBuilder } from '../../../../core/xml/builder.js';
import type { Block, Complement, Inline } from './text.js';

export interface RichTextMode {
  /** TextComplement allowed inside p/div/li/td (3.2/3.3); else only beside `Text` (3.1). */
  complementInline: boolean;
  /** 3.1: ComplCaption and ComplTail must be present. */
  captionTail: boolean;
  /** 84: a complement carries only its body. */
  bodyOnly: boolean;
  /** 3.1 text types: `li`, `td` and `th` hold no lists (tgli, tgtd, tgth of the 3.1 schema). */
  noNestedLists: boolean;
  /** Next MarkLbl for complements without one. */
  nextMark: () => number;
  /** Called when a complement had to be written as plain text. */
  flattened: () => void;
}

type Where = 'text' | 'li' | 'td' | 'th';

/** Owner/Bidder complements present in the blocks (for ComplTSA/ComplTSB, GAEB 3.0 spec §5.7). */
export function complementKinds(blocks: readonly Block[]): { owner: boolean; bidder: boolean } {
  const found = { owner: false, bidder: false };
  for (const tc of complements(blocks)) {
    if (tc.kind === 'Owner') found.owner = true;
    else found.bidder = true;
  }
  return found;
}

/** All complements in document order. */
export function complements(blocks: readonly Block[]): Complement[] {
  const out: Complement[] = [];
  const inl = (list: readonly Inline[]) => {
    for (const i of list) if (i.t === 'tc') out.push(i.tc);
  };
  const walk = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.t === 'p' || b.t === 'div') inl(b.inl);
      else if (b.t === 'list') for (const it of b.items) walk(it.blocks);
      else if (b.t === 'table') for (const r of b.rows) for (const c of r.cells) walk(c.blocks);
    }
  };
  walk(blocks);
  return out;
}

/** Writes the content of `DetailTxt` (tgBoQText): one `Text`, or in 3.1 `Text` parts split around complements. */
export function writeDetailTxtContent(b: XmlBuilder, blocks: readonly Block[], mode: RichTextMode): void {
  if (mode.complementInline) {
    b.open('Text');
    for (const block of blocks) writeBlock(b, block, 'text', true, mode);
    b.close();
    return;
  }
  let open = false;
  const openText = () => {
    if (!open) b.open('Text');
    open = true;
  };
  const closeText = () => {
    if (open) b.close();
    open = false;
  };
  let wrote = false;
  for (const block of blocks) {
    if ((block.t === 'p' || block.t === 'div') && block.inl.some((i) => i.t === 'tc')) {
      // Text outside any paragraph in the source (an implicit block) stays bare spans and breaks (tgFText holds
      // them), so that the complement keeps its place in the line; a part with an image needs its `p`.
      const bare = block.implicit === true;
      let part: Inline[] = [];
      const flushPart = () => {
        if (part.length > 0) {
          openText();
          if (bare && !part.some((i) => i.t === 'img')) writeInlines(b, part, false, false, mode);
          else writeBlock(b, { t: 'p', style: block.style, inl: part }, 'text', false, mode);
          part = [];
        }
      };
      for (const i of block.inl) {
        if (i.t !== 'tc') {
          part.push(i);
          continue;
        }
        flushPart();
        closeText();
        writeComplement(b, i.tc, mode);
        wrote = true;
      }
      flushPart();
      continue;
    }
    openText();
    writeBlock(b, block, 'text', false, mode);
  }
  if (!open && !wrote) openText();
  closeText();
}

/** Writes tgFText content (no complements: they become text). */
export function writeFTextContent(b: XmlBuilder, blocks: readonly Block[], mode: RichTextMode): void {
  for (const block of blocks) writeBlock(b, block, 'text', false, mode);
}

/** Writes tgMLText content: one `p` per line (`LblTx`, `TextOutlTxt`, `OutlineAddText`). */
export function writeMLTextLines(b: XmlBuilder, text: string): void {
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') b.empty('p');
    else b.open('p').leaf('span', line).close();
  }
}

/** 84: the complements alone, as children of `DetailTxt` (tgBoQText of X84 allows TextComplement there). */
export function writeComplementsOnly(b: XmlBuilder, list: readonly Complement[], mode: RichTextMode): void {
  for (const tc of list) writeComplement(b, tc, mode);
}

function writeBlock(b: XmlBuilder, block: Block, where: Where, tcOk: boolean, mode: RichTextMode): void {
  switch (block.t) {
    case 'p':
    case 'div': {
      const attrs = block.style ? { style: block.style } : undefined;
      const isDiv = block.t === 'div' && !block.inl.some((i) => i.t === 'img');
      const inl = block.inl;
      if (inl.length === 0) {
        b.empty(isDiv ? 'div' : 'p', attrs);
        return;
      }
      b.open(isDiv ? 'div' : 'p', attrs);
      writeInlines(b, inl, !isDiv, tcOk && where !== 'th', mode);
      b.close();
      return;
    }
    case 'list': {
      if (mode.noNestedLists && where !== 'text') {
        for (const item of block.items) for (const inner of item.blocks) writeBlock(b, inner, where, tcOk, mode);
        return;
      }
      const tag = block.ordered ? 'ol' : 'ul';
      b.open(tag, block.style ? { style: block.style } : undefined);
      for (const item of block.items) {
        if (item.blocks.length === 0) {
          b.empty('li', item.style ? { style: item.style } : undefined);
          continue;
        }
        b.open('li', item.style ? { style: item.style } : undefined);
        for (const inner of item.blocks) writeBlock(b, inner, 'li', tcOk, mode);
        b.close();
      }
      b.close();
      return;
    }
    case 'table': {
      if (where === 'li') {
        // tgliTC has no table: the cells' content is written in reading order
        for (const row of block.rows) for (const cell of row.cells) for (const inner of cell.blocks) writeBlock(b, inner, 'li', tcOk, mode);
        return;
      }
      b.open('table', block.attrs);
      for (const row of block.rows) {
        b.open('tr', row.attrs);
        for (const cell of row.cells) {
          const tag = cell.th ? 'th' : 'td';
          if (cell.blocks.length === 0) {
            b.empty(tag, cell.attrs);
            continue;
          }
          b.open(tag, cell.attrs);
          for (const inner of cell.blocks) writeBlock(b, inner, cell.th ? 'th' : 'td', tcOk && !cell.th, mode);
          b.close();
        }
        b.close();
      }
      b.close();
      return;
    }
    case 'img':
      if (where === 'text') b.leaf('Image', block.data, { ...block.attrs, Type: block.mime });
      else b.open('p').leaf('image', block.data, { ...block.attrs, Type: block.mime }).close();
      return;
    case 'page':
      if (where === 'text') b.empty('page');
      return;
  }
}

/** Inlines of p (`image` allowed) or div; complements inline when allowed, else flattened to spans. */
function writeInlines(b: XmlBuilder, inl: readonly Inline[], inP: boolean, tcOk: boolean, mode: RichTextMode): void {
  for (const i of inl) {
    if (i.t === 'span') {
      if (i.text !== '') b.leaf('span', i.text, i.style ? { style: i.style } : undefined);
    } else if (i.t === 'br') b.empty('br');
    else if (i.t === 'img') {
      if (inP) b.leaf('image', i.data, { ...i.attrs, Type: i.mime });
    } else if (tcOk && mode.complementInline) writeComplement(b, i.tc, mode);
    else {
      mode.flattened();
      writeInlines(b, complementAsText(i.tc), false, false, mode);
    }
  }
}

/** A complement's caption, body and tail as plain inlines (concatenated as the model's plain text has them). */
function complementAsText(tc: Complement): Inline[] {
  return [...(tc.caption ?? []), ...tc.body, ...(tc.tail ?? [])];
}

/** tgTextComplement: @Kind @MarkLbl @Empty; ComplCaption?, (ComplBodyDec|ComplBodyInt)?, ComplBody, ComplTail?. */
export function writeComplement(b: XmlBuilder, tc: Complement, mode: RichTextMode): void {
  const mark = tc.markLbl ?? mode.nextMark();
  b.open('TextComplement', { Kind: tc.kind, MarkLbl: mark, Empty: tc.empty ? 'Yes' : undefined });
  if (!mode.bodyOnly && (tc.caption?.length || mode.captionTail)) part(b, 'ComplCaption', tc.caption);
  if (tc.bodyValue) {
    const v = tc.bodyValue.value.replace(',', '.');
    const valid = tc.bodyValue.type === 'Int' ? /^[+-]?\d{1,18}$/.test(v) : /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v);
    if (valid) b.empty(tc.bodyValue.type === 'Int' ? 'ComplBodyInt' : 'ComplBodyDec', { Value: v });
  }
  part(b, 'ComplBody', tc.body);
  if (!mode.bodyOnly && (tc.tail?.length || mode.captionTail)) part(b, 'ComplTail', tc.tail);
  b.close();
}

function part(b: XmlBuilder, name: string, inl: readonly Inline[] | undefined): void {
  const list = (inl ?? []).filter((i) => (i.t === 'span' && i.text !== '') || i.t === 'br');
  if (list.length === 0) {
    b.empty(name);
    return;
  }
  b.open(name);
  for (const i of list) {
    if (i.t === 'span') b.leaf('span', i.text, i.style ? { style: i.style } : undefined);
    else b.empty('br');
  }
  b.close();
}
