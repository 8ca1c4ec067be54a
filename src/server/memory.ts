import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before it collects again.
 *
 * On a machine with plenty of memory V8 lets the old generation grow to about four times the live data: under
 * load the server kept some 65 MB live but let its heap reach 190-235 MB before collecting, most of a small
 * server's memory (decision 111). A factor of 1.5 (50%) keeps it near 115 MB. The setting only moves when V8
 * collects; it sets no ceiling, so a burst of live data can never make the process run out of heap because of it.
 *
 * The memory reducer (which gives unused heap pages back once the server is idle) starts after 2 s of quiet
 * instead of 8 s.
 */
export const tuneHeap = (growingPercent: number): void => {
  // 0 leaves V8 as it is. Both flags are read by V8 at each collection, so they take effect when set after start.
  if (growingPercent <= 0) return;
  v8.setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
  v8.setFlagsFromString('--gc-memory-reducer-start-delay-ms=2000');
};
