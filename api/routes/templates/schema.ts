import { z } from '@hono/zod-openapi';
import { TEMPLATE_TYPES } from '../../../db/entities/index.js';
import { PageQuery, pageOf } from '../../envelope.js';
import { EmailAddress, SingleLine, Timestamp } from '../../schemas.js';

export const TemplateType = z.enum(TEMPLATE_TYPES).openapi('TemplateType');

export const Template = z
  .object({
    id: z.string(),
    name: z.string(),
    subject: z.string(),
    body: z.string(),
    type: TemplateType,
    from: z.string().nullable().openapi({ description: 'Sender address used by /v1/send when the request has none' }),
    fromName: z.string().nullable(),
    replyTo: z.string().nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Template');

const fields = {
  name: z.string().trim().min(1).max(200),
  subject: SingleLine(998).min(1),
  body: z.string().min(1).max(1_000_000).openapi({ description: 'HTML with {{variable}} placeholders' }),
  type: TemplateType,
  from: EmailAddress.nullable().optional(),
  fromName: SingleLine(200).trim().nullable().optional(),
  replyTo: EmailAddress.nullable().optional(),
};

export const CreateTemplateBody = z.object(fields).openapi('CreateTemplateBody', {
  example: { name: 'Welcome', subject: 'Welcome, {{name}}', body: '<p>Hello {{name}}, thanks for signing up.</p>', type: 'TRANSACTIONAL', from: 'hello@example.com', fromName: 'Example' },
});

export const UpdateTemplateBody = z
  .object({ ...fields, name: fields.name.optional(), subject: fields.subject.optional(), body: fields.body.optional(), type: TemplateType.optional() })
  .openapi('UpdateTemplateBody', { example: { subject: 'Welcome aboard, {{name}}' } });

export const ListTemplatesQuery = PageQuery.extend({
  type: TemplateType.optional().openapi({ param: { name: 'type', in: 'query' }, description: 'Only templates of this type', example: 'TRANSACTIONAL' }),
});

export const TemplatePage = pageOf(Template, 'templates').openapi('TemplatePage');
