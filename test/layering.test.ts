import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayering } from './support/layering.js';

const repo = path.resolve(import.meta.dirname, '..');

describe('layering', () => {
  it('the tree keeps every door', () => {
    expect(checkLayering(repo)).toEqual([]);
  });
});

describe('the layering rules catch planted violations', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'layering-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('api/types.ts', 'export type X = 1;\n');
  write('api/app.ts', "import { launch } from '../launcher/main.js';\n");
  write('launcher/main.ts', 'export const launch = 1;\n');
  write('core/contacts.ts', "import type { X } from '../api/types.js';\n");
  write('core/a.ts', "import { b } from './b.js';\nexport const a = 1;\n");
  write('core/b.ts', "import { a } from './a.js';\nexport const b = 1;\n");
  write('core/segments/condition.ts', "import { z } from '@hono/zod-openapi';\n");
  write('db/context.ts', "import type { Context } from 'hono';\n");
  write('activities/send.ts', "import { x } from '../api/types.js';\n");
  write('worker/main.ts', "import { launch } from '../launcher/main.js';\n");
  write('workflows/deliver.workflow.ts', "import { a } from '../core/a.js';\nimport type { b } from '../core/b.js';\nimport pg from 'pg';\nimport { proxyActivities } from '@temporalio/workflow';\n");
  const problems = checkLayering(root);

  it.each([
    ['core/contacts.ts imports api/types.ts (core/ may not import api/)'],
    ['core/segments/condition.ts imports @hono/zod-openapi (core/ may not import an HTTP library)'],
    ['db/context.ts imports hono (db/ may not import an HTTP library)'],
    ['activities/send.ts imports api/types.ts (activities/ may not import api/)'],
    ['worker/main.ts imports launcher/main.ts (worker/ may not import launcher/)'],
    ['api/app.ts imports launcher/main.ts (api/ may not import launcher/)'],
    ['workflows/deliver.workflow.ts imports core/a.ts (workflow code may take only types from outside workflows/)'],
    ['workflows/deliver.workflow.ts imports pg (workflow code may import only @temporalio/workflow, @temporalio/common)'],
    ['cycle: core/a.ts -> core/b.ts -> core/a.ts'],
  ])('%s', (line) => {
    expect(problems).toContain(line);
  });

  it('reports nothing else (type imports into workflows/ and @temporalio/workflow are allowed)', () => {
    expect(problems).toHaveLength(9);
  });
});
