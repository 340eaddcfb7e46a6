/**
 * The `ava` format: the canonical project as JSON (AVACloud's ProjectDto). As a source it takes the request body
 * (`avaProject`) or a `.json` file; as a target it writes the recalculated project, with option group L removing
 * plain or HTML long texts (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger), group L). The JSON is streamed: chunks of about 64 KiB, serialised element
 * by element when they are pulled, so a 50 MB document never exists as one string or one Buffer.
 */
import { parseError } from '../../core/errors.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { decodeText } from '../../core/text/encoding.js';

export const PROJECT_MEDIA_TYPE = 'application/vnd.com.dangl-it.ProjectDto.v1+json';

type Texts = { longText?: string; htmlLongText?: string; elements?: ElementDto[]; blocks?: ElementDto[]; subDescriptions?: Texts[] };

function stripLongTexts(node: Texts, plain: boolean, html: boolean): void {
  if (plain) delete node.longText;
  if (html) delete node.htmlLongText;
  for (const child of [...(node.elements ?? []), ...(node.blocks ?? []), ...(node.subDescriptions ?? [])]) stripLongTexts(child as Texts, plain, html);
}

/**
 * A ProjectDto JSON file → value. UTF-8 (RFC 8259 §8.1); a byte order mark is ignored, as RFC 8259 §8.1 allows,
 * and a UTF-16 one (LE or BE) decodes the file as UTF-16 (what editors on Windows save as "Unicode").
 * @throws GatewayError GW_ERR_PARSE (400, key `avaProject`) for an empty file or one that is not JSON
 */
function parseJson(bytes: Buffer): unknown {
  const text = decodeText(bytes, 'utf-8');
  if (text.trim() === '') throw parseError('The project is empty; expected a ProjectDto JSON object.', 'avaProject');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw parseError(`The project is not valid JSON: ${(err as Error).message}`, 'avaProject');
  }
}

/** Characters collected before a chunk is encoded and handed out. */
const CHUNK_CHARS = 64 * 1024;

type Container = Record<string, unknown> | unknown[];

/** An open object or array of the document, with the position of the next member to write. */
interface Frame {
  value: Container;
  /** Own enumerable keys of an object (as `JSON.stringify` visits them); undefined for an array. */
  keys: string[] | undefined;
  next: number;
  /** Nothing written inside yet (no comma before the next member). */
  empty: boolean;
}

/** An object or array that `JSON.stringify` serialises member by member (no `toJSON`). */
const isContainer = (v: unknown): v is Container =>
  typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/**
 * The members written piece by piece rather than with one `JSON.stringify`: the document root, the arrays holding
 * service specifications and elements, and their members that hold elements themselves (specifications, groups).
 * Everything else (a position, a note, a party …) is one `JSON.stringify` call.
 */
const isStreamedArray = (key: string, v: unknown): v is unknown[] =>
  (key === 'elements' || key === 'serviceSpecifications') && Array.isArray(v) && isContainer(v);
const holdsElements = (v: unknown): v is Record<string, unknown> =>
  isContainer(v) && !Array.isArray(v) && Array.isArray((v as { elements?: unknown }).elements);

/**
 * `JSON.stringify` of `value` as the member `key` of an object or array: the same as `JSON.stringify(value)`,
 * except that a `toJSON` method is called with that key (as `JSON.stringify` of the whole document calls it).
 */
function stringifyMember(key: string, value: unknown): string | undefined {
  const withToJson = (typeof value === 'object' && value !== null) || typeof value === 'bigint';
  if (!withToJson || typeof (value as { toJSON?: unknown }).toJSON !== 'function') return JSON.stringify(value);
  const json = JSON.stringify({ [key]: value }); // `{"key":…}`, or `{}` when the member is left out
  return json.length === 2 ? undefined : json.slice(JSON.stringify(key).length + 2, -1);
}

/**
 * `JSON.stringify(value)` as UTF-8 chunks, produced lazily: exactly the same text (key order, skipped
 * `undefined`/function members, `null` for them in arrays, `toJSON`), cut into pieces as they are pulled.
 */
export class JsonChunks implements IterableIterator<Buffer> {
  private readonly stack: Frame[] = [];
  private pieces: string[] = [];
  private chars = 0;

  constructor(value: unknown) {
    if (isContainer(value) && !Array.isArray(value)) this.open(value);
    else {
      const json = JSON.stringify(value);
      if (json !== undefined) this.put(json);
    }
  }

  [Symbol.iterator](): IterableIterator<Buffer> {
    return this;
  }

  next(): IteratorResult<Buffer> {
    while (this.chars < CHUNK_CHARS && this.stack.length > 0) this.step();
    if (this.chars === 0) return { done: true, value: undefined };
    const chunk = Buffer.from(this.pieces.length === 1 ? this.pieces[0] : this.pieces.join(''), 'utf8');
    this.pieces = [];
    this.chars = 0;
    return { done: false, value: chunk };
  }

  private put(s: string): void {
    this.pieces.push(s);
    this.chars += s.length;
  }

  private open(value: Container): void {
    for (const frame of this.stack) {
      if (frame.value === value) throw new TypeError('Converting circular structure to JSON');
    }
    const array = Array.isArray(value);
    this.stack.push({ value, keys: array ? undefined : Object.keys(value), next: 0, empty: true });
    this.put(array ? '[' : '{');
  }

  /** Writes the next member of the innermost open container, or closes it. */
  private step(): void {
    const frame = this.stack[this.stack.length - 1];
    const { value, keys } = frame;
    if (keys === undefined) {
      const array = value as unknown[];
      if (frame.next >= array.length) {
        this.stack.pop();
        this.put(']');
        return;
      }
      const index = frame.next++;
      const item = array[index];
      if (!frame.empty) this.put(',');
      frame.empty = false;
      if (holdsElements(item)) this.open(item);
      else this.put(stringifyMember(String(index), item) ?? 'null');
      return;
    }
    while (frame.next < keys.length) {
      const key = keys[frame.next++];
      const member = (value as Record<string, unknown>)[key];
      const streamed = isStreamedArray(key, member) || holdsElements(member);
      const json = streamed ? undefined : stringifyMember(key, member);
      if (!streamed && json === undefined) continue;
      this.put(frame.empty ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      frame.empty = false;
      if (streamed) this.open(member as Container);
      else this.put(json!);
      return;
    }
    this.stack.pop();
    this.put('}');
  }
}

export const avaPlugin: FormatPlugin = {
  id: 'ava',
  name: 'AVA project (ProjectDto JSON)',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  bodyParameter: 'avaProject',
  reader: {
    optionGroups: ['A'],
    detect: (head) => /^\s*\{/.test(decodeText(head.subarray(0, 64), 'utf-8')),
    read: (input) => (input.value !== undefined ? input.value : parseJson(input.bytes ?? Buffer.alloc(0))) as ProjectDto,
  },
  writer: {
    optionGroups: ['L'],
    output: { mediaType: PROJECT_MEDIA_TYPE, schema: 'ProjectDto' },
    write(project, options, ctx) {
      const plain = options.RemovePlainTextLongTexts === true;
      const html = options.RemoveHtmlLongTexts === true;
      if (plain || html) for (const spec of project.serviceSpecifications ?? []) stripLongTexts(spec as Texts, plain, html);
      const body = ctx.messages.length ? { ...project, conversionMessages: ctx.messages } : project;
      return { data: new JsonChunks(body), contentType: PROJECT_MEDIA_TYPE, fileExtension: '.ava.json' };
    },
  },
};
