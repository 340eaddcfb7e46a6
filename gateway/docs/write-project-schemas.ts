/** `npm run docs:schema`: regenerates gateway/openapi/project-schemas.json from core/model/types.ts. */
import { writeFileSync } from 'node:fs';
import { PROJECT_SCHEMAS_FILE, generateProjectSchemas, projectSchemasText } from './project-schemas.js';

const schemas = generateProjectSchemas();
writeFileSync(PROJECT_SCHEMAS_FILE, projectSchemasText(schemas));
console.log(`gateway/openapi/project-schemas.json regenerated (${Object.keys(schemas).length} schemas)`);
