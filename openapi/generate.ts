/**
 * `npm run openapi`: writes openapi/openapi.json from the routes, and from it the TypeScript types
 * (openapi/schema.d.ts, and the SDK's copy openapi/sdk/src/schema.ts, which tsc compiles into the
 * package). No database, Temporal or configuration is needed: the routes are registered on a bare
 * app and no handler runs. `--check` exits 1 when a committed file is stale (for CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { generateOpenApiDocument } from '../api/app.js';

export const OPENAPI_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));
export const SCHEMA_TYPES_FILES = [
  fileURLToPath(new URL('./schema.d.ts', import.meta.url)),
  fileURLToPath(new URL('./sdk/src/schema.ts', import.meta.url)),
];

/** The exact file content: 2-space JSON with a trailing newline. */
export const renderOpenApiFile = () => `${JSON.stringify(generateOpenApiDocument(), null, 2)}\n`;

/** openapi-typescript's types for the document (paths, components, operations). */
export async function renderSchemaTypes(json = renderOpenApiFile()): Promise<string> {
  // defaultNonNullable off: a request field with a default (send's `type`) stays optional for callers.
  const ast = await openapiTS(JSON.parse(json), { defaultNonNullable: false });
  return `/** Generated from openapi/openapi.json by \`npm run openapi\` (openapi-typescript); do not edit. */\n\n${astToString(ast)}`;
}

const readOr = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // first run: no file yet
  }
};

async function main() {
  let files: [string, string][];
  try {
    const json = renderOpenApiFile();
    const types = await renderSchemaTypes(json);
    files = [[OPENAPI_FILE, json], ...SCHEMA_TYPES_FILES.map((f): [string, string] => [f, types])];
  } catch (err) {
    // e.g. zod-to-openapi's ConflictError: two schemas/parameters claim one name
    const e = err as Error & { data?: unknown };
    console.error(`OpenAPI generation failed: ${e.message}${e.data ? ` ${JSON.stringify(e.data)}` : ''}`);
    process.exit(1);
  }
  const stale = files.filter(([file, fresh]) => readOr(file) !== fresh);
  if (process.argv.includes('--check')) {
    for (const [file] of stale) console.error(`${file} is stale: run npm run openapi`);
    if (stale.length > 0) process.exit(1);
    console.log('openapi/openapi.json and its types are up to date');
    return;
  }
  for (const [file, fresh] of stale) writeFileSync(file, fresh);
  const doc = JSON.parse(files[0][1]) as { paths: Record<string, object> };
  const ops = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
  console.log(`${stale.length === 0 ? 'unchanged' : `wrote ${stale.length} file(s)`}: openapi/openapi.json (${Object.keys(doc.paths).length} paths, ${ops} operations) and its types`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
