import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { ping } = proxyActivities<Activities>({ startToCloseTimeout: '10 seconds' });

/** Round trip through a real worker and the database: proves the Temporal wiring end to end. */
export async function pingWorkflow(message: string): Promise<string> {
  return await ping(message);
}
