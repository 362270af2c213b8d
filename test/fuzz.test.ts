/**
 * Hostile-input sweep over every operation of the app's own OpenAPI document: wrong JSON types,
 * every declared property set to wrong types and nasty values, unknown and deeply nested fields,
 * malformed JSON, wrong content types, bad path and query parameters, odd Authorization headers.
 * Every response must be < 500, carry X-Request-Id, use the contract's error shape for the path
 * and leak no stack trace, SQL or file path; every refused request must change nothing stored (any table).
 * Deterministic: fixed inputs, no random seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../api/app.js';
import { segmentWorkflowId } from '../core/workflow-ids.js';
import { clickUrl, openPixelUrl, unsubscribeUrl } from '../core/tracking/links.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { startTestDnsServer, type TestDnsServer } from './support/dns-server.js';
import { changedTables, databaseState } from './support/db-state.js';
import { insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';
import { segmentWorkOf } from './support/segment-work.js';
import { label, operationsOf, schemesOf, type Operation } from './support/route-table.js';

const doc = generateOpenApiDocument() as any;
const ops = operationsOf(doc);

let ctx: TestContext;
let dns: TestDnsServer;

/** Fixed ids: a UUID that names nothing, and the resources each PATCH fuzzes against. */
const NOTHING = '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a';
const FROM = 'hello@fuzz.test';
const SUPPRESSED = 'fuzz-suppressed@example.com';
const MEMBER = 'fuzz-member@example.com';
const VALID_CONDITION = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] };
const victims: Record<string, string> = {};
const sentinel: { contactId?: string; templateId?: string; before?: Record<string, unknown> } = {};

beforeAll(async () => {
  dns = await startTestDnsServer();
  // Rate limit out of the way: thousands of requests in a minute are the point here.
  ctx = await setupTestContext({ DNS_SERVERS: dns.address, RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000' });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'fuzz.test', ctx.config.secretKey!);
  const created = async (method: string, path: string, body: unknown) => {
    const res = await ctx.request(method, path, { body });
    const out = await json(res);
    expect(res.status, JSON.stringify(out)).toBeLessThan(300);
    return out.data;
  };
  // Sentinels: never addressed by any fuzzed request; checked intact at the end.
  sentinel.contactId = (await created('POST', '/contacts', { email: 'sentinel@example.com', data: { plan: 'pro', note: 'Ünïcødé 😀' } })).id;
  sentinel.templateId = (await created('POST', '/templates', { name: 'Sentinel', subject: 'S {{x}}', body: '<p>B</p>', type: 'MARKETING', from: FROM })).id;
  await created('POST', '/suppressions', { email: 'sentinel-suppressed@example.com', reason: 'MANUAL' });
  await created('POST', '/suppressions', { email: SUPPRESSED, reason: 'MANUAL' });
  await created('POST', '/v1/track', { email: 'sentinel@example.com', event: 'sentinel_event', data: { k: 1 } });
  // Victims: the targets of PATCH fuzzing (a failed request must leave them as they were).
  victims.contact = (await created('POST', '/contacts', { email: 'victim@example.com', data: { keep: 'me' } })).id;
  victims.template = (await created('POST', '/templates', { name: 'Victim', subject: 'V', body: '<p>V</p>', type: 'TRANSACTIONAL' })).id;
  // PATCH /segments/{id} fuzzes a DYNAMIC segment; the member operations a STATIC one (with a real contact to add and remove).
  victims.segment = (await created('POST', '/segments', { name: 'Victim segment', condition: VALID_CONDITION, trackMembership: true })).id;
  victims.staticSegment = (await created('POST', '/segments', { name: 'Victim members', type: 'STATIC' })).id;
  await created('POST', '/contacts', { email: MEMBER });
  sentinel.before = await snapshotSentinels();
});

afterAll(async () => {
  // Stop the delivery workflows of the few valid sends (no worker runs them; this just tidies up).
  if (ctx) {
    const rows = await ctx.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from emails where project_id = ?', [ctx.project.id]);
    for (const r of rows) await ctx.temporal.workflow.getHandle(`send-${r.id}`).terminate('fuzz done').catch(() => {});
    const segments = await ctx.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from segments where project_id = ?', [ctx.project.id]);
    for (const s of segments) await ctx.temporal.workflow.getHandle(segmentWorkflowId(s.id)).terminate('fuzz done').catch(() => {});
  }
  await ctx?.cleanup();
  await dns?.close();
});

async function snapshotSentinels() {
  const get = async (path: string) => (await json(await ctx.request('GET', path))).data;
  const events = await get('/events?name=sentinel_event');
  return {
    contact: await get(`/contacts/${sentinel.contactId}`),
    template: await get(`/templates/${sentinel.templateId}`),
    suppression: (await get('/suppressions?email=sentinel-suppressed@example.com')).items,
    domains: (await get('/domains?status=VERIFIED')).items.map((d: any) => d.domain),
    events: events.items.map((e: any) => [e.id, e.data]),
  };
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs (all fixed)
// ---------------------------------------------------------------------------------------------

const LONG = 'x'.repeat(100_000);
const nest = (depth: number, leaf: unknown = 'leaf') => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const DEEP = nest(200);
/** Letters from a fixed LCG: a string PostgreSQL cannot compress (index entries have a size limit). */
const noise = (length: number) => {
  let x = 42;
  return Array.from({ length }, () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), 'abcdefghijklmnopqrstuvwxyz0123456789'[x % 36])).join('');
};
const NOISE = noise(3000);
const DEEP_ARRAY = JSON.parse('['.repeat(200) + ']'.repeat(200));

/** A condition with one filter: `data.plan equals "pro"` with `patch` applied. */
const oneFilter = (patch: Record<string, unknown>) => ({ logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro', ...patch }] }] });
/** `depth` conditions nested through `groups[0].conditions`. */
const nestedCondition = (depth: number) => {
  let c: unknown = VALID_CONDITION;
  for (let i = 1; i < depth; i++) c = { logic: i % 2 ? 'OR' : 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: 'a' }], conditions: c }] };
  return c;
};
const filters = (n: number) => Array.from({ length: n }, (_, i) => ({ field: `data.k${i}`, operator: 'equals', value: i }));

const BAD_FIELDS = [
  '', 'data', 'data.', 'data..x', `data.${'k'.repeat(201)}`, `data.${Array.from({ length: 11 }, () => 'k').join('.')}`, 'data.__proto__',
  'data.constructor.prototype', '__proto__', 'constructor', 'toString', 'Email', ' email', 'event.', 'event.a b', `event.${'e'.repeat(256)}`, 'event."a', 'event.""', 'event."\u200b \u3000"', `event.${JSON.stringify('e'.repeat(256))}`, 'event."a"b', 'event.\uff45mail.opened',
  'email.nope', 'email.__proto__', 'segment.', 'segment.not-a-uuid', `segment.${NOTHING}`, `segment.${NOTHING.toUpperCase()}`, 'data.a\u0000b',
  'event.\u0000', 'data.\ud800', "data.' OR '1'='1", 'data.a%_\\', `data.${NOISE.slice(0, 200)}`,
];
const BAD_OPERATORS = ['EQUALS', 'equals ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'triggered', 'within', 'in', 'exists', 'a\u0000b'];

/** Hostile parts inside an otherwise valid condition (the name says where). Functions: the victims exist only once beforeAll ran. */
function hostileConditions(): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [name, v] of VALUES) out.push([`filter field = ${name}`, oneFilter({ field: v })], [`filter operator = ${name}`, oneFilter({ operator: v })], [`filter value = ${name}`, oneFilter({ value: v })]);
  for (const [name, v] of VALUES.slice(0, 22)) out.push([`filter unit = ${name}`, oneFilter({ field: 'createdAt', operator: 'within', value: 1, unit: v })]);
  for (const f of BAD_FIELDS) out.push([`field ${JSON.stringify(f).slice(0, 30)}`, oneFilter({ field: f })]);
  for (const o of BAD_OPERATORS) out.push([`operator ${JSON.stringify(o)}`, oneFilter({ operator: o })]);
  const numbers: [string, unknown][] = [['1e308', 1e308], ['-1e308', -1e308], ['2**53+2', 2 ** 53 + 2], ['MIN_VALUE', Number.MIN_VALUE], ['-0', -0], ['0', 0], ['-1', -1]];
  for (const [name, v] of numbers) {
    out.push(
      [`data greaterThan ${name}`, oneFilter({ field: 'data.n', operator: 'greaterThan', value: v })],
      [`data equals ${name}`, oneFilter({ field: 'data.n', value: v })],
      [`createdAt within ${name} days`, oneFilter({ field: 'createdAt', operator: 'within', value: v, unit: 'days' })],
      [`event triggeredWithin ${name} minutes`, oneFilter({ field: 'event.x', operator: 'triggeredWithin', value: v, unit: 'minutes' })],
    );
  }
  const dates = ['2026-02-31', '2026-02-31T00:00Z', '2026-01-15T24:00:00Z', '0000-01-01', '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-01-15T10:00:00+99:99', '2026-01-15T10:00:00.1234567Z'];
  for (const d of dates) {
    out.push([`createdAt lessThan ${d}`, oneFilter({ field: 'createdAt', operator: 'lessThan', value: d })], [`data greaterThanOrEqual ${d}`, oneFilter({ field: 'data.d', operator: 'greaterThanOrEqual', value: d })], [`data equals ${d}`, oneFilter({ field: 'data.d', value: d })]);
  }
  const lists: [string, unknown][] = [['[]', []], ['101 values', Array.from({ length: 101 }, (_, i) => `v${i}`)], ['100 NUL strings', Array.from({ length: 100 }, () => 'a\u0000')], ['nested array', [[1]]], ['objects', [{}]], ['nulls', [null]], ['100 long strings', Array.from({ length: 100 }, () => NOISE.slice(0, 1000))]];
  for (const [name, v] of lists) out.push([`data in ${name}`, oneFilter({ operator: 'in', value: v })], [`email notIn ${name}`, oneFilter({ field: 'email', operator: 'notIn', value: v })]);
  out.push(
    ['logic XOR', { ...VALID_CONDITION, logic: 'XOR' }],
    ['logic lower case', { ...VALID_CONDITION, logic: 'and' }],
    ['no groups', { logic: 'AND', groups: [] }],
    ['empty group', { logic: 'AND', groups: [{}] }],
    ['group without filters', { logic: 'AND', groups: [{ filters: [] }] }],
    ['null filter', { logic: 'AND', groups: [{ filters: [null] }] }],
    ['empty filter', { logic: 'AND', groups: [{ filters: [{}] }] }],
    ['filters a string', { logic: 'AND', groups: [{ filters: 'x' }] }],
    ['conditions null', { logic: 'AND', groups: [{ filters: VALID_CONDITION.groups[0].filters, conditions: null }] }],
    ['conditions []', { logic: 'AND', groups: [{ filters: VALID_CONDITION.groups[0].filters, conditions: [] }] }],
    ['conditions without groups', { logic: 'AND', groups: [{ conditions: { logic: 'AND', groups: [] } }] }],
    ['5 levels', nestedCondition(5)],
    ['6 levels', nestedCondition(6)],
    ['50 levels', nestedCondition(50)],
    ['600 levels', nestedCondition(600)],
    ['100 filters', { logic: 'AND', groups: [{ filters: filters(100) }] }],
    ['101 filters', { logic: 'AND', groups: [{ filters: filters(101) }] }],
    ['101 filters over groups', { logic: 'OR', groups: [{ filters: filters(50) }, { filters: filters(51) }] }],
    ['101 groups', { logic: 'OR', groups: Array.from({ length: 101 }, () => VALID_CONDITION.groups[0]) }],
    ['5000 filters', { logic: 'AND', groups: [{ filters: filters(5000) }] }],
    ['unknown filter keys', oneFilter({ extra: DEEP, constructor: { prototype: { polluted: true } } })],
    ['a segment of nothing, nested', { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'exists' }], conditions: oneFilter({ field: `segment.${NOTHING}`, value: true }) }] }],
    ['the PATCH victim itself', oneFilter({ field: `segment.${victims.segment}`, value: true })],
    ['the member victim, upper case', oneFilter({ field: `segment.${victims.staticSegment.toUpperCase()}`, operator: 'exists' })],
  );
  return out;
}

/** Conditions as JSON text: `__proto__` keys (own properties once parsed), duplicate keys, and numbers and depths JSON.stringify cannot write. */
const RAW_CONDITIONS: [string, string][] = [
  ['100000 levels', '{"logic":"AND","groups":[{"conditions":'.repeat(100_000) + JSON.stringify(VALID_CONDITION) + '}]}'.repeat(100_000)],
  ['__proto__ in a filter', '{"logic":"AND","groups":[{"filters":[{"field":"data.plan","operator":"equals","value":"pro","__proto__":{"operator":"exists"}}]}]}'],
  ['__proto__ in a group', '{"logic":"AND","groups":[{"filters":[{"field":"data.plan","operator":"equals","value":"pro"}],"__proto__":{"conditions":{"logic":"AND","groups":[]}}}]}'],
  ['__proto__ in the condition', '{"__proto__":{"logic":"OR"},"logic":"AND","groups":[{"filters":[{"field":"data.plan","operator":"equals","value":"pro"}]}]}'],
  ['__proto__ as the value', '{"logic":"AND","groups":[{"filters":[{"field":"data.plan","operator":"equals","value":{"__proto__":{"x":1}}}]}]}'],
  ['duplicate operator', '{"logic":"AND","groups":[{"filters":[{"field":"data.plan","operator":"equals","operator":"frobnicate","value":"pro"}]}]}'],
  ['raw 1e309 value', '{"logic":"AND","groups":[{"filters":[{"field":"data.n","operator":"greaterThan","value":1e309}]}]}'],
  ['raw 1e309 window', '{"logic":"AND","groups":[{"filters":[{"field":"createdAt","operator":"within","value":1e309,"unit":"days"}]}]}'],
];

/** Properties whose schema is the condition language (a segment's condition, a campaign's audienceFilter). */
const conditionProps = (schema: any) => Object.keys(schema.properties ?? {}).filter((p) => JSON.stringify(schema.properties[p]).includes('"#/components/schemas/Condition"'));

/** Values put into every declared property, one at a time. */
const VALUES: [string, unknown][] = [
  ['null', null],
  ['[]', []],
  ['[junk]', [null, {}, 'x', 1]],
  ['{}', {}],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['2**63', 2 ** 63],
  ['-2**63', -(2 ** 63)],
  ['1e308', 1e308],
  ['"1e309"', '1e309'],
  ['"-1"', '-1'],
  ['""', ''],
  ['"   "', '   '],
  ['100k chars', LONG],
  ['3000 incompressible chars', NOISE],
  ['incompressible email', `${NOISE}@example.com`],
  ['lone surrogate', '\ud800'],
  ['lone low surrogate', 'a\udc00b'],
  ['NUL', 'a\u0000b'],
  ['CR/LF', 'a\r\nBcc: victim@example.com'],
  ['unicode', 'Ünïcødé 😀 \u202e\ufeff\u200b'],
  ['markup', '<script>alert(1)</script>{{x}}{{{y}}}'],
  ['path', '../../etc/passwd%00'],
  ['quote', "' OR '1'='1"],
  ['uuid of nothing', NOTHING],
  ['email with NUL', 'a\u0000b@example.com'],
  ['unicode email', 'ü😀@exämple.com'],
  ['depth 200', DEEP],
  ['array depth 200', DEEP_ARRAY],
];

/** Literal JSON number texts that JSON.stringify cannot produce. */
const RAW_NUMBERS = ['1e309', '-1e309', '-0', '1e-400', '123456789012345678901234567890'];

/** Keys put into record-typed properties (data, headers). */
const KEYS = ['', 'k'.repeat(300), 'a\u0000b', '\ud800', '__proto__', 'constructor', 'a.b', '$where', 'X-\r\nInjected'];

const WRONG_TYPES = ['null', '[]', '"str"', '123', 'true', '{}', '[{}]', '-0'];

const MALFORMED: [string, string | Uint8Array][] = [
  ['empty', ''],
  ['space', ' '],
  ['open brace', '{'],
  ['truncated', '{"a":'],
  ['single quotes', "{'a':1}"],
  ['trailing comma', '{"a":1,}'],
  ['NaN', 'NaN'],
  ['trailing garbage', '{"a":1}garbage'],
  ['two documents', '{}{}'],
  ['BOM', '\ufeff{}'],
  ['NUL', '\u0000'],
  ['escaped lone surrogate', '{"email":"\\ud800","a":"\\udfff"}'],
  ['escaped NUL', '{"email":"\\u0000","a":"\\u0000"}'],
  ['bad escape', '{"a":"\\x41"}'],
  ['deep array 5000', '['.repeat(5000) + ']'.repeat(5000)],
  ['unbalanced deep', '['.repeat(5000)],
  ['comment', '{/* c */}'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])],
  ['UTF-16', new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])],
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'garbage',
];

/** Path parameter values, already URL-encoded as they go into the path. */
const PATH_VALUES = [
  'not-a-uuid',
  NOTHING,
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  `${NOTHING}x`,
  'a'.repeat(10_000),
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  '%2e%2e',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%98%80',
  "'%20OR%201=1--",
  '%0D%0ASet-Cookie:%20x=1',
  '-1',
  '1e309',
  '1.5',
  '9223372036854775808',
  'null',
  '%20',
  'x.gif',
  'a%40b',
  'a%00b%40example.com',
  `${'a'.repeat(300)}%40example.com`,
  'not-an-email',
  '%C3%BC%F0%9F%98%80%40ex%C3%A4mple.com',
];

/** Query parameter values (URL-encoded). */
const QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '0x10',
  'abc',
  'x'.repeat(10_000),
  '%00',
  '%ED%A0%80',
  '%',
  'true',
  'null',
  '%5B%5D',
  'a%0D%0Ab',
  "'",
  '%25',
  NOTHING,
  '2026-13-45T99%3A99%3A99Z',
  '0000-01-01T00%3A00%3A00Z',
  '9999-12-31T23%3A59%3A59.999Z',
  '%2B275760-09-13T00%3A00%3A00.000Z',
  'a%40b',
  'sentinel%40example.com',
];

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const CURSORS = [
  'garbage',
  '!!!',
  '====',
  b64('v1:nope'),
  b64(`v1:${NOTHING}`),
  b64('v1:\u0000'),
  b64('v2:' + NOTHING),
  b64('v1:ffffffff-ffff-ffff-ffff-ffffffffffff'),
  b64(`v1:${'9'.repeat(5000)}`),
  'x'.repeat(10_000),
  '%00',
  '%ED%A0%80',
];

/** Authorization headers that are not a valid key (all must be 401/403, never 500). */
const BAD_AUTH = ['Bearer', 'Bearer ', `Bearer sk_${'x'.repeat(5000)}`, 'Basic YTpi', 'Bearer pk_fake', 'Bearer sk_fake extra', 'Bearer \u00e9\u00ff'];

/** Valid bodies per operation; each property is replaced by a hostile value on top of these. */
function baseBody(op: Operation): unknown {
  switch (op.operationId) {
    case 'sendEmail':
      // A suppressed recipient: a request that passes validation stops before anything is written.
      return { to: SUPPRESSED, from: FROM, subject: 'Hi', body: '<p>Hi</p>' };
    case 'trackEvent':
      return { email: 'fuzz-track@example.com', event: 'fuzz_event' };
    case 'verifyEmail':
      return { email: 'ada@fuzz-verify.test' };
    case 'upsertContact':
      return { email: 'fuzz-upsert@example.com' };
    case 'createTemplate':
      return { name: 'Fuzz', subject: 'S', body: '<p>B</p>', type: 'TRANSACTIONAL' };
    case 'createDomain':
      return { domain: 'fuzz-domain.test' };
    case 'createSuppression':
      return { email: 'fuzz-supp@example.com' };
    case 'reportBounces':
      return { type: 'soft_bounce', email: 'fuzz-bounce@example.com' };
    case 'createSegment':
      return { name: 'Fuzz segment', condition: VALID_CONDITION };
    case 'updateSegment':
      return { name: 'Victim segment', condition: VALID_CONDITION };
    case 'addSegmentMembers':
    case 'removeSegmentMembers':
      return { emails: [MEMBER] };
    default:
      return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Requests and checks
// ---------------------------------------------------------------------------------------------

interface Case {
  name: string;
  method: string;
  url: string;
  key: 'secret' | 'public' | null;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at\s|\bat \S+ \(\S*:\d+:\d+\)/],
  ['source position', /\.(ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['file path', /\/work\/|file:\/\/|\/home\/|\/usr\/|\/tmp\//],
  ['SQL', /\bselect\s[\s\S]{0,200}\bfrom\b|\binsert into\b|\bupdate \S+ set\b|\bdelete from\b/i],
  ['PostgreSQL error', /\brelation "|syntax error at or near|invalid input syntax|violates .*constraint|invalid byte sequence|unsupported Unicode escape|\bjsonb?\b.*\bunicode\b/i],
  ['JS error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/],
];

function schemaOf(ref: any): any {
  if (!ref) return {};
  if (ref.$ref) return schemaOf(doc.components.schemas[ref.$ref.split('/').pop()]);
  if (ref.anyOf) return schemaOf(ref.anyOf.find((s: any) => schemaOf(s).properties) ?? ref.anyOf[0]);
  if (ref.allOf) return Object.assign({}, ...ref.allOf.map(schemaOf));
  return ref;
}

function rawOp(op: Operation) {
  return doc.paths[op.path][op.method.toLowerCase()];
}

/** The op's path with its parameters filled: the victim for PATCH body fuzzing, else an id of nothing. */
function concretePath(op: Operation): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (name === 'email') return 'nobody%40example.com';
    if (name === 'token') return 'not-a-token';
    if (op.method === 'PATCH' && op.path.startsWith('/contacts/')) return victims.contact;
    if (op.method === 'PATCH' && op.path.startsWith('/templates/')) return victims.template;
    if (op.method === 'PATCH' && op.path === '/segments/{id}') return victims.segment;
    if (op.path === '/segments/{id}/members' && op.method !== 'GET') return victims.staticSegment;
    return NOTHING;
  });
}

function keysFor(op: Operation): ('secret' | 'public' | null)[] {
  const schemes = schemesOf(op);
  if (schemes.size === 0) return [null];
  return schemes.has('publicKey') ? ['secret', 'public'] : ['secret'];
}

/** Swaps `"__RAW__"` in a JSON text for a literal that JSON.stringify cannot write. */
const withRaw = (value: object, raw: string) => JSON.stringify(value).replace('"__RAW__"', raw);

function buildCases(op: Operation): Case[] {
  const raw = rawOp(op);
  const out: Case[] = [];
  const path = concretePath(op);
  const params: any[] = raw.parameters ?? [];
  const jsonBody = raw.requestBody?.content?.['application/json'];
  const hasBody = op.method !== 'GET';
  const add = (c: Omit<Case, 'key' | 'method'> & { key?: Case['key'] }) => {
    for (const key of c.key !== undefined ? [c.key] : keysFor(op)) out.push({ ...c, key, method: op.method });
  };
  const bodyCase = (name: string, body: string | Uint8Array, contentType = 'application/json', extra: Record<string, string> = {}) =>
    add({ name, url: path, body, headers: { 'content-type': contentType, ...extra } });

  // Plain request, no body at all.
  add({ name: 'bare', url: path });

  if (jsonBody) {
    const base = baseBody(op) as Record<string, unknown>;
    const schema = schemaOf(jsonBody.schema);
    for (const t of WRONG_TYPES) bodyCase(`body ${t}`, t);
    for (const [name, text] of MALFORMED) bodyCase(`malformed: ${name}`, text);
    for (const type of CONTENT_TYPES) bodyCase(`content-type ${type}`, JSON.stringify(base), type);
    add({ name: 'no content-type', url: path, body: JSON.stringify(base), headers: {} });
    bodyCase('unknown properties', JSON.stringify({ ...base, unknownField: 1, ['x'.repeat(300)]: true, '': null }));
    const proto = '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}';
    bodyCase('__proto__ property', Object.keys(base).length ? JSON.stringify(base).replace(/^\{/, `{${proto},`) : `{${proto}}`);
    bodyCase('deep extra property', JSON.stringify({ ...base, extra: DEEP }));
    bodyCase('deep body', JSON.stringify(DEEP));
    bodyCase('array of base', JSON.stringify([base]));
    bodyCase('100 keys', JSON.stringify({ ...base, ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) }));
    for (const prop of Object.keys(schema.properties ?? {})) {
      for (const [name, value] of VALUES) bodyCase(`${prop} = ${name}`, JSON.stringify({ ...base, [prop]: value }));
      for (const n of RAW_NUMBERS) bodyCase(`${prop} = ${n} (raw)`, withRaw({ ...base, [prop]: '__RAW__' }, n));
      bodyCase(`${prop} duplicated`, JSON.stringify({ ...base, [prop]: 'first' }).replace(/^\{/, `{${JSON.stringify(prop)}:${JSON.stringify(LONG)},`));
      const ps = schemaOf(schema.properties[prop]);
      const record = ps.additionalProperties ?? (ps.anyOf ?? []).map(schemaOf).find((s: any) => s.additionalProperties);
      if (record) {
        for (const k of KEYS) bodyCase(`${prop} key ${JSON.stringify(k).slice(0, 20)}`, JSON.stringify({ ...base, [prop]: { [k]: 'v', nested: DEEP } }));
        for (const [name, value] of VALUES) bodyCase(`${prop}.k = ${name}`, JSON.stringify({ ...base, [prop]: { k: value } }));
        // Nesting far deeper than anyone means: JSON.parse copes, recursive code downstream may not.
        for (const depth of [5_000, 100_000]) bodyCase(`${prop}.k depth ${depth}`, withRaw({ ...base, [prop]: { k: '__RAW__' } }, '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));
      }
      const itemSchema = schemaOf(ps.items ?? (ps.anyOf ?? []).map(schemaOf).find((s: any) => s.items)?.items);
      for (const sub of Object.keys(itemSchema.properties ?? {})) {
        for (const [name, value] of VALUES.slice(0, 22)) bodyCase(`${prop}[0].${sub} = ${name}`, JSON.stringify({ ...base, [prop]: [{ [sub]: value }] }));
      }
    }
    // Hostile parts inside a condition, on top of a valid body (the operations with one: segments).
    if (Object.keys(base).length > 0) {
      for (const prop of conditionProps(schema)) {
        for (const [name, condition] of hostileConditions()) bodyCase(`${prop}: ${name}`, JSON.stringify({ ...base, [prop]: condition }));
        for (const [name, text] of RAW_CONDITIONS) bodyCase(`${prop}: ${name}`, withRaw({ ...base, [prop]: '__RAW__' }, text));
      }
    }
    // header parameters (Idempotency-Key on send)
    for (const p of params.filter((p) => p.in === 'header')) {
      for (const v of ['', ' ', 'x'.repeat(300), '\u00e9\u00ff', 'a\tb', NOTHING]) {
        bodyCase(`header ${p.name}=${JSON.stringify(v).slice(0, 20)}`, JSON.stringify(base), 'application/json', { [p.name]: v });
      }
    }
  } else if (raw.requestBody) {
    // Non-JSON bodies (the raw bounce message).
    const types = Object.keys(raw.requestBody.content);
    const texts: [string, string][] = [
      ['empty', ''],
      ['garbage', 'garbage'],
      ['NUL', 'a\u0000b\u0000'],
      ['lone surrogate', 'Subject: \ud800\r\n\r\n\ud800'],
      ['long header line', `X-Long: ${LONG}${LONG}\r\n\r\nbody`],
      ['headers only', 'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n'],
      ['unterminated multipart', 'Content-Type: multipart/report; boundary="b"\r\n\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; \u0000@x\r\nAction: failed\r\nStatus: 5.1.1'],
      ['nested multipart', `${Array.from({ length: 200 }, (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`).join('')}Status: 5.1.1`],
      ['bad recipient', 'Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; ' + 'x'.repeat(10_000) + '\r\nAction: failed\r\nStatus: 5.1.1\r\n'],
      ['bad status', 'Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; a@example.com\r\nAction: failed\r\nStatus: 5.99999999999.1\r\n'],
      ['bad base64', 'Content-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!not base64!!!!'],
      ['json', JSON.stringify(DEEP)],
      ['long recipient', `Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; ${noise(10_000)}@example.com\r\nAction: failed\r\nStatus: 5.1.1\r\n`],
      ['NUL diagnostic', 'Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; fuzz-dsn@example.com\r\nAction: delayed\r\nStatus: 4.1.1\r\nDiagnostic-Code: smtp; 450 a\u0000b\r\n'],
      ['long complaint address', `Content-Type: multipart/report; report-type=feedback-report; boundary="b"\r\n\r\n--b\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\nOriginal-Rcpt-To: <${noise(5_000)}@example.com>\r\n--b--\r\n`],
      ['long Message-ID', `Content-Type: message/delivery-status\r\n\r\nOriginal-Message-ID: <${noise(20_000)}@x>\r\n\r\nFinal-Recipient: rfc822; fuzz-dsn@example.com\r\nAction: delayed\r\nStatus: 4.1.1\r\n`],
    ];
    for (const type of [...types, 'application/json', 'multipart/report', 'text/plain; charset=utf-16']) {
      for (const [name, text] of texts) bodyCase(`${type} ${name}`, text, type);
    }
    bodyCase('invalid UTF-8', new Uint8Array([0xff, 0xfe, 0x00, 0xc3]), types[0]);
  } else if (hasBody) {
    // No body declared: junk bodies and content types must still be answered properly.
    for (const [name, text] of MALFORMED.slice(0, 8)) bodyCase(`undeclared body: ${name}`, text);
    for (const type of CONTENT_TYPES.slice(0, 4)) bodyCase(`undeclared body as ${type}`, 'a=1', type);
    bodyCase('undeclared JSON body', JSON.stringify({ unknown: DEEP }));
  }

  // Path parameters.
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name as string);
  for (const name of pathParams) {
    const values = [...PATH_VALUES];
    if (name === 'token') {
      const base = ctx.config.publicUrl;
      values.push(
        openPixelUrl(ctx.config, NOTHING).slice(base.length).split('/').pop()!,
        clickUrl(ctx.config, NOTHING, 'https://example.com/x').slice(base.length).split('/').pop()!,
        unsubscribeUrl(ctx.config, NOTHING).slice(base.length).split('/').pop()!,
        'e30.AAAA',
        `${'A'.repeat(9000)}.gif`,
      );
    }
    for (const v of values) {
      const url = op.path.replace(`{${name}}`, v).replace(/\{[^}]+\}/g, NOTHING);
      const body = jsonBody ? JSON.stringify(baseBody(op)) : undefined;
      add({ name: `path ${name}=${v.slice(0, 40)}`, url, body, headers: body ? { 'content-type': 'application/json' } : {} });
    }
  }

  // Query parameters.
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name as string);
  if (queryParams.length > 0) {
    for (const q of queryParams) {
      for (const v of q === 'cursor' ? [...QUERY_VALUES, ...CURSORS] : QUERY_VALUES) add({ name: `query ${q}=${v.slice(0, 40)}`, url: `${path}?${q}=${v}` });
      add({ name: `query ${q} repeated`, url: `${path}?${q}=1&${q}=abc&${q}=` });
      add({ name: `query ${q}[]`, url: `${path}?${q}[]=1&${q}[x]=2` });
      add({ name: `query ${q} without value`, url: `${path}?${q}` });
    }
    add({ name: 'query all at once', url: `${path}?${queryParams.map((q) => `${q}=%00`).join('&')}` });
    add({ name: 'query unknown', url: `${path}?unknown=1&__proto__=x&constructor=y` });
    add({ name: 'query huge limit + garbage cursor', url: `${path}?limit=1000000&cursor=${b64('v1:x')}` });
  } else {
    add({ name: 'unexpected query', url: `${path}?limit=-1&cursor=garbage&__proto__=x` });
  }

  // Authorization headers that are not a key.
  if (schemesOf(op).size > 0) {
    for (const auth of BAD_AUTH) add({ name: `authorization ${auth.slice(0, 20)}`, url: path, key: null, headers: { authorization: auth } });
    if (!schemesOf(op).has('publicKey')) add({ name: 'public key', url: path, key: 'public' });
    if (schemesOf(op).has('webhookSecretHeader')) {
      for (const secret of ['', ' ', noise(199), noise(201), '\u00e9\u00ff', "' OR '1'='1"]) {
        add({ name: `x-webhook-secret ${secret.slice(0, 10)}`, url: path, key: null, headers: { 'x-webhook-secret': secret } });
      }
    }
  }
  return out;
}

async function send(c: Case): Promise<Response> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.key) headers.authorization = `Bearer ${c.key === 'secret' ? ctx.project.secretKey : ctx.project.publicKey}`;
  return ctx.app.request(c.url, { method: c.method, headers, body: c.body });
}

/** Every rule for one response; returns the problems (empty when it is fine). */
async function problemsOf(c: Case, res: Response): Promise<string[]> {
  const text = await res.text();
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (!res.headers.get('x-request-id')) problems.push('no X-Request-Id');
  for (const [what, re] of LEAKS) if (re.test(text)) problems.push(`leaks ${what}`);
  const pathname = new URL(c.url, 'http://localhost').pathname;
  const contentType = res.headers.get('content-type') ?? '';
  if (res.status >= 400) {
    try {
      await expectError(new Response(text, { status: res.status, headers: res.headers }), res.status, undefined, pathname);
    } catch (e) {
      problems.push(`envelope: ${(e as Error).message.split('\n')[0]}`);
    }
  } else if (contentType.startsWith('application/json') && pathname !== '/health') {
    try {
      if (JSON.parse(text).success !== true) problems.push('success body without success: true');
    } catch {
      problems.push('JSON content type, body is not JSON');
    }
  }
  return problems.map((p) => `${c.method} ${c.url.slice(0, 80)} [${c.name}${c.key === 'public' ? ', public key' : ''}] -> ${res.status}: ${p} :: ${text.slice(0, 200)}`);
}

const GROUP = 8;
let total = 0;
const statuses: Record<number, number> = {};

describe('hostile input on every operation', () => {
  it('the served document is the one walked here', async () => {
    const served = await json(await ctx.request('GET', '/openapi.json', { key: null }));
    expect(operationsOf(served).map(label)).toEqual(ops.map(label));
    expect(ops.length).toBeGreaterThan(20);
  });

  it.each(ops.map((op) => [label(op), op] as const))('%s', async (_, op) => {
    const cases = buildCases(op);
    const problems: string[] = [];
    // Every refused request must change nothing stored: checked for a whole group when all of it was
    // refused; when some requests succeeded (and changed something), each refused one is sent again alone.
    let before = await databaseState(ctx.orm);
    for (let i = 0; i < cases.length; i += GROUP) {
      const group = cases.slice(i, i + GROUP);
      const responses = await Promise.all(group.map(send));
      for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      for (let j = 0; j < group.length; j++) problems.push(...(await problemsOf(group[j], responses[j])));
      let after = await databaseState(ctx.orm);
      const changed = changedTables(before, after);
      const refused = group.filter((_, j) => responses[j].status >= 400);
      if (changed.length > 0 && refused.length === group.length) {
        problems.push(`${label(op)}: refused requests changed ${changed.join(', ')} (${group.map((c) => c.name).join(', ')})`);
      } else if (changed.length > 0) {
        for (const c of refused) {
          const first = responses[group.indexOf(c)].status;
          const res = await send(c);
          const alone = changedTables(after, (after = await databaseState(ctx.orm)));
          // Sent again alone it must be refused again (else whether it changed something cannot be
          // told, and a refusal that depends on its neighbours is a defect of its own).
          if (res.status < 400) problems.push(`${label(op)} [${c.name}] refused with ${first} in its group, accepted with ${res.status} alone`);
          else if (alone.length > 0) problems.push(`${label(op)} [${c.name}] -> ${res.status} changed ${alone.join(', ')}`);
        }
      }
      before = after;
    }
    total += cases.length;
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  });

  it('segment bodies are valid but for the fuzzed part: a bad condition part is named by its path', async () => {
    const byId = (id: string) => ops.find((op) => op.operationId === id)!;
    for (const id of ['createSegment', 'updateSegment']) {
      const op = byId(id);
      const body = { ...(baseBody(op) as object), condition: oneFilter({ operator: 'frobnicate' }) };
      const refused = await expectError(await ctx.request(op.method, concretePath(op), { body }), 422, 'VALIDATION_ERROR');
      expect(refused.error.errors.map((e: any) => e.field)).toEqual(['condition.groups.0.filters.0.operator']);
    }
    for (const id of ['updateSegment', 'addSegmentMembers', 'removeSegmentMembers']) {
      const op = byId(id);
      expect((await ctx.request(op.method, concretePath(op), { body: baseBody(op) })).status, id).toBe(200);
    }
    const victim = (await json(await ctx.request('GET', `/segments/${victims.segment}`))).data;
    expect(victim).toMatchObject({ name: 'Victim segment', type: 'DYNAMIC', condition: VALID_CONDITION, trackMembership: true });
  });

  it('a few sends that pass the schema with nasty content are queued or refused cleanly', async () => {
    // Not a loop over the value table: a handful of sends to one recipient (no worker runs: nothing is delivered).
    const cases: Case[] = [
      // NUL in body and data is removed while rendering: accepted
      { body: '<p>a\u0000b {{k}}</p>', subject: 'NUL in body', data: { k: 'c\u0000d', ['e\u0000']: 1 } },
      { body: '<p>\ud800</p>', subject: 'lone surrogate \ud800' },
      { body: '<p>{{deep}} {{k}}</p>', subject: 'Hi {{k}}', data: { deep: DEEP, k: '<b>\u202e😀</b>' } },
      { body: 'Ünïcødé 😀 \u202e', subject: 'Ünïcødé 😀', headers: { 'X-Fuzz': 'ä\u202e😀' } },
      { body: '<p>{{k}}</p>', subject: 'Hi', data: { k: '__RAW__' } }, // nested 5000 deep, below
      { body: '<p>x</p>', subject: 'Hi', data: { k: 'a\udc00' } },
    ].map((extra, i) => ({
      name: `send ${i}`,
      method: 'POST',
      url: '/v1/send',
      key: 'secret' as const,
      headers: { 'content-type': 'application/json' },
      body: withRaw({ to: 'fuzz-send@example.com', from: FROM, ...extra }, '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)),
    }));
    const problems: string[] = [];
    const out: { status: number; body: any }[] = [];
    for (const c of cases) {
      const res = await send(c);
      const text = await res.clone().text();
      problems.push(...(await problemsOf(c, res)));
      out.push({ status: res.status, body: JSON.parse(text) });
    }
    total += cases.length;
    expect(problems).toEqual([]);
    expect(out.map((o) => o.status)).toEqual([200, 422, 200, 200, 422, 422]);
    expect(out[1].body.message).toContain('subject');
    expect(out[4].body.message).toContain('data.k');
    expect(out[5].body.message).toContain('data.k');
    const [email0, email3] = await Promise.all([0, 3].map(async (i) => (await json(await ctx.request('GET', `/emails/${out[i].body.data.emails[0].email}`))).data));
    expect(email0.subject).toBe('NUL in body');
    expect(email3.subject).toBe('Ünïcødé 😀');
  });

  it('what PostgreSQL cannot store is a 422 naming the field, and nothing is written', async () => {
    const fields = (body: any) => body.error.errors.map((e: any) => [e.field, e.code]);
    const contactsBefore = (await json(await ctx.request('GET', '/contacts'))).data.total;
    let body = await expectError(await ctx.request('POST', '/templates', { body: { ...(baseBody({ operationId: 'createTemplate' } as Operation) as object), name: 'a\u0000b' } }), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual([['name', 'invalid_string']]);
    body = await expectError(await ctx.request('POST', '/contacts', { body: { email: 'nul@example.com', data: { '\ud800': 1, ok: ['x', 'a\udc00'] } } }), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual([['data.\ufffd', 'invalid_key'], ['data.ok.1', 'invalid_string']]);
    body = await expectError(await ctx.request('GET', '/contacts?search=%00'), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual([['search', 'invalid_string']]);
    const deep = withRaw({ email: 'deep@example.com', data: { k: '__RAW__' } }, '['.repeat(5_000) + ']'.repeat(5_000));
    body = await expectError(await ctx.app.request('/contacts', { method: 'POST', headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json' }, body: deep }), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual([['data.k.0...', 'too_big']]);
    expect((await json(await ctx.request('GET', '/contacts'))).data.total).toBe(contactsBefore);
    // Deep but within the limit is stored and read back whole.
    const ok = await ctx.request('POST', '/contacts', { body: { email: 'deep@example.com', data: { k: nest(900) } } });
    expect(ok.status).toBe(201);
    const stored = (await json(await ctx.request('GET', `/contacts/${(await json(ok)).data.id}`))).data;
    expect(stored.data.k).toEqual(nest(900));
    // the alternate shape on send
    const alt = await expectError(await ctx.request('POST', '/v1/send', { body: { to: 'x@example.com', from: FROM, subject: 'S \ud800', body: 'B' } }), 422, undefined, '/v1/send');
    expect(alt.message).toContain('subject');
    // verify stores nothing: such an address is just not valid
    for (const email of ['a\u0000b@example.com', 'a\ud800@example.com']) {
      const res = await ctx.request('POST', '/v1/verify', { body: { email } });
      expect(res.status).toBe(200);
      expect((await json(res)).data.valid).toBe(false);
    }
  });

  it('a raw bounce with NUL or with an address over 254 characters is a 422, and suppresses nothing', async () => {
    const dsn = (body: string) =>
      ctx.app.request('/webhooks/bounces/dsn', { method: 'POST', headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'message/rfc822' }, body });
    const report = (rcpt: string) => `Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; ${rcpt}\r\nAction: failed\r\nStatus: 5.1.1\r\n`;
    let body = await expectError(await dsn(report('nul\u0000@example.com')), 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([{ field: 'body', message: expect.any(String), code: 'invalid_dsn' }]);
    body = await expectError(await dsn(report(`${'a'.repeat(243)}@example.com`)), 422, 'VALIDATION_ERROR');
    expect(body.error.message).toBe('Not a bounce report');
    const suppressions = (await json(await ctx.request('GET', '/suppressions?limit=100'))).data.items.map((s: any) => s.email);
    expect(suppressions.filter((e: string) => e.length > 254 || e.includes('\u0000'))).toEqual([]);
    // 254 characters is still an address: the report parses, and is refused only because it matches no message of the project
    body = await expectError(await dsn(report(`${'a'.repeat(242)}@example.com`)), 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([{ field: 'body', message: expect.any(String), code: 'unmatched_dsn' }]);
  });

  it('nothing stored before the sweep was lost or changed', async () => {
    expect(await snapshotSentinels()).toEqual(sentinel.before);
    const health = await ctx.request('GET', '/health', { key: null });
    expect(health.status).toBe(200);
    // Roughly: how much was thrown at the app.
    expect(total).toBeGreaterThan(1000);
    console.log(`fuzz: ${ops.length} operations, ${total} requests, statuses ${JSON.stringify(statuses)}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Hardening sweeps (issue 8): refused headers, consent under a public key, the public-key budget
// ---------------------------------------------------------------------------------------------

describe('hostile input against the hardening rules', () => {
  const REFUSED = ['X-Mailhub-Email-Id', 'X-Mailhub-Anything', 'Sender', 'Resent-From', 'Resent-Message-ID', 'Received', 'Delivered-To', 'Return-Path', 'Authentication-Results', 'ARC-Seal', 'ARC-Authentication-Results', 'DKIM-Signature'];
  const spellings = (name: string) => [name, name.toLowerCase(), name.toUpperCase(), name.replace(/-(\w)/g, (_, c: string) => `-${c.toUpperCase()}`)];

  it('every service, trust or routing header, in any spelling and with any value, is a 422 naming it; nothing is queued', async () => {
    const problems: string[] = [];
    for (const name of REFUSED) {
      for (const spelled of new Set(spellings(name))) {
        for (const value of [NOTHING, `<${NOTHING}@fuzz.test>`, 'x', '']) {
          const c: Case = { name: `header ${spelled}`, method: 'POST', url: '/v1/send', key: 'secret', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'fuzz-headers@example.com', from: FROM, subject: 'S', body: 'B', headers: { 'X-Ok': '1', [spelled]: value } }) };
          const res = await send(c);
          const text = await res.clone().text();
          problems.push(...(await problemsOf(c, res)));
          if (res.status !== 422 || !text.includes(`headers.${spelled}`)) problems.push(`${spelled}=${value}: ${res.status} ${text.slice(0, 120)}`);
          total++;
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect((await json(await ctx.request('GET', '/contacts?search=fuzz-headers@example.com'))).data.items).toEqual([]);
  });

  it('no public-key track call, however spelled, re-subscribes an opt-out or rewrites its data', async () => {
    const email = 'fuzz-optout@example.com';
    const c = (await json(await ctx.request('POST', '/contacts', { body: { email, data: { plan: 'pro' } } }))).data;
    await ctx.request('PATCH', `/contacts/${c.id}`, { body: { subscribed: false } });
    const emails = [email, email.toUpperCase(), `  ${email} `, 'Fuzz-OptOut@Example.COM'];
    const subscribed: unknown[] = [true, 'true', 1, null, false, {}, [true]];
    const datas: unknown[] = [undefined, { plan: 'hacked' }, { plan: null }, { plan: { value: 'x', persistent: true } }, { plan: { value: 'x', persistent: false } }, { extra: 1 }];
    const problems: string[] = [];
    for (const e of emails) {
      for (const s of subscribed) {
        for (const d of datas) {
          const body = JSON.stringify({ email: e, event: 'fuzz_consent', subscribed: s, ...(d === undefined ? {} : { data: d }) });
          const cs: Case = { name: 'consent', method: 'POST', url: '/v1/track', key: 'public', headers: { 'content-type': 'application/json' }, body };
          const res = await send(cs);
          problems.push(...(await problemsOf(cs, res)));
          total++;
        }
      }
      // `__proto__` at the top of data is refused, not dropped
      const proto: Case = { name: 'consent proto', method: 'POST', url: '/v1/track', key: 'public', headers: { 'content-type': 'application/json' }, body: `{"email":"${e}","event":"x","subscribed":true,"data":{"__proto__":{"plan":"hacked"}}}` };
      const res = await send(proto);
      if (res.status !== 422) problems.push(`__proto__: ${res.status}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    const after = (await json(await ctx.request('GET', `/contacts/${c.id}`))).data;
    expect(after).toMatchObject({ subscribed: false, data: { plan: 'pro', extra: 1 } });
    const subscribedEvents = (await json(await ctx.request('GET', `/events?contactId=${c.id}&name=contact.subscribed`))).data.items;
    expect(subscribedEvents).toEqual([]);
  });

  it('a public-key flood (valid, invalid and malformed) stops at its own budget; the secret key and the webhook keep working', async () => {
    const small = await setupTestContext({ RATE_LIMIT_PER_MINUTE: '5', PUBLIC_RATE_LIMIT_PER_MINUTE: '20', WEBHOOK_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const secret = (await json(await small.request('GET', '/project'))).data.webhookSecret;
      const bodies = ['{"email":"a@example.com","event":"ok"}', '{"email":"nope"}', '{"email":', 'null', '{"email":"a@example.com","event":"x","data":{"n":1e400}}'];
      const statusesSeen: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await small.app.request('/v1/track', { method: 'POST', body: bodies[i % bodies.length], headers: { authorization: `Bearer ${small.project.publicKey}`, 'content-type': 'application/json' } });
        statusesSeen.push(res.status);
        expect(res.status).toBeLessThan(500);
      }
      expect(statusesSeen.filter((s) => s !== 429)).toHaveLength(20);
      expect(statusesSeen.slice(20).every((s) => s === 429)).toBe(true);
      expect((await small.request('GET', '/contacts')).status).toBe(200);
      const hook = await small.request('POST', '/webhooks/bounces', { key: null, body: { type: 'soft_bounce', email: 'b@example.com' }, headers: { authorization: `Bearer ${secret}` } });
      expect(hook.status).toBe(200);
    } finally {
      await small.cleanup();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The condition language through every door that takes it (issue 24): segments, a campaign's
// audienceFilter, a workflow's CONDITION step; references of references included (unbounded,
// 100 x 100 x 100 references once took the service down).
// ---------------------------------------------------------------------------------------------

describe('the condition language through every door', () => {
  const refs = (id: string, n: number, logic = 'OR') => ({ logic, groups: [{ filters: Array.from({ length: n }, () => ({ field: `segment.${id}`, operator: 'equals', value: true })) }] });

  it('hostile conditions and reference chains at segments, campaign filters and CONDITION steps: never a 5xx, always the envelope, an oversized one a 422 naming the limit', async () => {
    const made = async (method: string, path: string, body: unknown) => {
      const res = await ctx.request(method, path, { body });
      const out = await json(res);
      expect(res.status, JSON.stringify(out).slice(0, 500)).toBeLessThan(300);
      return out.data.id as string;
    };
    // S0: one filter; S1 = 100 x S0; S2 = 100 x S1 (10,000 values: the largest chain within the bound).
    const CHAIN_FILTERS = filtersIn(VALID_CONDITION) + 100 + 100;
    const s0 = await made('POST', '/segments', { name: 'Door S0', condition: VALID_CONDITION });
    const s1 = await made('POST', '/segments', { name: 'Door S1', condition: refs(s0, 100) });
    const s2 = await made('POST', '/segments', { name: 'Door S2', condition: refs(s1, 100, 'AND') });
    const campaign = await made('POST', '/campaigns', { name: 'Door victim', subject: 'S', body: '<p>B</p>', from: FROM, audienceType: 'FILTERED', audienceFilter: VALID_CONDITION });
    const step = (condition: unknown) => [{ id: 'c', type: 'CONDITION', condition, branches: {} }];
    const workflow = await made('POST', '/workflows', { name: 'Door victim', trigger: { type: 'EVENT', eventName: 'door' }, steps: step(VALID_CONDITION) });

    const doors: [string, string, string, (c: string) => string][] = [
      ['POST /segments', 'POST', '/segments', (c) => `{"name":"Door fuzz","condition":${c}}`],
      ['PATCH /segments/{id}', 'PATCH', `/segments/${victims.segment}`, (c) => `{"condition":${c}}`],
      ['POST /campaigns', 'POST', '/campaigns', (c) => `{"name":"Door fuzz","subject":"S","body":"<p>B</p>","from":"${FROM}","audienceType":"FILTERED","audienceFilter":${c}}`],
      ['PATCH /campaigns/{id}', 'PATCH', `/campaigns/${campaign}`, (c) => `{"audienceType":"FILTERED","audienceFilter":${c}}`],
      ['POST /workflows', 'POST', '/workflows', (c) => `{"name":"Door fuzz","trigger":{"type":"EVENT","eventName":"door"},"steps":[{"id":"c","type":"CONDITION","condition":${c},"branches":{}}]}`],
      ['PATCH /workflows/{id}', 'PATCH', `/workflows/${workflow}`, (c) => `{"steps":[{"id":"c","type":"CONDITION","condition":${c},"branches":{}}]}`],
    ];
    const oversized: [string, unknown][] = [
      ['100 x S2 (a million values)', refs(s2, 100)],
      ['10 x S2', refs(s2, 10)],
      ['3 x S2, AND', refs(s2, 3, 'AND')],
      ['S2 in each of 100 OR groups', { logic: 'OR', groups: Array.from({ length: 100 }, () => ({ filters: [{ field: `segment.${s2}`, operator: 'exists' }] })) }],
      ['S2 twice at every nesting level', nestedRefs(s2)],
      ['50 x S1 and 50 x S2, upper case ids', { logic: 'AND', groups: [refs(s1.toUpperCase(), 50).groups[0], refs(s2.toUpperCase(), 50).groups[0]] }],
    ];
    const fitting: [string, unknown][] = [
      ['S2 once', refs(s2, 1)],
      ['S1 and S2, negated', { logic: 'OR', groups: [{ filters: [{ field: `segment.${s1}`, operator: 'notEquals', value: true }, { field: `segment.${s2}`, operator: 'notExists' }] }] }],
    ];
    const cases: [string, string][] = [
      ...[...hostileConditions(), ...fitting, ...oversized].map(([name, c]) => [name, JSON.stringify(c)] as [string, string]),
      ...RAW_CONDITIONS,
    ];
    const problems: string[] = [];
    for (const [door, method, path, body] of doors) {
      for (let i = 0; i < cases.length; i += GROUP) {
        const group = cases.slice(i, i + GROUP);
        const responses = await Promise.all(group.map(([, c]) => ctx.app.request(path, { method, body: body(c), headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json' } })));
        for (let j = 0; j < group.length; j++) {
          const c: Case = { name: group[j][0], method, url: path, key: 'secret' };
          problems.push(...(await problemsOf(c, responses[j].clone())).map((p) => `${door}: ${p}`));
        }
      }
      for (const [name, c] of oversized) {
        const { result: res, sized, built } = await segmentWorkOf(() =>
          ctx.app.request(path, { method, body: body(JSON.stringify(c)), headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json' } }),
        );
        const text = await res.text();
        if (res.status !== 422 || !text.includes('20,000')) problems.push(`${door} [${name}] -> ${res.status}, not a 422 naming the limit: ${text.slice(0, 200)}`);
        // Refused without expanding the references (each filter written sized once at most, where
        // the expansion has up to a million) and before any SQL is built: counted, not timed.
        const written = filtersIn(c) + CHAIN_FILTERS;
        if (sized > written || built > 0) problems.push(`${door} [${name}] sized ${sized} filters (${written} written) and built ${built} conditions into SQL before refusing`);
      }
    }
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    // What is stored still evaluates: S2's members, the victims.
    expect((await ctx.request('GET', `/segments/${s2}/contacts`)).status).toBe(200);
    expect((await ctx.request('GET', `/campaigns/${campaign}`)).status).toBe(200);
  }, 900_000);
});

/** The filters written in a condition, nested groups included. */
function filtersIn(c: any): number {
  return (c.groups as any[]).reduce((n, g) => n + g.filters.length + (g.conditions ? filtersIn(g.conditions) : 0), 0);
}

/** Five nested levels, each naming `id` twice. */
function nestedRefs(id: string): unknown {
  let c: unknown = { logic: 'AND', groups: [{ filters: [{ field: `segment.${id}`, operator: 'exists' }, { field: `segment.${id}`, operator: 'exists' }] }] };
  for (let i = 1; i < 5; i++) c = { logic: 'OR', groups: [{ filters: [{ field: `segment.${id}`, operator: 'exists' }, { field: `segment.${id}`, operator: 'exists' }], conditions: c }] };
  return c;
}
