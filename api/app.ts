import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serve } from '@hono/node-server';
import { DomainError } from '../core/errors.js';
import { registerDocs } from './docs.js';
import { renderError } from './error-handler.js';
import { finishDocument, OPENAPI_INFO } from './openapi-document.js';
import { AuthState } from './middleware/auth-state.js';
import { corsMiddleware } from './middleware/cors.js';
import { defaultBodyLimit } from './middleware/body-limit.js';
import { requireJsonBody } from './middleware/content-type.js';
import { withDeps } from './middleware/entity-manager.js';
import { requestId } from './middleware/request-id.js';
import { accessLog } from './middleware/access-log.js';
import { registerRoutes } from './routes/index.js';
import { rateWindowStore } from './rate-windows.js';
import type { App, AppDeps, AppEnv } from './types.js';
import { validationHook } from './validation.js';
import { trackFastPath } from './track-fast-path.js';

/** Builds the OpenAPI app with routes only (no dependencies): used by the server and the document generator. */
export function buildApp(): App {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: validationHook(),
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'secretKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Secret key `sk_...`',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'publicKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Public key `pk_...` (only POST /v1/track)',
  });
  return app;
}

export function openApiDocument(app: App) {
  return finishDocument(app.getOpenAPI31Document(OPENAPI_INFO));
}

/** The document of every route, built without any dependency (no handler runs): `npm run openapi`. */
export function generateOpenApiDocument() {
  const app = buildApp();
  registerRoutes(app);
  return openApiDocument(app);
}

/** The Hono app and the /v1/track fast path in front of it, sharing one key cache and rate limiter. */
export interface Api {
  app: App;
  /** Answers a plain POST /v1/track call (true) or leaves the request to `app` (false). */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** The app alone (in-process requests: `app.request`); a server is built with createApi + serveApi. */
export function createApp(deps: AppDeps): App {
  return createApi(deps).app;
}

/** Serves `api` on a node HTTP server: the fast path first, then the Hono app (@hono/node-server). */
export function serveApi(api: Api, opts: { port: number; hostname?: string }) {
  return serve({
    fetch: api.app.fetch,
    port: opts.port,
    hostname: opts.hostname,
    createServer: ((options: ServerOptions, honoListener: RequestListener) =>
      createServer(options, (req, res) => {
        if (!api.fastPath(req, res)) void honoListener(req, res);
      })) as typeof createServer,
  });
}

export function createApi(deps: AppDeps): Api {
  const { rateLimitPerMinute: secret, publicRateLimitPerMinute: pub, webhookRateLimitPerMinute: webhook } = deps.config;
  const auth = new AuthState(deps.config.authCacheTtlMs, { secret, public: pub, webhook }, rateWindowStore(deps.orm));
  const app = buildApp();
  app.use('*', requestId);
  app.use('*', accessLog);
  // Before auth and the body checks: a preflight carries neither a key nor a body.
  app.use('*', corsMiddleware(deps.config.cors));
  app.use('*', withDeps(deps, auth));
  app.use('*', defaultBodyLimit);
  app.use('*', requireJsonBody);
  registerRoutes(app);
  // Served from the same function as the committed openapi/openapi.json, so both are equal.
  app.get('/openapi.json', (c) => c.json(openApiDocument(app)));
  registerDocs(app);
  app.notFound((c) =>
    renderError(new DomainError('NOT_FOUND', 'Route not found', { suggestion: 'See GET /openapi.json for the available endpoints.' }), c),
  );
  app.onError((err, c) => renderError(err, c));
  return { app, fastPath: trackFastPath(deps, auth) };
}
