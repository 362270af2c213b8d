import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generateOpenApiDocument } from '../../api/app.js';

/*
 * Every response an API test receives is checked against the OpenAPI document: the operation
 * (method + path template), a documented status, a documented content type and, for JSON, the
 * body against that status's schema. Mismatches fail the running test (test/setup/responses.ts).
 */
type Doc = { paths: Record<string, Record<string, any>>; components?: Record<string, any> };
interface Op { method: string; template: string; re: RegExp; responses: Record<string, any> }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function compileDocument(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // Component references resolve inside one registered copy of the document.
  const rewritten = JSON.parse(JSON.stringify(doc).replaceAll('"#/components/', '"doc#/components/'));
  ajv.addSchema({ $id: 'doc', components: rewritten.components ?? {} });
  const ops: Op[] = [];
  for (const [template, item] of Object.entries(rewritten.paths as Doc['paths'])) {
    // Literal segments first wins: /events/names before /events/{id}-like templates.
    const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const m of METHODS) if (item[m]) ops.push({ method: m.toUpperCase(), template, re, responses: item[m].responses ?? {} });
  }
  ops.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return { ajv, ops };
}

let compiled: ReturnType<typeof compileDocument> | undefined;
const validators = new Map<string, ValidateFunction>();

export interface Stats { responses: number; unmatched: number; operations: Set<string>; pairs: Set<string> }
export const stats: Stats = { responses: 0, unmatched: 0, operations: new Set(), pairs: new Set() };
/** Mismatches since the current test started (drained by the setup file's afterEach). */
export const mismatches: string[] = [];

/** Checks one response; returns a description of the mismatch, or null. Undocumented paths are counted, not failed. */
export async function checkResponse(method: string, url: string, res: Response, opts: { count?: boolean } = {}): Promise<string | null> {
  const count = opts.count ?? true;
  compiled ??= compileDocument(generateOpenApiDocument() as unknown as Doc);
  const path = new URL(url, 'http://localhost').pathname;
  const op = compiled.ops.find((o) => o.method === method && o.re.test(path));
  if (!op) {
    if (count) stats.unmatched++;
    return null;
  }
  const label = `${op.method} ${op.template}`;
  if (count) {
    stats.responses++;
    stats.operations.add(label);
  }
  const status = String(res.status);
  const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
  if (!documented) return `${label} answered ${status}, which the document does not list (${Object.keys(op.responses).join(', ')})`;
  if (count) stats.pairs.add(`${label} ${status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  const content = documented.content as Record<string, { schema?: unknown }> | undefined;
  if (!content || Object.keys(content).length === 0) {
    const text = await res.text();
    return text.length === 0 ? null : `${label} ${status}: the document lists no body, got ${type || 'one'} (${text.slice(0, 120)})`;
  }
  const media = content[type];
  if (!media) return `${label} ${status}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`;
  if (type !== 'application/json' || !media.schema) return null;
  const key = `${label} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = compiled.ajv.compile(media.schema as object);
    validators.set(key, validate);
  }
  const body = await res.json().catch(() => Symbol('not JSON'));
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  return `${label} ${status}: body does not match the document: ${errors}\n  body: ${JSON.stringify(body).slice(0, 400)}`;
}

/** Wraps an app's fetch (app.request and servers built on the app go through it) with the check. */
export function validateResponsesOf<T extends { fetch: (req: Request, ...rest: any[]) => Response | Promise<Response> }>(app: T): T {
  const original = app.fetch;
  app.fetch = async (req: Request, ...rest: any[]) => {
    const res = await original(req, ...rest);
    const problem = await checkResponse(req.method, req.url, res.clone());
    if (problem) mismatches.push(problem);
    return res;
  };
  return app;
}
