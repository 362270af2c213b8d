/*
 * Preloaded into a bench's child process (`node --require bench/memory-sampler.cjs ...`, set by
 * bench/import.ts for the API): its process.memoryUsage() every 100 ms, one JSON line each, to the
 * file MEMORY_SAMPLES_FILE names, so a bench tells which part of the RSS grew (V8 heap, Buffers).
 */
const fs = require('node:fs');
const v8 = require('node:v8');

const file = process.env.MEMORY_SAMPLES_FILE;
if (file) {
  const fd = fs.openSync(file, 'w');
  const mb = (bytes) => +(bytes / 1048576).toFixed(1);
  setInterval(() => {
    const m = process.memoryUsage();
    // Used bytes of V8's spaces that matter here: old (promoted objects), large objects (> 128 KB), new.
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .filter((s) => ['old_space', 'large_object_space', 'new_space', 'new_large_object_space'].includes(s.space_name))
        .map((s) => [s.space_name.replace('_space', ''), mb(s.space_used_size)]),
    );
    const sample = { at: Date.now(), rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), spaces };
    fs.writeSync(fd, `${JSON.stringify(sample)}\n`);
  }, 100).unref();
}
