import type { MiddlewareHandler } from 'hono';
import { Project } from '../../../db/entities/index.js';
import { DomainError } from '../../../core/errors.js';
import { secretKey } from '../../middleware/auth.js';
import { isWellFormedKey } from '../../../core/projects/keys.js';
import type { AppEnv } from '../../types.js';

/**
 * Webhook senders (mail providers, a bounce-processing MTA) authenticate with the project's
 * webhook secret (`GET /project`), as `Authorization: Bearer <webhookSecret>` or
 * `X-Webhook-Secret: <webhookSecret>`, so no API key has to be handed to a third party.
 * A bearer that is an API key goes through the ordinary key check instead (secret keys only), so
 * these routes answer keys exactly like every other secured route.
 */
export const webhookAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer && isWellFormedKey(bearer)) return secretKey(c, next);
  const secret = (c.req.header('x-webhook-secret') ?? bearer ?? '').trim();
  if (!secret) {
    throw new DomainError('UNAUTHORIZED', 'Missing webhook secret', {
      suggestion: 'Send the project webhook secret (webhookSecret of GET /project) as Authorization: Bearer <secret> or X-Webhook-Secret.',
    });
  }
  const project = secret.length <= 200 ? await c.var.em.findOne(Project, { webhookSecret: secret }) : null;
  if (!project) throw new DomainError('UNAUTHORIZED', 'Invalid webhook secret', { suggestion: 'Copy webhookSecret from GET /project.' });
  // Charged before the project's state is checked: a 403 counts too, as for keys (README, Rate budgets).
  const rateHeaders = c.var.auth.charge(project.id, 'webhook');
  if (project.disabled) throw new DomainError('PROJECT_DISABLED', 'This project is disabled', { headers: rateHeaders });
  for (const [k, v] of Object.entries(rateHeaders)) c.header(k, v);
  c.set('project', project);
  await next();
};

/** OpenAPI security schemes of the webhook endpoints. */
export function registerWebhookSecuritySchemes(app: { openAPIRegistry: { registerComponent: (...a: any[]) => unknown } }) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'webhookSecret', {
    type: 'http',
    scheme: 'bearer',
    description: 'The project webhook secret (`webhookSecret` from GET /project), for webhook senders; a secret key works too.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'webhookSecretHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Webhook-Secret',
    description: 'The same webhook secret in a header, for providers that cannot set Authorization.',
  });
}

/** Any one of: the webhook secret (bearer or header), or a secret key. */
export const WEBHOOK_SECURITY: Record<string, string[]>[] = [{ webhookSecret: [] }, { webhookSecretHeader: [] }, { secretKey: [] }];
