import { spawn } from 'node:child_process';

/*
 * More than one API thread on one port (`npm start` on PostgreSQL, launcher/launch.ts): Node 20 has
 * no `reusePort`, and two threads that poll the same descriptor number break when one closes it (the
 * other's event loop then meets the number reused by a new socket). So each extra thread listens on
 * a descriptor of its own for the same socket: a child process given the first thread's descriptor
 * sends it back over its IPC channel (SCM_RIGHTS), which makes the copy. Both threads then accept
 * from the one queue, and each closes its own copy when it stops.
 */

/** The child: wraps its fd 3 (the listening socket) in a TCP handle without polling it, sends it, exits. */
const ECHO = [
  "const { TCP, constants } = process.binding('tcp_wrap');",
  'const h = new TCP(constants.SERVER);',
  'if (h.open(3) !== 0) process.exit(2);',
  "process.send('listening-socket', h, () => process.disconnect());",
].join(' ');

/** The listening socket of descriptor `fd` (of this process) as a TCP handle with a descriptor of its own, for `server.listen(handle)`. */
export function duplicateListeningSocket(fd: number): Promise<object> {
  const child = spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'ignore', 'inherit', fd, 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (_m, handle) => (handle ? resolve(handle as object) : reject(new Error('no socket came back'))));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the socket copy exited (code ${code}) before sending the socket`)));
  });
}

/** The descriptor of a listening `node:http` server (to give to duplicateListeningSocket in another thread). */
export function listeningFd(server: unknown): number | undefined {
  const fd = (server as { _handle?: { fd?: number } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : undefined;
}
