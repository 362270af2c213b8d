/*
 * Entities are declared with EntitySchema (no decorators, no reflection) so tsx, vitest and the
 * Temporal worker load them the same way. Foreign keys are plain id columns: the API always works
 * inside one project and never walks object graphs.
 */

/** createdAt/updatedAt columns, set by the ORM on insert and update. */
export const timestamps = {
  createdAt: { type: 'Date', onCreate: () => new Date() },
  updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
} as const;

export const createdAt = { type: 'Date', onCreate: () => new Date() } as const;
