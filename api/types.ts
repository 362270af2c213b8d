import type { OpenAPIHono } from '@hono/zod-openapi';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKey, Project } from '../db/entities/index.js';
import type { AuthState } from './middleware/auth-state.js';
import type { ServiceDeps } from '../core/deps.js';

/** What the app needs from the outside world; tests and the launcher build it with real parts. */
export type AppDeps = ServiceDeps;

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    auth: AuthState;
    /** Entity manager forked for this request. */
    em: EntityManager;
    /** Set by the auth middleware. */
    project: Project;
    apiKey: ApiKey;
  };
}

export type App = OpenAPIHono<AppEnv>;
