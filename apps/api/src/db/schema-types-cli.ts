// `npm run db:types`: rewrites schema.generated.ts from the migrations (see schema-types.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSchemaTypes } from './schema-types.ts';

const file = join(import.meta.dirname, 'schema.generated.ts');
writeFileSync(file, await renderSchemaTypes());
console.log(`wrote ${file}`);
