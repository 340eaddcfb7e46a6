/**
 * Reading the one input of a conversion request: the multipart file field named by the source plugin
 * (`gaebFile`, `oenormFile` …) or the JSON body for JSON sources (`avaProject`). A JSON body reaches the
 * conversion as text: it is parsed where the conversion runs, on a worker thread, not on the event loop.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { GatewayError } from '../../core/errors.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import type { PoolInput } from '../pool/protocol.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives a JSON body as {@link RawJsonBody} (unparsed) instead of the parsed value. */
    rawJsonBody?: boolean;
  }
}

/** A JSON request body as received, not yet parsed. */
export class RawJsonBody {
  constructor(readonly text: string) {}
}

/** `application/json`, `text/json`, `application/json-patch+json` and every `application/*+json` type. */
const JSON_TYPES = /^(application\/json|text\/json|application\/json-patch\+json|application\/[\w.-]+\+json)(;|$)/;

/**
 * Installs the JSON body parser of the app: an empty body is refused with fastify's own error
 * (FST_ERR_CTP_EMPTY_JSON_BODY, 400); routes with `config.rawJsonBody` get the text as {@link RawJsonBody};
 * every other route gets fastify's default parsing (prototype poisoning refused).
 * @param bodyLimit largest body in bytes (413 above)
 */
export function installJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    if (request.routeOptions.config?.rawJsonBody) return done(null, new RawJsonBody(text));
    parse(request, text, done);
  });
}

const inputError = (message: string, key: string) => new GatewayError('GW_ERR_INPUT', message, key);

/**
 * @throws GatewayError GW_ERR_INPUT (400) when the field is missing, misnamed or empty, the request is not
 *   multipart (file sources) or not JSON (JSON sources), or the multipart body is cut short or malformed or the
 *   client closed the connection during the upload (key `body`); fastify/multipart errors with a code (413 for
 *   uploads over the limit) pass through
 */
export async function readConversionInput(request: FastifyRequest, source: FormatPlugin): Promise<PoolInput> {
  if (source.bodyParameter) {
    if (!(request.body instanceof RawJsonBody)) {
      throw inputError(`The request body must be a JSON ${source.bodyParameter} (Content-Type application/json).`, source.bodyParameter);
    }
    return { json: request.body.text };
  }
  const field = source.inputField!;
  if (!request.isMultipart()) {
    throw inputError(`Send the file as multipart/form-data in the form field "${field}".`, field);
  }
  let found: PoolInput | undefined;
  const otherFields: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field && !found) {
        found = { bytes: await part.toBuffer(), fileName: part.filename };
      } else {
        // a text part under the file's name: the client sent the file's content without a file name (curl -F name=<file)
        otherFields.push(part.type === 'file' ? part.fieldname : `${part.fieldname} (a text field, not a file: send it with a file name)`);
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (err) {
    // a client that closes the connection mid-upload (ECONNRESET "aborted"): its fault, not the server's, though
    // the answer reaches nobody
    if (request.raw.readableAborted) throw inputError('The upload broke off: the client closed the connection before the request body was complete.', 'body');
    // fastify's and @fastify/multipart's own errors carry a code (limits: 413) and pass through; the multipart
    // parser's (busboy: "Unexpected end of multipart data" for a body cut before its closing boundary) carry none
    if (err instanceof GatewayError || (err as { code?: unknown }).code !== undefined || (err as { statusCode?: unknown }).statusCode !== undefined) throw err;
    throw inputError(`The multipart/form-data body could not be read (${(err as Error).message}); send the whole body, the file in the form field "${field}".`, 'body');
  }
  if (!found) {
    const hint = otherFields.length ? ` (the request has: ${otherFields.join(', ')})` : '';
    throw inputError(`The file must be sent in the form field "${field}"${hint}.`, field);
  }
  if (!found.bytes || found.bytes.length === 0) throw inputError(`The file in "${field}" is empty.`, field);
  return found;
}
