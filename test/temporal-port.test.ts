import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownsListeningPort, startTemporalDevServer } from '../launcher/temporal-cli.js';

/*
 * The dev server's port is found free, then bound by the server a moment later: another process
 * (another stack's dev server) can take it in between. Stand-ins for the CLI show what the start
 * does then: one whose port is taken by a process of its own (a detached grandchild, standing for
 * the other stack) and then exits as Go does on a failed bind; one that binds the port itself.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'temporal-port-'));
const pidsFile = path.join(dir, 'squatters');
writeFileSync(pidsFile, '');

function script(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!${process.execPath}\nconst port = Number(process.argv[process.argv.indexOf('--port') + 1]);\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const loser = script(
  'loser.cjs',
  `const { spawn } = require('node:child_process');
   const { appendFileSync } = require('node:fs');
   const squatter = spawn(process.execPath, ['-e', 'require("node:net").createServer().listen(' + port + ', "127.0.0.1"); setTimeout(() => {}, 120000)'], { detached: true, stdio: 'ignore' });
   appendFileSync(${JSON.stringify(pidsFile)}, squatter.pid + ' ' + port + '\\n');
   squatter.unref();
   setTimeout(() => { process.stderr.write('listen tcp 127.0.0.1:' + port + ': bind: address already in use\\n'); process.exit(1); }, 1500);`,
);
const binder = script('binder.cjs', `require('node:net').createServer().listen(port, '127.0.0.1'); setTimeout(() => {}, 120000);`);

const squatters = () =>
  readFileSync(pidsFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ').map(Number) as [number, number]);

afterAll(() => {
  for (const [pid] of squatters()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('the Temporal dev server start and its port', () => {
  it('does not take a port that another process answers on for its own server: three tries on three ports, then a clear error', async () => {
    const logs: string[] = [];
    await expect(startTemporalDevServer({ bin: loser, headless: true, log: (m) => logs.push(m) })).rejects.toThrow(
      /port \d+ was taken by another process while the Temporal dev server started/,
    );
    const taken = squatters();
    expect(taken).toHaveLength(3);
    expect(new Set(taken.map(([, port]) => port)).size).toBe(3);
    expect(logs.filter((m) => /trying another port/.test(m))).toHaveLength(2);
  }, 30_000);

  it('answers with the address of the port its own child listens on', async () => {
    const server = await startTemporalDevServer({ bin: binder, headless: true });
    try {
      const port = Number(server.address.split(':')[1]);
      expect(ownsListeningPort(server.process.pid!, port)).toBe(true);
      expect(ownsListeningPort(process.pid, port)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
