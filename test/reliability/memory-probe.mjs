/**
 * Preloaded into the host by tests that check its memory (with --expose-gc): on "memory-after-gc" over the
 * IPC channel, runs a full collection and answers with process.memoryUsage(). What the heap holds after a
 * collection is what a leak raises; the resident size in between swings with when the collector runs.
 */
process.on("message", (message) => {
  if (message !== "memory-after-gc") return;
  globalThis.gc();
  process.send({ memoryAfterGc: process.memoryUsage() });
});
// The probe must not keep the host alive by itself.
process.channel?.unref();
