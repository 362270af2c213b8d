import type { App } from '../../types.js';
import { registerCreateDomain } from './create-domain.js';
import { registerDeleteDomain } from './delete-domain.js';
import { registerGetDomain } from './get-domain.js';
import { registerListDomains } from './list-domains.js';
import { registerVerifyDomain } from './verify-domain.js';

export function registerDomainRoutes(app: App) {
  registerListDomains(app);
  registerCreateDomain(app);
  registerGetDomain(app);
  registerVerifyDomain(app);
  registerDeleteDomain(app);
}
