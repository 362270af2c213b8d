import type { App } from '../../types.js';
import { registerGetProject } from './get-project.js';
import { registerUpdateProjectSettings } from './update-project-settings.js';

export function registerProjectRoutes(app: App) {
  registerGetProject(app);
  registerUpdateProjectSettings(app);
}
