import { createRoute } from '@hono/zod-openapi';
import { changeMembers } from '../../../core/segments/members.js';
import { errorResponses, IdParam, jsonBody, ok, success } from '../../envelope.js';
import { secretKey } from '../../middleware/auth.js';
import type { App } from '../../types.js';
import { AddedMembers, SegmentMembersBody } from './schema.js';

const route = createRoute({
  operationId: 'addSegmentMembers',
  tags: ['Segments'],
  method: 'post',
  path: '/segments/{id}/members',
  summary: 'Add existing contacts to a STATIC segment by email (409 on a DYNAMIC segment)',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: { params: IdParam, ...jsonBody(SegmentMembersBody) },
  responses: { 200: ok(AddedMembers, 'Added'), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
});

export const registerAddSegmentMembers = (app: App) =>
  app.openapi(route, async (c) => {
    const r = await changeMembers(c.var.em, c.var.project.id, c.req.valid('param').id, c.req.valid('json').emails, 'add');
    return c.json(success({ added: r.changed, notFound: r.notFound }), 200);
  });
