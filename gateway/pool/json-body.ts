/**
 * Parsing a JSON request body where the conversion runs (a worker thread), with the rules of fastify's own JSON
 * body parser: a leading byte order mark is dropped and a member named `__proto__` anywhere in the document is
 * refused (prototype poisoning; fastify uses secure-json-parse with `protoAction: 'error'`,
 * https://fastify.dev/docs/latest/Guides/Prototype-Poisoning/). The empty body is refused on the event loop
 * before the text gets here (see gateway/conversion/input.ts).
 */
import { parseError } from '../../core/errors.js';

/** `"__proto__":` with any of its letters written as `\u` escapes (the pattern of secure-json-parse). */
const SUSPECT_PROTO = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

function hasProtoMember(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

/**
 * @param text the body as received (UTF-8 decoded)
 * @returns the parsed value
 * @throws GatewayError GW_ERR_PARSE (400) keyed `body`, naming the syntax error or the forbidden member
 */
export function parseJsonBody(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw parseError(`The body is not valid JSON: ${(err as Error).message}.`, 'body');
  }
  if (SUSPECT_PROTO.test(json) && hasProtoMember(value)) {
    throw parseError('The body is not valid JSON: a member named "__proto__" is not allowed.', 'body');
  }
  return value;
}
