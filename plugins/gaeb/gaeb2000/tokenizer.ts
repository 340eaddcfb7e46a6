/**
 * GAEB 2000 (`.P81`–`.P86`) tokenizer: decoded file text → tree of blocks and values.
 *
 * Syntax (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83, observed on all corpus `.P8x` files):
 * - containers `#begin[Name]` … `#end[Name]`, each on its own line; BUILDUP appends a depth counter after the
 *   bracket (`#begin[GAEBInfo]1`, gaeb2000_file.p83), which is ignored;
 * - values `[Tag]value[end]`; a value may span lines (iTWO/NEVARIS/SJ AVA long texts); continuation lines carry
 *   the writer's indentation, which is removed (`lines` keeps the lines, first one as written, the others with
 *   their leading blanks stripped);
 * - tag and block names in any letter case (`[OZ]`, `[Oz]`, `#begin[GAEBINFO]`), compared lower-cased;
 * - vendor tags and blocks start with `_` (`[_RIB_UPFracDig]`, `#begin[_Dangl]`); they are kept in the tree and
 *   the reader skips them;
 * - an optional checksum trailer right after `#end[GAEB]` on the same line (`#end[GAEB]43|109`) or on its own
 *   line: `<#begin count>|<[end] count>` counting neither `_` blocks nor the values inside them (a `_` value outside
 *   a vendor block counts: LV_Los01.P83 has `[_RIB_UPFracDig]` and 43|109).
 *
 * Indentation is irrelevant. A line that is neither a block line nor starts a value is reported as unexpected
 * (`unexpected`) and skipped.
 */

/** A `[Tag]value[end]`. */
export interface Gaeb2000Value {
  kind: 'value';
  /** Tag as written. */
  tag: string;
  /** Tag lower-cased, for lookups. */
  key: string;
  /** Physical lines of the value (continuation lines without their indentation). */
  lines: string[];
  /** 1-based line of the tag. */
  line: number;
}

/** A `#begin[Name]` … `#end[Name]` container. */
export interface Gaeb2000Block {
  kind: 'block';
  name: string;
  /** Name lower-cased. */
  key: string;
  children: (Gaeb2000Block | Gaeb2000Value)[];
  line: number;
}

/** Result of {@link tokenizeGaeb2000}. */
export interface Gaeb2000Document {
  /** The outermost block (normally `GAEB`); a synthetic `#root` when the file has several top-level items. */
  root: Gaeb2000Block;
  /** The trailer after the last `#end[…]` (`30|94`), undefined when absent. */
  checksum?: string;
  /** Counted from the file: `#begin` lines and `[end]` values outside `_` vendor blocks. */
  counted: { begins: number; ends: number };
  /** Problems that did not stop reading (unclosed blocks, stray `#end`, unexpected lines, unterminated values). */
  problems: string[];
}

const BLOCK_LINE = /^#(begin|end)\[([^\]]*)\]\s*(\d*)\s*$/i;
const VALUE_START = /^\[([^\]]+)\]/;
const END_TAG = /\[end\]/i;
const CHECKSUM = /^(\d+)\|(\d+)$/;

/** First value with this (lower-case) key among a block's direct children. */
export function valueOf(block: Gaeb2000Block, key: string): Gaeb2000Value | undefined {
  for (const c of block.children) if (c.kind === 'value' && c.key === key) return c;
  return undefined;
}

/** Trimmed single-line text of a value (lines joined with a blank), undefined when absent or empty. */
export function textOf(block: Gaeb2000Block, key: string): string | undefined {
  const v = valueOf(block, key);
  if (!v) return undefined;
  const t = v.lines.map((l) => l.trim()).join(' ').trim();
  return t === '' ? undefined : t;
}

/** Direct child blocks with this (lower-case) key. */
export function blocksOf(block: Gaeb2000Block, key: string): Gaeb2000Block[] {
  return block.children.filter((c): c is Gaeb2000Block => c.kind === 'block' && c.key === key);
}

/**
 * Tokenizes the decoded text of a GAEB 2000 file (line ends CRLF or LF).
 * @returns the block tree; never throws — structural problems are listed in `problems`
 */
export function tokenizeGaeb2000(text: string): Gaeb2000Document {
  const lines = text.split(/\r?\n/);
  const root: Gaeb2000Block = { kind: 'block', name: '#root', key: '#root', children: [], line: 0 };
  const stack: Gaeb2000Block[] = [root];
  const problems: string[] = [];
  let begins = 0, ends = 0, vendorDepth = 0;
  let checksum: string | undefined;
  let open: Gaeb2000Value | undefined;

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (open) {
      // Continuation of a multi-line value.
      const cont = raw.replace(/^[ \t]+/, '');
      const m = END_TAG.exec(cont);
      if (m) {
        open.lines.push(cont.slice(0, m.index));
        open = undefined;
      } else open.lines.push(cont);
      continue;
    }
    const line = raw.trim();
    if (line === '') continue;
    const block = BLOCK_LINE.exec(line);
    const top = stack[stack.length - 1];
    if (block) {
      const name = block[2].trim();
      const key = name.toLowerCase();
      const vendor = key.startsWith('_');
      if (block[1].toLowerCase() === 'begin') {
        const b: Gaeb2000Block = { kind: 'block', name, key, children: [], line: i + 1 };
        top.children.push(b);
        stack.push(b);
        if (vendor) vendorDepth++;
        else if (vendorDepth === 0) begins++;
      } else {
        const at = findOpen(stack, key);
        if (at < 0) {
          problems.push(`line ${i + 1}: #end[${name}] without #begin`);
          continue;
        }
        if (at < stack.length - 1) problems.push(`line ${i + 1}: #end[${name}] closes unclosed block(s) ${stack.slice(at + 1).map((s) => s.name).join(', ')}`);
        for (let k = stack.length - 1; k >= at; k--) if (stack[k].key.startsWith('_')) vendorDepth--;
        stack.length = at;
      }
      continue;
    }
    const value = VALUE_START.exec(line);
    if (value) {
      const tag = value[1];
      const rest = line.slice(value[0].length);
      const v: Gaeb2000Value = { kind: 'value', tag, key: tag.toLowerCase(), lines: [], line: i + 1 };
      top.children.push(v);
      if (vendorDepth === 0) ends++; // `_` values outside vendor blocks count (LV_Los01.P83: 43|109)
      const m = END_TAG.exec(rest);
      if (m) v.lines.push(rest.slice(0, m.index));
      else {
        // Keep the first line's trailing blanks out; later lines follow.
        v.lines.push(rest);
        open = v;
      }
      continue;
    }
    if (stack.length === 1 && CHECKSUM.test(line)) {
      checksum = line;
      continue;
    }
    // `#end[GAEB]30|94`: the trailer on the same line as the last #end.
    const trailer = /^#end\[([^\]]*)\]\s*(\d+\|\d+)\s*$/i.exec(line);
    if (trailer) {
      const at = findOpen(stack, trailer[1].trim().toLowerCase());
      if (at >= 0) {
        stack.length = at;
        if (at === 1) checksum = trailer[2];
        continue;
      }
    }
    problems.push(`line ${i + 1}: unexpected text '${line.slice(0, 40)}'`);
  }
  if (open) problems.push(`line ${open.line}: value [${open.tag}] has no [end]`);
  if (stack.length > 1) problems.push(`unclosed block(s) at the end of the file: ${stack.slice(1).map((s) => s.name).join(', ')}`);
  const blocks = root.children.filter((c): c is Gaeb2000Block => c.kind === 'block');
  const top = blocks.length === 1 && root.children.length === 1 ? blocks[0] : root;
  return { root: top, checksum, counted: { begins, ends }, problems };
}

function findOpen(stack: readonly Gaeb2000Block[], key: string): number {
  for (let k = stack.length - 1; k >= 1; k--) if (stack[k].key === key) return k;
  return -1;
}

/** The checksum trailer for counts (`<begins>|<ends>`, GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83). */
export const checksumOf = (counts: { begins: number; ends: number }): string => `${counts.begins}|${counts.ends}`;
