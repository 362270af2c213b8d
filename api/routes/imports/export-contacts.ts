import { createRoute, z } from '@hono/zod-openapi';
import { exportContacts, type ExportFormat } from '../../../core/imports/export.js';
import { errorResponses } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { ExportQuery } from './schema.js';

const route = createRoute({
  operationId: 'exportContacts',
  tags: ['Contacts'],
  method: 'get',
  path: '/contacts/export',
  summary: 'Stream every contact (or a segment\'s) as CSV or NDJSON',
  description:
    'By `Accept` (or `format`): `text/csv` writes `email,subscribed,timezone` and one column per data path (`company.name`), which POST /contacts/imports reads back; ' +
    '`application/x-ndjson` (the default) one contact per line as GET /contacts/{id} answers it. Newest first, streamed page by page. ' +
    'With `segmentId`, every query over the segment is bounded by CONDITION_QUERY_TIMEOUT_MS: one too slow before the first page is sent is a 503.',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { query: ExportQuery },
  responses: {
    200: {
      description: 'The contacts',
      content: { 'text/csv': { schema: z.string() }, 'application/x-ndjson': { schema: z.string() } },
    },
    ...errorResponses(401, 403, 404, 422, 429, 503),
  },
});

const CONTENT_TYPE: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

export const registerExportContacts = (app: App) =>
  app.openapi(route, async (c) => {
    const q = c.req.valid('query');
    const format: ExportFormat = q.format ?? (/\btext\/csv\b/i.test(c.req.header('accept') ?? '') ? 'csv' : 'ndjson');
    const chunks = await exportContacts(c.var.em, c.var.project.id, format, { segmentId: q.segmentId, timeoutMs: c.var.deps.config.conditionQueryTimeoutMs });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const ext = format === 'csv' ? 'csv' : 'ndjson';
    return c.body(stream, 200, { 'content-type': CONTENT_TYPE[format], 'content-disposition': `attachment; filename="contacts.${ext}"` }) as never;
  });
