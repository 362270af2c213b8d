import { proxyActivities } from '@temporalio/workflow';

const { handOff } = proxyActivities<{ handOff(to: string): Promise<void> }>({ startToCloseTimeout: '1 minute' });

/** The bare-Temporal floor of bench/automation-burst.ts: one workflow per contact, one activity handing a pre-composed message to the SMTP pool. */
export async function floorWorkflow(to: string): Promise<void> {
  await handOff(to);
}
