/**
 * `npm run openapi`: writes openapi/openapi.json from the routes. No database, Temporal or
 * configuration is needed: the routes are registered on a bare app and no handler runs.
 * `--check` exits 1 when the committed file is stale (for CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from '../api/app.js';

export const OPENAPI_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** The exact file content: 2-space JSON with a trailing newline. */
export const renderOpenApiFile = () => `${JSON.stringify(generateOpenApiDocument(), null, 2)}\n`;

function main() {
  let fresh: string;
  try {
    fresh = renderOpenApiFile();
  } catch (err) {
    // e.g. zod-to-openapi's ConflictError: two schemas/parameters claim one name
    const e = err as Error & { data?: unknown };
    console.error(`OpenAPI generation failed: ${e.message}${e.data ? ` ${JSON.stringify(e.data)}` : ''}`);
    process.exit(1);
  }
  let current = '';
  try {
    current = readFileSync(OPENAPI_FILE, 'utf8');
  } catch {
    // first run: no file yet
  }
  if (process.argv.includes('--check')) {
    if (current !== fresh) {
      console.error('openapi/openapi.json is stale: run npm run openapi');
      process.exit(1);
    }
    console.log('openapi/openapi.json is up to date');
    return;
  }
  if (current === fresh) {
    console.log('openapi/openapi.json unchanged');
    return;
  }
  writeFileSync(OPENAPI_FILE, fresh);
  const doc = JSON.parse(fresh) as { paths: Record<string, object> };
  const ops = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
  console.log(`wrote openapi/openapi.json (${Object.keys(doc.paths).length} paths, ${ops} operations)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
