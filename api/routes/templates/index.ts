import type { App } from '../../types.js';
import { registerCreateTemplate } from './create-template.js';
import { registerDeleteTemplate } from './delete-template.js';
import { registerGetTemplate } from './get-template.js';
import { registerListTemplates } from './list-templates.js';
import { registerUpdateTemplate } from './update-template.js';

export function registerTemplateRoutes(app: App) {
  registerListTemplates(app);
  registerCreateTemplate(app);
  registerGetTemplate(app);
  registerUpdateTemplate(app);
  registerDeleteTemplate(app);
}
