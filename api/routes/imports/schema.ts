import { z } from '@hono/zod-openapi';
import { BoolQuery, PageQuery, pageOf } from '../../envelope.js';
import { Id, Timestamp } from '../../schemas.js';

const q = (name: string) => ({ param: { name, in: 'query' as const } });

export const CreateImportQuery = z.object({
  subscribed: BoolQuery.optional().openapi({
    ...q('subscribed'),
    type: 'string',
    enum: ['true', 'false'],
    description: 'For rows that do not say. Default: as POST /contacts (a new contact is subscribed, an existing one keeps its state).',
  }),
  onExisting: z.enum(['merge', 'replace', 'skip']).default('merge').openapi({
    ...q('onExisting'),
    description: '`merge`: data merged into the existing contact (as POST /contacts); `replace`: its data replaced by the row\'s; `skip`: existing contacts left unchanged.',
  }),
  segmentId: Id.optional().openapi({ ...q('segmentId'), description: 'A STATIC segment every contact of a valid row joins (also one left unchanged by `skip`).' }),
  dryRun: BoolQuery.default(false).openapi({ ...q('dryRun'), type: 'string', enum: ['true', 'false'], description: 'Validate only: rows are read and checked, nothing is written.' }),
  triggerAutomations: BoolQuery.default(false).openapi({
    ...q('triggerAutomations'),
    type: 'string',
    enum: ['true', 'false'],
    description: 'Whether the events the import records (`contact.subscribed`, `segment.<id>.entry`) start or wake automations. Default false, so a migration mails nobody.',
  }),
});

const CsvFile = z.string().openapi({
  description:
    'A header row naming the columns: `email` (required), `subscribed` (optional: true/false, yes/no, 1/0), `timezone` (optional: an IANA time zone such as Europe/Berlin, the contact\'s zone), ' +
    'every other column a `data` key (`company.name` nests). Empty fields are left out.',
  example: 'email,subscribed,timezone,firstName,company.name\nada@example.com,true,Europe/London,Ada,Analytical Engines\n',
});
const NdjsonFile = z.string().openapi({
  description:
    'One contact per line: `{"email": ..., "subscribed"?: boolean, "data"?: {...}, "timezone"?: IANA zone or null}` (a null data value removes the key, a null timezone clears the contact\'s, as POST /contacts). ' +
    '`id`, `createdAt` and `updatedAt` (as the export writes them) are ignored.',
  example: '{"email":"ada@example.com","data":{"company":{"name":"Analytical Engines"}}}\n',
});
export const ImportFileBody = {
  required: true,
  content: { 'text/csv': { schema: CsvFile }, 'application/x-ndjson': { schema: NdjsonFile } },
};

export const ContactImport = z
  .object({
    id: z.string(),
    status: z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED']),
    format: z.enum(['csv', 'ndjson']),
    options: z.object({
      subscribed: z.boolean().nullable(),
      onExisting: z.enum(['merge', 'replace', 'skip']),
      segmentId: z.string().nullable(),
      dryRun: z.boolean(),
      triggerAutomations: z.boolean(),
    }),
    totalRows: z.number().int().openapi({ description: 'Records in the file (the CSV header not counted; blank lines skipped).' }),
    bytes: z.number().int(),
    rowsRead: z.number().int().openapi({ description: 'Records processed so far: created + updated + skipped + invalid (a dry run leaves created, updated and skipped at 0).' }),
    created: z.number().int(),
    updated: z.number().int().openapi({ description: 'Rows applied to an existing contact (also a later row of an address the file already named).' }),
    skipped: z.number().int().openapi({ description: 'Rows of existing contacts left unchanged (`onExisting=skip`).' }),
    invalid: z.number().int(),
    errors: z
      .array(z.object({ line: z.number().int(), field: z.string(), reason: z.string() }))
      .openapi({ description: 'The first 100 invalid rows: the line the record starts on (the header is line 1), the field, why.' }),
    failure: z.string().nullable(),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
  })
  .openapi('ContactImport');

export const ContactImportPage = pageOf(ContactImport, 'imports').openapi('ContactImportPage');
export const ListImportsQuery = PageQuery;

export const ExportQuery = z.object({
  segmentId: Id.optional().openapi({ ...q('segmentId'), description: 'Only this segment\'s contacts.' }),
  format: z.enum(['csv', 'ndjson']).optional().openapi({ ...q('format'), description: 'Overrides the Accept header.' }),
});
