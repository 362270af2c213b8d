import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { label, operationsOf } from './support/route-table.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = generateOpenApiDocument() as any;
const ops = operationsOf(doc).map((op) => ({ ...op, raw: doc.paths[op.path][op.method.toLowerCase()] }));

describe('OpenAPI lint', () => {
  it('openapi/openapi.json lints clean with Redocly (rules and the two ignored findings: redocly.yaml)', async () => {
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const out = await promisify(execFile)(process.execPath, [cli, 'lint', '--format=stylish'], { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch((e) => e);
    expect(out.code ?? 0, `${out.stdout}\n${out.stderr}`).toBe(0);
    expect(`${out.stdout}${out.stderr}`).toContain('Your API description is valid');
  });
});

/** Product checks Redocly has no rule for: the document is the SDK's and the reference page's text. */
describe('the document as product documentation', () => {
  it('every JSON request body has an example (on the body or its schema)', () => {
    const missing = ops
      .filter((op) => {
        const c = op.raw.requestBody?.content?.['application/json'];
        if (!c) return false;
        const schema = c.schema?.$ref ? doc.components.schemas[c.schema.$ref.split('/').pop()] : c.schema;
        return c.example === undefined && c.examples === undefined && schema?.example === undefined;
      })
      .map(label);
    expect(missing).toEqual([]);
  });

  it('every parameter has a description', () => {
    const missing = ops.flatMap((op) =>
      (op.raw.parameters ?? []).filter((p: any) => !p.description && !p.schema?.description).map((p: any) => `${label(op)} ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('no pattern carries regex flags (zod writes them as a literal "/i" suffix)', () => {
    const flagged = [...JSON.stringify(doc).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).filter((p) => /\/[dgimsuvy]+$/.test(p));
    expect(flagged).toEqual([]);
  });

  it('no words meant for the team ("contract", "extension", "legacy")', () => {
    const text = JSON.stringify(doc);
    expect(text.match(/.{0,40}\b(contract|extension|legacy)\b.{0,40}/gi) ?? []).toEqual([]);
  });
});
