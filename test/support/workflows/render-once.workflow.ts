import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../../activities/index.js';
import type { RenderTemplateInput } from '../../../activities/render.activities.js';

// Three attempts a second apart: a retried failure would show attempt 3 and take ~2 s.
const { renderTemplate } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 1 },
});

export async function renderOnceWorkflow(input: RenderTemplateInput) {
  return await renderTemplate(input);
}
