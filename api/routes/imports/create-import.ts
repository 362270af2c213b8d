import type { IncomingMessage } from 'node:http';
import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '../../../core/errors.js';
import { checkImportRequest, createImport, toImportDto } from '../../../core/imports/imports.js';
import type { ImportFormat } from '../../../core/imports/records.js';
import { errorResponses, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ContactImport, CreateImportQuery, ImportFileBody } from './schema.js';

const route = createRoute({
  operationId: 'createContactImport',
  tags: ['Contacts'],
  method: 'post',
  path: '/contacts/imports',
  summary: 'Import contacts from a CSV or NDJSON file (up to 200 MB), in the background',
  description:
    'The file is streamed into storage as it arrives, then a background job upserts its rows in batches (`GET /contacts/imports/{id}` shows the progress). ' +
    'Consent rules are the secret key\'s, as POST /contacts. A file refused (wrong content type, no `email` column, a record over 1 MB, over 200 MB) ' +
    'is an error here, before any contact is written. The whole import counts as one request against the rate limit.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: CreateImportQuery, body: ImportFileBody },
  responses: { 202: ok(ContactImport, 'Accepted: the import is QUEUED'), ...errorResponses(400, 401, 403, 404, 409, 413, 422, 429, 503) },
});

/**
 * The upload as it arrives. On Node 20, the web stream @hono/node-server wraps the request in
 * (`Readable.toWeb`) takes its high-water mark in bytes as a count of chunks, so it queues the whole
 * socket ahead of a slower parser (the API's RSS grew with the file). The Node request itself, when
 * nothing has started reading it, is read with backpressure instead.
 */
function requestBody(env: unknown, webBody: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> | null {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && incoming.readableFlowing === null && incoming.readableLength === 0 && !incoming.readableEnded) return incoming;
  return webBody as unknown as AsyncIterable<Uint8Array> | null;
}

const FORMATS: Record<string, ImportFormat> = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson', 'application/ndjson': 'ndjson', 'application/jsonl': 'ndjson' };

export const registerCreateImport = (app: App) =>
  app.openapi(route, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const format = FORMATS[type];
    if (!format) {
      throw new DomainError('UNSUPPORTED_CONTENT_TYPE', `Expected Content-Type: text/csv or application/x-ndjson, got ${type ? `"${type}"` : 'none'}`, {
        suggestion: 'Send the file as the request body with Content-Type: text/csv (curl --data-binary @contacts.csv) or application/x-ndjson.',
      });
    }
    const q = c.req.valid('query');
    const opts = { subscribed: q.subscribed ?? null, onExisting: q.onExisting, segmentId: q.segmentId ?? null, dryRun: q.dryRun, triggerAutomations: q.triggerAutomations };
    const length = c.req.header('content-length');
    await checkImportRequest(c.var.em, c.var.project.id, opts, length === undefined ? null : Number(length));
    const body = requestBody(c.env, c.req.raw.body);
    if (!body) throw new DomainError('VALIDATION_ERROR', 'The import file is empty', { errors: [{ field: 'body', message: 'the request has no body', code: 'required' }] });
    const { deps } = c.var;
    const imp = await createImport(c.var.em, deps.temporal, deps.config.taskQueue, c.var.project.id, format, opts, body, !deps.config.embeddedDatabase);
    return c.json(success(toImportDto(imp)), 202);
  });
