import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../types.js';
import type { AuthState } from './auth-state.js';

/** Puts the app's dependencies, auth state and a request-scoped fork of the entity manager on the context. */
export const withDeps = (deps: AppDeps, auth: AuthState): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set('deps', deps);
  c.set('auth', auth);
  c.set('em', deps.orm.em.fork());
  await next();
};
