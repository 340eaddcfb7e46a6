/**
 * Reading the one input of a conversion request: the multipart file field named by the source plugin
 * (`gaebFile`, `oenormFile` …) or the JSON body for JSON sources (`avaProject`).
 */
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../../core/errors.js';
import type { ConversionInput, FormatPlugin } from '../../core/plugin/contract.js';

const inputError = (message: string, key: string) => new GatewayError('GW_ERR_INPUT', message, key);

/**
 * @throws GatewayError GW_ERR_INPUT (400) when the field is missing, misnamed or empty, or the request is not
 *   multipart; fastify/multipart errors (413 for uploads over the limit) pass through
 */
export async function readConversionInput(request: FastifyRequest, source: FormatPlugin): Promise<ConversionInput> {
  if (source.bodyParameter) {
    if (request.body === undefined || request.body === null) {
      throw inputError(`The request body must be a JSON ${source.bodyParameter} (Content-Type application/json).`, source.bodyParameter);
    }
    return { value: request.body };
  }
  const field = source.inputField!;
  if (!request.isMultipart()) {
    throw inputError(`Send the file as multipart/form-data in the form field "${field}".`, field);
  }
  let found: ConversionInput | undefined;
  const otherFields: string[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === field && !found) {
      found = { bytes: await part.toBuffer(), fileName: part.filename };
    } else {
      otherFields.push(part.fieldname);
      if (part.type === 'file') part.file.resume();
    }
  }
  if (!found) {
    const hint = otherFields.length ? ` (the request has: ${otherFields.join(', ')})` : '';
    throw inputError(`The file must be sent in the form field "${field}"${hint}.`, field);
  }
  if (!found.bytes || found.bytes.length === 0) throw inputError(`The file in "${field}" is empty.`, field);
  return found;
}
