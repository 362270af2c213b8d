/**
 * Compile-time check of a workflow against its contract in core (e.g. core/domains/verification-workflow.ts):
 * `export type X = Conforms<Contract, typeof workflowFn>` stops compiling when the two drift apart.
 */
export type Conforms<Contract, Workflow extends Contract> = Workflow;
