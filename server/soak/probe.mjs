// Loaded into the server process by the soak only (`node --import soak/probe.mjs dist/main.js`,
// spawned with an IPC channel): answers the soak's `sample` message with the process's own
// figures. Nothing of it is in the server's build; the server runs unchanged.
//   heap: process.memoryUsage(); with `gc: true` (once a minute; the soak starts the server with
//   --expose-gc) a full collection first, so that heapLive is what the server still holds;
//   handles: process.getActiveResourcesInfo();
//   event-loop delay: perf_hooks.monitorEventLoopDelay (10 ms resolution), reset at each sample.
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message) => {
    if (!message || message.type !== 'sample') return;
    const collect = message.gc === true && typeof globalThis.gc === 'function';
    if (collect) globalThis.gc();
    const memory = process.memoryUsage();
    const resources = process.getActiveResourcesInfo();
    const ms = (ns) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    process.send?.({
      type: 'sample',
      id: message.id,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      ...(collect ? { heapLive: memory.heapUsed } : {}),
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      handles: resources.length,
      eld: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    });
    delay.reset();
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
