import { createRoute } from '@hono/zod-openapi';
import { secretKey } from '../../middleware/auth.js';
import { errorResponses, ok, success } from '../../envelope.js';
import { getProject, toProjectDto } from '../../../core/projects/projects.js';
import type { App } from '../../types.js';
import { Project } from './schema.js';

const route = createRoute({
  operationId: 'getProject',
  tags: ['Project'],
  method: 'get',
  path: '/project',
  summary: "Get the key's project: settings and the bounce-webhook secret",
  security: [{ secretKey: [] }],
  middleware: [secretKey] as const,
  responses: { 200: ok(Project, 'The project'), ...errorResponses(401, 403, 429) },
});

export const registerGetProject = (app: App) =>
  app.openapi(route, async (c) => {
    const project = await getProject(c.var.em, c.var.project.id);
    return c.json(success(toProjectDto(project, c.var.deps.config)), 200);
  });
