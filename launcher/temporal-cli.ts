import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SEARCH_ATTRIBUTE_FLAGS } from '../core/search-attribute-names.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { log as logger } from '../core/log.js';
import { lowerSessionAutogroup } from '../worker/priority.js';
import { fileURLToPath } from 'node:url';

/*
 * Finding, installing and running the `temporal` CLI dev server. Shared by `npm start`, the test
 * global setup and `.ci/run` so all three behave the same.
 */

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const codeRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository: the code's root under tsx, its parent when running from dist/ (`npm start`). */
const root = existsSync(path.join(codeRoot, 'package.json')) ? codeRoot : path.dirname(codeRoot);
export const toolsBin = path.join(root, '.tools', 'bin');

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * `TEMPORAL_CLI` env, then PATH, then the project's ignored `.tools/bin`. A TEMPORAL_CLI that names
 * no file is an error, not a silent fall back to a `go install` of minutes or the SDK's download.
 */
export function findTemporalCli(): string | undefined {
  const given = process.env.TEMPORAL_CLI;
  if (given) {
    if (existsSync(given)) return given;
    throw new Error(`TEMPORAL_CLI=${given}: no such file (unset it to use \`temporal\` on PATH or in .tools/bin)`);
  }
  return onPath('temporal') ?? (existsSync(path.join(toolsBin, 'temporal')) ? path.join(toolsBin, 'temporal') : undefined);
}

/**
 * Installs the CLI into `.tools/bin` with `go install` (tags after v1.5.1 carry replace directives
 * that `go install` refuses). Returns undefined when Go is missing: callers then fall back to the
 * SDK's own download of the dev server.
 */
export function installTemporalCli(log: (m: string) => void = (m) => logger.info(m)): string | undefined {
  const existing = findTemporalCli();
  if (existing) return existing;
  const go = onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : undefined);
  if (!go) return undefined;
  mkdirSync(toolsBin, { recursive: true });
  log(`Installing the Temporal CLI ${TEMPORAL_CLI_VERSION} with go install (first time only, a few minutes)...`);
  const r = spawnSync(go, ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: toolsBin, CGO_ENABLED: '0' },
  });
  if (r.status !== 0) throw new Error(`go install of the Temporal CLI failed (exit ${r.status})`);
  return path.join(toolsBin, 'temporal');
}

export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      /* taken: pick any */
    }
  }
  return tryPort(0);
}

/** Whether something accepts a connection on host:port now. */
function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** util-linux's `setpriv`, which sets the parent-death signal (Linux PR_SET_PDEATHSIG) and then execs the command. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? onPath('setpriv');

/**
 * `bin args` started so that the kernel sends it SIGTERM when its parent dies, however it dies: the
 * Temporal CLI is a Go program that cannot watch its parent itself. Through `setpriv --pdeathsig`
 * (Linux, util-linux), which execs the command: the pid stays the server's. Where setpriv is missing
 * (macOS), unchanged: the server then outlives a launcher killed with SIGKILL.
 */
export function withParentDeathSignal(bin: string, args: string[]): [string, string[]] {
  if (process.platform !== 'linux' || !SETPRIV) return [bin, args];
  return [SETPRIV, ['--pdeathsig', 'TERM', '--', bin, ...args]];
}

const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p)) ?? onPath('nice');

/**
 * `bin args` run at CPU priority `nice` through the `nice` command, so every thread the program
 * creates inherits it (lowering a running process's threads one by one races its thread start-up).
 * Unchanged where there is no `nice` command.
 */
function withNice(nice: number | undefined, bin: string, args: string[]): [string, string[]] {
  if (!nice || nice <= 0 || !NICE) return [bin, args];
  return [NICE, ['-n', String(nice), '--', bin, ...args]];
}

export interface DevServer {
  address: string;
  uiUrl?: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux: /proc/net/tcp's
 * listening sockets and the process's descriptors); undefined where that cannot be told.
 */
export function ownsListeningPort(pid: number, port: number): boolean | undefined {
  if (process.platform !== 'linux') return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the 10th column.
      if (f.length > 9 && f[1].endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]);
    }
  }
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  return fds.some((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith('socket:[') && inodes.has(target.slice(8, -1));
    } catch {
      return false;
    }
  });
}

/** The dev server did not get the port it was given: another process took it between the check and the bind. */
class PortTakenError extends Error {}

/**
 * Until `child` itself listens on `port`. An answer from the port alone is not enough: a port found
 * free can be taken by another process (another stack's dev server) before this child binds it,
 * and this child's workers would then run against the other stack's cluster.
 */
async function waitForOwnPort(child: ChildProcess, port: number, exited: Promise<void>, stderrOf: () => string): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (ended) {
      const stderr = stderrOf();
      if (/address already in use/i.test(stderr)) throw new PortTakenError(`port ${port} was taken by another process while the Temporal dev server started`);
      throw new Error(`temporal server exited early: ${stderr}`);
    }
    if (await portAnswers(port)) {
      const owns = child.pid === undefined ? undefined : ownsListeningPort(child.pid, port);
      if (owns !== false) return;
    }
    if (Date.now() > deadline) throw new Error(`The Temporal dev server did not listen on 127.0.0.1:${port} within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startTemporalDevServer(opts: {
  bin: string;
  port?: number;
  uiPort?: number;
  headless?: boolean;
  dbFilename?: string;
  namespace?: string;
  log?: (m: string) => void;
  /**
   * Its own process group (`npm start`): a terminal's Ctrl-C then reaches only the launcher, which
   * stops the worker before the server it talks to.
   */
  ownProcessGroup?: boolean;
  /**
   * Ends with the process that started it, even one killed with SIGKILL that stops nothing itself
   * (`npm start`: a dev server left behind holds 7233 and its sqlite file): see withParentDeathSignal.
   * Only from the main thread (the signal follows the thread that spawned it).
   */
  endWithParent?: boolean;
  /** false: a fresh cluster without the service's search attributes (tests of the worker registering them). */
  searchAttributes?: boolean;
  /**
   * A lower CPU priority (a nice value, 1-19; `npm start`: the worker's, launcher/launch.ts): every
   * thread of the server, and with `ownProcessGroup` its session's scheduler autogroup too
   * (worker/priority.ts says why both).
   */
  nice?: number;
}): Promise<DevServer> {
  // A port found free can be taken before the server binds it: then try another one (twice more).
  for (let attempt = 1; ; attempt++) {
    try {
      const port = await freePort(attempt === 1 ? opts.port : undefined);
      const uiPort = opts.headless ? undefined : await freePort(attempt === 1 ? opts.uiPort : undefined);
      return await startDevServerOnce(opts, port, uiPort);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= 3) throw err;
      (opts.log ?? ((m: string) => logger.warn(m)))(`${err.message}; trying another port`);
    }
  }
}

async function startDevServerOnce(opts: Parameters<typeof startTemporalDevServer>[0], port: number, uiPort: number | undefined): Promise<DevServer> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'error'];
  let uiUrl: string | undefined;
  if (uiPort === undefined) args.push('--headless');
  else {
    args.push('--ui-port', String(uiPort));
    uiUrl = `http://127.0.0.1:${uiPort}`;
  }
  // The server's SQLite file in WAL mode with NORMAL sync: a commit is durable once in the log, not
  // after an fsync of the database per transaction (the default). Measured with 16 concurrent
  // workflow starts: 24 starts/s by default, 92 with these, 180 with no file at all; automation
  // executions (a workflow each) under `npm start` were bound by it. A crash of the process loses
  // nothing; a power cut may lose the last transactions, as any WAL database with NORMAL sync.
  if (opts.dbFilename) args.push('--db-filename', opts.dbFilename, '--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
  if (opts.namespace && opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  // Search attributes of the service's workflows (a Set: several areas share ProjectId): the UI and
  // `temporal workflow list --query` filter on them.
  if (opts.searchAttributes !== false) for (const flag of SEARCH_ATTRIBUTE_FLAGS) args.push('--search-attribute', flag);
  const [niceBin, niceArgs] = withNice(opts.nice, opts.bin, args);
  const [cmd, cmdArgs] = opts.endWithParent ? withParentDeathSignal(niceBin, niceArgs) : [niceBin, niceArgs];
  const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'pipe'], detached: opts.ownProcessGroup ?? false });
  // Its own session (detached: setsid ran before the exec spawn waited for): the session's group too.
  if (opts.nice && opts.ownProcessGroup && child.pid !== undefined) lowerSessionAutogroup(child.pid, opts.nice);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForOwnPort(child, port, exited, () => stderr);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    address: `127.0.0.1:${port}`,
    uiUrl,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
