/**
 * Parsing a JSON request body where the conversion runs (a worker thread), with the rules of fastify's own JSON
 * body parser (secure-json-parse, `protoAction` and `constructorAction` `error`): a leading byte order mark is
 * dropped, and a member named `__proto__` or a `constructor.prototype` anywhere in the document is refused
 * (prototype poisoning, https://fastify.dev/docs/latest/Guides/Prototype-Poisoning/). The empty body is refused on
 * the event loop before the text gets here (see gateway/conversion/input.ts).
 */
import secureJson from 'secure-json-parse';
import { GatewayError } from '../../core/errors.js';

/**
 * @param text the body as received (UTF-8 decoded)
 * @returns the parsed value
 * @throws GatewayError GW_ERR_INPUT (400) keyed `body`, naming the syntax error or the forbidden member
 */
export function parseJsonBody(text: string): unknown {
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    const message = (err as Error).message;
    const detail = /forbidden prototype/.test(message) ? 'a member named "__proto__" is not allowed'
      : /forbidden constructor/.test(message) ? 'a "constructor" member with a "prototype" is not allowed'
        : message;
    throw new GatewayError('GW_ERR_INPUT', `The body is not valid JSON: ${detail}.`, 'body');
  }
}
