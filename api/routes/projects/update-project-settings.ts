import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, jsonBody, ok, success } from '../../envelope.js';
import { toProjectDto, updateProjectSettings } from '../../../core/projects/projects.js';
import type { App } from '../../types.js';
import { Project, UpdateProjectSettingsBody } from './schema.js';

const route = createRoute({
  operationId: 'updateProjectSettings',
  tags: ['Project'],
  method: 'patch',
  path: '/project/settings',
  summary: 'Change tracking and sending-rate settings',
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  request: jsonBody(UpdateProjectSettingsBody),
  responses: { 200: ok(Project, 'The updated project'), ...errorResponses(400, 401, 403, 422, 429) },
});

export const registerUpdateProjectSettings = (app: App) =>
  app.openapi(route, async (c) => {
    const project = await updateProjectSettings(c.var.em, c.var.project.id, c.req.valid('json'));
    return c.json(success(toProjectDto(project, c.var.deps.config)), 200);
  });
