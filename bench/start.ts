/*
 * `npx tsx bench/start.ts [DATA_DIR]`: `npm start` as a newcomer runs it (embedded defaults), twice on
 * the same DATA_DIR: the first start (PGlite initdb, migrations) and a warm one. For each: seconds
 * from spawn to /health 200, the resident memory of the whole tree (npm, launcher with PGlite, API,
 * worker, Temporal dev server) 10 s after healthy, then Ctrl-C to the process group and its exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'mh-bench-start-'));

function treeRssMb(pid: number): number {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] ?? 0);
        return [{ pid: Number(d), ppid, rss }];
      } catch {
        return [];
      }
    });
  let kb = 0;
  const walk = (p: number) => {
    for (const c of procs.filter((x) => x.ppid === p)) {
      kb += c.rss;
      walk(c.pid);
    }
  };
  kb += procs.find((x) => x.pid === pid)?.rss ?? 0;
  walk(pid);
  return Math.round(kb / 1024);
}

async function once(label: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SECRET_KEY', 'TEMPORAL_ADDRESS', 'HOST']) delete env[name];
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore', detached: true });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const runtime = path.join(dataDir, 'runtime.json');
  let healthyAfter = 0;
  for (;;) {
    if (existsSync(runtime)) {
      const url = (JSON.parse(readFileSync(runtime, 'utf8')) as { apiUrl?: string }).apiUrl;
      if (url && (await fetch(`${url}/health`).then((r) => r.status, () => 0)) === 200) {
        healthyAfter = (Date.now() - started) / 1000;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 10_000));
  const rss = treeRssMb(child.pid!);
  process.kill(-child.pid!, 'SIGINT');
  const code = await exited;
  console.log(`${label}: healthy after ${healthyAfter.toFixed(1)} s; tree RSS 10 s later ${rss} MB; Ctrl-C exit code ${code}; runtime.json left: ${existsSync(runtime)}`);
}

await once('first start');
await once('warm start');
