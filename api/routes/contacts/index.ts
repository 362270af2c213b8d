import type { App } from '../../types.js';
import { registerDeleteContact } from './delete-contact.js';
import { registerGetContact } from './get-contact.js';
import { registerListContacts } from './list-contacts.js';
import { registerUpdateContact } from './update-contact.js';
import { registerUpsertContact } from './upsert-contact.js';

export function registerContactRoutes(app: App) {
  registerListContacts(app);
  registerUpsertContact(app);
  registerGetContact(app);
  registerUpdateContact(app);
  registerDeleteContact(app);
}
