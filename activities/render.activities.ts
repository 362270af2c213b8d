import { Contact } from '../db/entities/index.js';
import { prepareContent, recipientVariables, renderContent, type RenderedContent } from '../core/templates/render.js';
import { getTemplate } from '../core/templates/templates.js';
import type { ActivityDeps } from './deps.js';

export interface RenderTemplateInput {
  projectId: string;
  templateId: string;
  /** The recipient whose data fills the placeholders; none renders with `data` only. */
  contactId?: string;
  data?: Record<string, unknown>;
}

export function createRenderActivities(deps: ActivityDeps) {
  return {
    /** One recipient's subject, HTML and text from a stored template (a deleted template is NOT_FOUND, not retried). */
    async renderTemplate(input: RenderTemplateInput): Promise<RenderedContent> {
      const em = deps.orm.em.fork();
      const template = await getTemplate(em, input.projectId, input.templateId);
      const contact = input.contactId ? await em.findOne(Contact, { id: input.contactId, projectId: input.projectId }) : null;
      const vars = contact ? recipientVariables(contact, input.data) : { ...(input.data ?? {}) };
      return renderContent(prepareContent({ subject: template.subject, body: template.body, type: 'html' }), vars);
    },
  };
}
