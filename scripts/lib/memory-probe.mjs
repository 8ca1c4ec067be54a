// Preloaded into a server under test (node --expose-gc --import ./scripts/lib/memory-probe.mjs): on SIGUSR2 it
// collects garbage fully and writes process.memoryUsage() to MEMORY_PROBE_FILE, so a soak can tell a leak
// (memory that survives a full collection) from a heap that merely grew to carry the load.
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const usage = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ at: Date.now(), rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external }));
  });
}
