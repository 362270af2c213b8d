import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { CONDITION_EXAMPLE } from '../core/segments/condition.js';
import { ERROR_STATUS } from '../core/errors.js';
import { OPENAPI_FILE, renderOpenApiFile, renderSchemaTypes, SCHEMA_TYPES_FILES } from '../openapi/generate.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { ALT_SHAPE_PATHS } from './support/envelope.js';
import { CONTRACT_ENDPOINTS, fillPath, label, operationsOf, PUBLIC_PATH, schemesOf, usesApiKey } from './support/route-table.js';

const doc = generateOpenApiDocument() as any;
const ops = operationsOf(doc);
const secured = ops.filter((op) => schemesOf(op).size > 0);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

/** True when the app has a route for method + path (an unknown route answers the "Route not found" 404). */
async function served(method: string, path: string): Promise<boolean> {
  const res = await ctx.request(method, fillPath(path), { key: null });
  if (res.status !== 404) return true;
  const text = await res.text();
  return !text.includes('Route not found');
}

describe('openapi/openapi.json', () => {
  it('is up to date with the routes', () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    const fresh = renderOpenApiFile();
    if (committed !== fresh) {
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const i = a.findIndex((line, n) => line !== b[n]);
      expect.fail(`openapi/openapi.json is stale: run npm run openapi (first difference at line ${i + 1}: ${JSON.stringify(a[i])} vs ${JSON.stringify(b[i])})`);
    }
  });

  it.each(SCHEMA_TYPES_FILES.map((f) => [f.slice(f.indexOf('openapi/')), f]))('%s (its TypeScript types) is up to date', async (_, file) => {
    const fresh = await renderSchemaTypes();
    expect(readFileSync(file, 'utf8') === fresh, `${file} is stale: run npm run openapi`).toBe(true);
  });

  it('generation is deterministic', () => {
    expect(renderOpenApiFile()).toBe(renderOpenApiFile());
  });

  it('GET /openapi.json serves the same document, without a key', async () => {
    const res = await ctx.request('GET', '/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await json(res)).toEqual(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')));
  });
});

describe('the document', () => {
  it('is OpenAPI 3.1 with bearer schemes secretKey and publicKey', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.components.securitySchemes.secretKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.publicKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorEnvelope).toBeDefined();
  });

  it('every error response has one example with a code of its own status and statusCode equal to the status', () => {
    let checked = 0;
    for (const op of ops) {
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const media = response.content?.['application/json'];
        // Error bodies in the contract's shapes (GET /health's 503 is its own health report).
        if (Number(status) < 400 || !/\/(ErrorEnvelope|AltError)$/.test(media?.schema?.$ref ?? '')) continue;
        const example = media.example;
        expect(example, `${label(op)} ${status}`).toBeDefined();
        if (ALT_SHAPE_PATHS.includes(op.path)) expect(example.code, `${label(op)} ${status}`).toBe(Number(status));
        else {
          expect(ERROR_STATUS[example.error.code as keyof typeof ERROR_STATUS], `${label(op)} ${status}: ${example.error.code}`).toBe(Number(status));
          expect(example.error.statusCode, `${label(op)} ${status}`).toBe(Number(status));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('"Try it out" on every list endpoint answers 200 with the parameters the document pre-fills (no example cursor or filter)', async () => {
    const lists = Object.entries(doc.paths as Record<string, any>).filter(([path, item]) => item.get && !path.includes('{') && (item.get.parameters ?? []).some((p: any) => p.name === 'limit'));
    expect(lists.length).toBeGreaterThan(5);
    for (const [path, item] of lists) {
      const query = new URLSearchParams();
      for (const p of item.get.parameters as any[]) {
        const example = p.example ?? p.schema?.example;
        if (p.in === 'query' && example !== undefined) query.set(p.name, String(example));
      }
      const res = await ctx.request('GET', `${path}?${query}`);
      expect(res.status, `GET ${path}?${query}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('the workflow example waits minutes, not days: an execution started from the reference page finishes while one watches', () => {
    const steps = doc.components.schemas.CreateWorkflowBody.example.steps as { type: string; amount?: number; unit?: string }[];
    const delays = steps.filter((s) => s.type === 'DELAY');
    expect(delays.length).toBeGreaterThan(0);
    for (const d of delays) expect(['seconds', 'minutes']).toContain(d.unit);
  });

  it('Condition is one non-nullable component (a nullable use wraps it instead of redefining it)', () => {
    const condition = doc.components.schemas.Condition;
    expect(condition.type).toBe('object');
    expect(condition.description).toMatch(/^`logic` \(AND\|OR\) combines `groups`/);
    expect(condition.example).toEqual(CONDITION_EXAMPLE);
    const nullable = [{ $ref: '#/components/schemas/Condition' }, { type: 'null' }];
    expect(doc.components.schemas.Segment.properties.condition.anyOf).toEqual(nullable);
    expect(doc.components.schemas.Campaign.properties.audienceFilter.anyOf).toEqual(nullable);
  });

  it('operation ids are unique', () => {
    const ids = ops.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('only public paths go without a security entry; only POST /v1/track takes a public key', () => {
    const unsecured = ops.filter((op) => schemesOf(op).size === 0).map(label);
    expect(unsecured.filter((l) => !PUBLIC_PATH.test(l.split(' ')[1]))).toEqual([]);
    for (const op of secured) expect([...schemesOf(op)].every((s) => s in doc.components.securitySchemes), label(op)).toBe(true);
    expect(secured.filter((op) => schemesOf(op).has('publicKey')).map(label).filter((l) => l !== 'POST /v1/track')).toEqual([]);
  });

  it.each(ops.map((op) => [label(op), op] as const))('%s has an operationId, tags, parameters and error responses', (_, op) => {
    const raw = doc.paths[op.path][op.method.toLowerCase()];
    expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(op.tags?.length).toBeGreaterThan(0);
    expect(raw.summary ?? raw.description).toEqual(expect.any(String));
    const success = Object.keys(op.responses).filter((s) => /^[23]\d\d$/.test(s)); // 3xx: the click redirect
    expect(success.length).toBeGreaterThan(0);

    const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = (raw.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
    expect(declared.sort()).toEqual([...pathParams].sort());

    const needed = new Set<string>();
    if (usesApiKey(op)) ['401', '403', '429'].forEach((s) => needed.add(s));
    else if (schemesOf(op).size > 0) needed.add('401');
    if (raw.requestBody?.content?.['application/json']) ['400', '422'].forEach((s) => needed.add(s));
    if (pathParams.length > 0 && usesApiKey(op)) needed.add('404');
    if ((raw.parameters ?? []).some((p: any) => p.in === 'query')) needed.add('422');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([...needed]));

    // every documented error response carries the shape the error handler renders on that path
    const shape = ALT_SHAPE_PATHS.includes(op.path) ? 'AltError' : 'ErrorEnvelope';
    for (const [status, r] of Object.entries(op.responses) as [string, any][]) {
      if (!/^[45]\d\d$/.test(status) || (op.path === '/health' && status === '503')) continue;
      expect(r.content?.['application/json']?.schema?.$ref, `${label(op)} ${status}`).toBe(`#/components/schemas/${shape}`);
    }
  });

  it.each(ops.map((op) => [label(op), op] as const))('%s is served by the app', async (_, op) => {
    expect(await served(op.method, op.path)).toBe(true);
  });
});

describe('the contract', () => {
  it.each(CONTRACT_ENDPOINTS.map((e) => [label(e), e] as const))('%s is served by the app and documented', async (_, e) => {
    expect(await served(e.method, e.path), `${label(e)} is not served`).toBe(true);
    expect(ops.map(label)).toContain(label(e));
  });
});
