import type { App } from '../../types.js';
import { registerCancelExecution } from './cancel-execution.js';
import { registerCreateWorkflow } from './create-workflow.js';
import { registerDeleteWorkflow } from './delete-workflow.js';
import { registerGetExecution } from './get-execution.js';
import { registerListExecutionSteps } from './list-execution-steps.js';
import { registerGetWorkflow } from './get-workflow.js';
import { registerListExecutions } from './list-executions.js';
import { registerListWorkflows } from './list-workflows.js';
import { registerStartExecution } from './start-execution.js';
import { registerUpdateWorkflow } from './update-workflow.js';

export function registerWorkflowRoutes(app: App) {
  registerListWorkflows(app);
  registerCreateWorkflow(app);
  registerGetWorkflow(app);
  registerUpdateWorkflow(app);
  registerDeleteWorkflow(app);
  registerListExecutions(app);
  registerStartExecution(app);
  registerGetExecution(app);
  registerListExecutionSteps(app);
  registerCancelExecution(app);
}
