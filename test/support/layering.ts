import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The doors between the top-level folders (README, Architecture), checked on source text:
 * - core/ imports nothing from api/, activities/, workflows/, worker/, launcher/;
 * - core/ and db/ import no HTTP library (hono, @hono/*), types included: the OpenAPI side of
 *   core's zod schemas lives in api/ (api/core-schemas.ts);
 * - activities/, workflows/, worker/ import nothing from api/; api/ and worker/ nothing from launcher/;
 * - workflows/ (Temporal's sandbox) imports only @temporalio/workflow, @temporalio/common, its own
 *   folder, and types (`import type`) from elsewhere;
 * - no import cycles among the project's files (type imports count too).
 * test/ and bench/ may import anything.
 */

const FORBIDDEN: Record<string, string[]> = {
  core: ['api', 'activities', 'workflows', 'worker', 'launcher'],
  db: ['api', 'activities', 'workflows', 'worker', 'launcher', 'core'],
  activities: ['api', 'launcher'],
  workflows: ['api', 'launcher', 'worker'],
  worker: ['api', 'launcher'],
  api: ['launcher', 'activities', 'worker'],
};
const SANDBOX_PACKAGES = ['@temporalio/workflow', '@temporalio/common'];
const HTTP_FREE = ['core', 'db'];
const isHttpPackage = (spec: string) => spec === 'hono' || spec.startsWith('hono/') || spec.startsWith('@hono/');
const SKIPPED = new Set(['node_modules', '.git', 'test', 'bench', '.tools', 'data', 'dist', 'coverage']);

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED.has(name)) continue;
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(root);
  return out;
}

function resolveSpec(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every broken rule in the tree at `root`, as readable lines; empty when the layering holds. */
export function checkLayering(root: string): string[] {
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const top = (r: string) => (r.includes('/') ? r.split('/')[0] : '');
  const graph = new Map<string, string[]>();
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const from = rel(file);
    const edges: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const typeOnly = Boolean(m[1]);
      const spec = m[2] ?? m[3] ?? m[4];
      if (!spec.startsWith('.')) {
        if (HTTP_FREE.includes(top(from)) && isHttpPackage(spec)) problems.push(`${from} imports ${spec} (${top(from)}/ may not import an HTTP library)`);
        if (top(from) === 'workflows' && !typeOnly && !SANDBOX_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`))) {
          problems.push(`${from} imports ${spec} (workflow code may import only ${SANDBOX_PACKAGES.join(', ')})`);
        }
        continue;
      }
      const target = resolveSpec(file, spec);
      if (!target) continue;
      const to = rel(target);
      edges.push(to);
      if (FORBIDDEN[top(from)]?.includes(top(to))) problems.push(`${from} imports ${to} (${top(from)}/ may not import ${top(to)}/)`);
      else if (top(from) === 'workflows' && top(to) !== 'workflows' && !typeOnly) {
        problems.push(`${from} imports ${to} (workflow code may take only types from outside workflows/)`);
      }
    }
    graph.set(from, edges);
  }
  return [...problems, ...findCycles(graph).map((c) => `cycle: ${c.join(' -> ')}`)];
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}
