// A thread that runs a TypeScript entry (`workerData.entry`, a file URL) under tsx: a thread does
// not inherit the loader its process was started with (launcher/child.ts startThread, the tests).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
