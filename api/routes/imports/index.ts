import type { App } from '../../types.js';
import { registerCancelImport } from './cancel-import.js';
import { registerCreateImport } from './create-import.js';
import { registerExportContacts } from './export-contacts.js';
import { registerGetImport } from './get-import.js';
import { registerListImports } from './list-imports.js';

/** Bulk import and export of contacts; registered before /contacts/{id}, which would take these paths. */
export function registerContactImportRoutes(app: App) {
  registerListImports(app);
  registerCreateImport(app);
  registerGetImport(app);
  registerCancelImport(app);
  registerExportContacts(app);
}
