import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(repo, path.join(e.parentPath, e.name)));
}

describe('the worker side logs through the service logger (core/log.ts), with its level and ids', () => {
  it('core/, activities/ and worker/ call no console.* (the automation dispatcher and engine included)', () => {
    const offenders = ['core', 'activities', 'worker']
      .flatMap(sources)
      .flatMap((file) => readFileSync(path.join(repo, file), 'utf8').split('\n').map((line, i) => ({ file, line: i + 1, text: line })))
      .filter((l) => /\bconsole\.(log|warn|error|info|debug)\s*\(/.test(l.text) && !/^\s*(\/\/|\*)/.test(l.text))
      .map((l) => `${l.file}:${l.line}`);
    expect(offenders).toEqual([]);
  });
});
