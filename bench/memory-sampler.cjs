/*
 * Preloaded into a bench's child process (`node --require bench/memory-sampler.cjs ...`, set by
 * bench/import.ts for the API): its process.memoryUsage() every 100 ms, one JSON line each, to the
 * file MEMORY_SAMPLES_FILE names, so a bench tells which part of the RSS grew (V8 heap, Buffers).
 */
const fs = require('node:fs');

const file = process.env.MEMORY_SAMPLES_FILE;
if (file) {
  const fd = fs.openSync(file, 'w');
  const mb = (bytes) => +(bytes / 1048576).toFixed(1);
  setInterval(() => {
    const m = process.memoryUsage();
    fs.writeSync(fd, `${JSON.stringify({ at: Date.now(), rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}\n`);
  }, 100).unref();
}
