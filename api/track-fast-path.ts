import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '../core/errors.js';
import { log } from '../core/log.js';
import { errorAnswer } from './error-handler.js';
import { logRequestLine } from './middleware/access-log.js';
import { ANY_KEY_KINDS, authenticate } from './middleware/auth.js';
import type { AuthState } from './middleware/auth-state.js';
import { DEFAULT_BODY_LIMIT } from './middleware/body-limit.js';
import { corsAnswerHeaders } from './middleware/cors.js';
import { requestIdFor } from './middleware/request-id.js';
import { TrackBody } from './routes/track/schema.js';
import { trackAnswer } from './routes/track/track-event.js';
import type { AppDeps } from './types.js';
import { validJsonBody } from './validation.js';

/*
 * POST /v1/track answered straight from node's request listener: the same key check and rate
 * limit (authenticate), body limit, content type, zod schema and hook (validJsonBody), service
 * call (trackAnswer), error envelope (errorAnswer), CORS headers, request id and access log line as
 * the Hono app, without Hono's router, middleware chain, web Request/Response and Headers objects,
 * or the request's AsyncLocalStorage log context (the request id is passed to the lines written
 * here). Those layers cost about as much CPU per call as the call's own work (bench/RESULTS.md).
 *
 * Only the plain form of the call comes here: exactly `POST /v1/track` (no query string), a
 * Content-Length between 1 and the body limit, no Transfer-Encoding, Content-Type exactly JSON
 * (optionally `; charset=utf-8`), an Authorization header and a plain Host, none of them repeated. Anything else
 * (preflights, chunked or empty bodies, other media types, no key) goes to the Hono app unchanged.
 * test/track-fast-path.test.ts sends the same requests through both and compares the answers.
 */

const PLAIN_JSON = /^application\/json(;\s*charset=utf-8)?$/i;
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
const PATH = '/v1/track';

/** Same message as Hono's validator for a body JSON.parse refuses (api/error-handler.ts maps it). */
const malformedJson = () => new DomainError('MALFORMED_JSON', 'Malformed JSON in request body', { suggestion: 'Send a valid JSON document.' });

/** The request's body as text, decoded as fetch's Request.json() does (UTF-8, a leading BOM dropped, bad bytes as U+FFFD). */
function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
const UTF8 = new TextDecoder();

/**
 * Headers node keeps only the first copy of, where the Hono app (@hono/node-server) joins the copies
 * with ", ": a request repeating one would be read two ways (two Authorization headers: the first
 * key here, a malformed header there), so it goes to the Hono app.
 */
const SINGLE = new Set(['authorization', 'content-type', 'content-length', 'host']);
function repeatsASingleHeader(raw: string[]): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!SINGLE.has(name)) continue;
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}

/** Whether this request is the plain form of the call (see above). */
function isPlainTrackCall(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || req.url !== PATH || repeatsASingleHeader(req.rawHeaders)) return false;
  const h = req.headers;
  const length = h['content-length'];
  if (length === undefined || h['transfer-encoding'] !== undefined || h.authorization === undefined) return false;
  const size = Number(length);
  return size > 0 && size <= DEFAULT_BODY_LIMIT && PLAIN_JSON.test(h['content-type'] ?? '') && PLAIN_HOST.test(h.host ?? '');
}

/**
 * The fast path's listener part: answers a plain /v1/track call and returns true, or returns false
 * for the Hono app to answer. `auth` is the app's own (one key cache and rate limiter per process).
 */
export function trackFastPath(deps: AppDeps, auth: AuthState): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cors = corsAnswerHeaders(deps.config.cors.track);
  // One fork for every call's statement, not one per call (a fork cost ~7 % of a call's CPU):
  // trackEvent only runs raw SQL through it, each statement on a pooled connection of its own,
  // and never loads an entity into it nor opens a transaction on it (test/track.test.ts checks
  // that its identity map stays empty). A key lookup (a cache miss) loads entities: it gets a fork of its own.
  const statements = deps.orm.em.fork();
  return (req, res) => {
    if (!isPlainTrackCall(req)) return false;
    // Errors of the call are answered inside; this is for a failure writing the answer itself, which
    // must not become an unhandled rejection (it would stop the process).
    answer(req, res).catch((err: unknown) => {
      log.error({ err, method: 'POST', path: PATH }, 'failed to answer a request');
      res.destroy();
    });
    return true;
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const h = req.headers;
    const requestId = requestIdFor(h['x-request-id'] as string | undefined);
    const body = bodyText(req);
    // Read whatever the answer (the Hono app drains it too), so the connection stays usable; a
    // failed read (client gone) is nobody's error then.
    body.catch(() => {});
    // Header order as the Hono app sets them: request id, CORS, rate limit, then the answer's own.
    const headers: Record<string, string> = { 'X-Request-Id': requestId, ...cors?.(h.origin) };
    let status: number;
    let payload: unknown;
    try {
      const { resolved, rateHeaders } = await authenticate(auth, h.authorization, () => deps.orm.em.fork(), ANY_KEY_KINDS);
      Object.assign(headers, rateHeaders);
      let value: unknown;
      try {
        value = JSON.parse(await body);
      } catch {
        throw malformedJson();
      }
      payload = await trackAnswer(statements, resolved.project, resolved.key.kind, validJsonBody(TrackBody, value));
      status = 200;
    } catch (err) {
      const e = errorAnswer(err, { method: 'POST', path: PATH, requestId });
      status = e.status;
      payload = e.body;
      Object.assign(headers, e.headers);
    }
    const json = JSON.stringify(payload);
    const out: Record<string, string | number> = { 'content-type': 'application/json' };
    for (const k in headers) out[k.toLowerCase()] = headers[k];
    out['content-length'] = Buffer.byteLength(json);
    res.writeHead(status, out);
    res.end(json);
    logRequestLine(requestId, 'POST', PATH, status, started);
  }
}
