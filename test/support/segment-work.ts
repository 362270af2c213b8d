/**
 * How much work a request did on conditions, counted instead of timed (a busy machine changes the
 * time, never these counts):
 * - `sized`: filters that compiledSize compiled on their own to count their values (one per filter
 *   of each distinct segment when sizing is linear; one per filter of the whole expansion if not).
 * - `built`: conditions compiled into SQL (compileCondition's call; 0 when a refusal comes first).
 * Spies on the module's exports, which the other modules read at each call.
 */
import { vi } from 'vitest';
import * as compileNode from '../../core/segments/compile-node.js';

/** The work `run` did (nothing else may compile conditions meanwhile: a worker, a parallel request). */
export async function segmentWorkOf<T>(run: () => T | Promise<T>): Promise<{ result: T; sized: number; built: number }> {
  const sized = vi.spyOn(compileNode, 'compileFilterAlone');
  const built = vi.spyOn(compileNode, 'compileNode');
  try {
    const result = await run();
    return { result, sized: sized.mock.calls.length, built: built.mock.calls.length };
  } finally {
    sized.mockRestore();
    built.mockRestore();
  }
}
