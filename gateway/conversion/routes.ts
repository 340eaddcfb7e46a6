/**
 * The generated conversion routes: one `POST /conversion/<source>/<target>` per pair of the registry's matrix,
 * each with its own flat query schema (its option groups' options and its plugins' own options), operation id
 * `<Source>Conversion_ConvertTo<Target>` and OpenAPI entry (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger)).
 * The conversion itself runs in the {@link ConversionPool} (worker threads); a full queue answers 503 with
 * `Retry-After`, a conversion stopped at the time limit 504, both as problem bodies.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveOptions, type RawQuery } from '../../core/options/resolve.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import type { ConversionGuard } from '../connect/bearer.js';
import type { ConversionPool } from '../pool/conversion-pool.js';
import { PoolRejection } from '../pool/errors.js';
import { sendProblem } from '../problem.js';
import { contentDisposition, outputFileName } from './file-name.js';
import { readConversionInput } from './input.js';
import { setMessagesSummary } from './messages-summary.js';
import { routeSchema } from './route-schema.js';

/** A refusal of the pool as a problem body (503 with `Retry-After`, 504). */
function sendPoolRejection(reply: FastifyReply, err: PoolRejection) {
  if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
  return sendProblem(reply, err.statusCode, err.title, err.errors);
}

/**
 * The query as the replaced service binds it: ASP.NET Core takes a scalar from the first of repeated parameters
 * (`SimpleTypeModelBinder` binds `ValueProviderResult.FirstValue`), their names matching ignoring case
 * (`QueryCollection`), so `?DestinationGaebType=Gaeb90&destinationgaebtype=Nope` converts to GAEB 90.
 */
function firstQueryValues(query: RawQuery): RawQuery {
  const out: RawQuery = Object.create(null) as RawQuery;
  for (const [name, value] of Object.entries(query)) {
    const key = name.toLowerCase();
    if (!Object.hasOwn(out, key)) out[key] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}

/**
 * Registers every route of the matrix on the app, each behind the guard's `onRequest` hook (bearer token, tenant
 * formats); the tenant's `optionDefaults` apply before the query.
 */
export function registerConversionRoutes(app: FastifyInstance, pool: ConversionPool, routes: readonly ConversionRoute[], guard: ConversionGuard): void {
  for (const route of routes) {
    app.route({
      method: 'POST',
      url: route.path,
      schema: routeSchema(route, guard.security),
      onRequest: guard.hook(route),
      config: { rawJsonBody: true },
      // Query and body are checked by our own code (case-insensitive booleans, messages naming the option);
      // the schemas above serve the OpenAPI document.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      handler: async (request, reply) => {
        const options = resolveOptions(route.options, firstQueryValues(request.query as RawQuery), request.conversionTenant?.optionDefaults);
        const input = await readConversionInput(request, route.source);
        let result;
        try {
          result = await pool.convert({
            sourceId: route.source.id,
            targetId: route.target.id,
            input,
            options,
            onPluginError: (err, stage) => request.log.error({ err, stage, route: route.path }, 'conversion plugin threw'),
          });
        } catch (err) {
          if (err instanceof PoolRejection) {
            request.log.warn({ route: route.path, status: err.statusCode }, err.message);
            return sendPoolRejection(reply, err);
          }
          throw err;
        }
        const { messages } = result;
        if (messages.length) request.log.info({ route: route.path, messages: messages.length }, 'conversion messages');
        reply.header('X-Conversion-Messages', String(messages.length));
        setMessagesSummary(reply, messages);
        if (route.target.id !== 'ava') {
          reply.header('Content-Disposition', contentDisposition(outputFileName(input.fileName, route.source.id, result.fileExtension)));
        }
        return reply.type(result.contentType).send(result.data);
      },
    });
  }
}
