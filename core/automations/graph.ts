import type { FieldError } from '../errors.js';
import { transitionsOf, WAIT_TYPES, type Step } from './definition.js';

/**
 * Graph-wide rules the zod schema cannot express, as field errors under `steps`: unique ids,
 * every transition names an existing step, every step is reachable from the first, and every
 * cycle passes through a DELAY or WAIT (a loop without one would spin as fast as activities run).
 */
export function checkGraph(steps: Step[]): FieldError[] {
  const errors: FieldError[] = [];
  const index = new Map<string, number>();
  steps.forEach((s, i) => {
    if (index.has(s.id)) errors.push({ field: `steps.${i}.id`, message: `Duplicate step id "${s.id}" (also steps.${index.get(s.id)})`, code: 'duplicate_id' });
    else index.set(s.id, i);
  });
  steps.forEach((s, i) => {
    for (const t of transitionsOf(s)) {
      if (!index.has(t.target)) errors.push({ field: `steps.${i}.${t.field}`, message: `No step with id "${t.target}"`, code: 'unknown_step' });
    }
  });
  if (errors.length > 0) return errors;

  const edges = steps.map((s) => transitionsOf(s).map((t) => index.get(t.target)!));
  const reached = new Set<number>([0]);
  for (const queue = [0]; queue.length > 0; ) {
    for (const j of edges[queue.pop()!]) if (!reached.has(j)) reached.add(j), queue.push(j);
  }
  steps.forEach((s, i) => {
    if (!reached.has(i)) errors.push({ field: `steps.${i}`, message: `Step "${s.id}" cannot be reached from the first step`, code: 'unreachable' });
  });

  const cycle = cycleWithoutWait(steps, edges);
  if (cycle) {
    errors.push({
      field: `steps.${cycle[0]}`,
      message: `Steps ${cycle.map((i) => `"${steps[i].id}"`).join(' -> ')} form a loop without a DELAY, WAIT_UNTIL or WAIT_FOR_EVENT`,
      code: 'cycle_without_wait',
    });
  }
  return errors;
}

/** A cycle among the non-waiting steps (depth-first search, iterative), as step indexes; null if none. */
function cycleWithoutWait(steps: Step[], edges: number[][]): number[] | null {
  const state = new Array<0 | 1 | 2>(steps.length).fill(0); // 0 new, 1 on the stack, 2 done
  const skip = (i: number) => WAIT_TYPES.has(steps[i].type);
  for (let root = 0; root < steps.length; root++) {
    if (state[root] !== 0 || skip(root)) continue;
    const stack: { node: number; next: number }[] = [{ node: root, next: 0 }];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const out = edges[top.node];
      if (top.next >= out.length) {
        state[top.node] = 2;
        stack.pop();
        continue;
      }
      const j = out[top.next++];
      if (skip(j)) continue;
      if (state[j] === 1) return [...stack.slice(stack.findIndex((f) => f.node === j)).map((f) => f.node), j];
      if (state[j] === 0) {
        state[j] = 1;
        stack.push({ node: j, next: 0 });
      }
    }
  }
  return null;
}
