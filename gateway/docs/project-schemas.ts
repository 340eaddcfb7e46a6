/**
 * The OpenAPI component schemas of the project model, generated from the TypeScript model itself
 * (core/model/types.ts) with ts-json-schema-generator, so that the API document and the code cannot drift.
 * `npm run docs:schema` writes them to gateway/openapi/project-schemas.json; a test regenerates them and fails
 * when the committed file is stale.
 *
 * Output: `{ "<Name>": <schema> }` for `ProjectDto` and every type it reaches, in the OpenAPI 3.0 dialect
 * (OpenAPI 3.0.3 §4.7.24): references `#/components/schemas/<Name>`, no `$schema`, `const` as a one-value
 * `enum`, and a `$ref` with a description wrapped in `allOf` (3.0 ignores siblings of `$ref`). JSDoc comments
 * become `description`s. Uses the dev dependency ts-json-schema-generator (https://github.com/vega/ts-json-schema-generator).
 */
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

export type JsonSchema = { [key: string]: unknown };

/** The root type of the generated schemas. */
export const ROOT_TYPE = 'ProjectDto';
/** The committed output of `npm run docs:schema`. */
export const PROJECT_SCHEMAS_FILE = new URL('../openapi/project-schemas.json', import.meta.url);

const COMPONENT_PREFIX = '#/components/schemas/';

/** Rewrites one generated JSON Schema (draft-07) node, and its children, into the OpenAPI 3.0 dialect. */
function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\/definitions\//, COMPONENT_PREFIX);
    else if (key === 'const') out.enum = [value];
    else out[key] = toOpenApi30(value);
  }
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    return { allOf: [{ $ref }], ...rest };
  }
  return out;
}

/**
 * Runs the generator over the model.
 * @returns component name → OpenAPI 3.0 schema, sorted by name
 * @throws the generator's error when the model does not compile to a schema (e.g. an unsupported type)
 */
export function generateProjectSchemas(): Record<string, JsonSchema> {
  const schema = createGenerator({
    path: fileURLToPath(new URL('../../core/model/types.ts', import.meta.url)),
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    type: ROOT_TYPE,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    // Objects without an index signature stay open (no `additionalProperties: false`): later AVACloud versions
    // add fields, and a client must not fail on them.
    additionalProperties: true,
    skipTypeCheck: true,
  }).createSchema(ROOT_TYPE);
  const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(definitions).sort().map((name) => [name, toOpenApi30(definitions[name]) as JsonSchema]));
}

/** The file text `npm run docs:schema` writes (2-space JSON, final newline). */
export const projectSchemasText = (schemas: Record<string, JsonSchema>) => JSON.stringify(schemas, null, 2) + '\n';
