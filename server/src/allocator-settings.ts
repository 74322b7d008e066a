// The C allocator's settings the server is started with (docs/operator.md, "Memory"). glibc reads
// them from the environment once, before the first allocation, so a running process cannot set
// them for itself: the start scripts (`npm start`, root and server) put them before `node`, and a
// server started some other way on Linux logs that they are missing. Other C libraries (musl,
// Windows, macOS) ignore them.

/**
 * glibc malloc's variables: an allocation of 32 KiB or more is always its own mapping, handed
 * back on free (a fixed threshold, no longer raised by the first large free; below glibc's
 * 128 KiB, so that the 64 KiB buffers of socket reads and unpacking never leave holes in a heap:
 * docs/performance.md, "Memory, fifth pass"), free memory above 128 KiB at the top of a heap is
 * handed back, and the threads share two arenas.
 */
export const ALLOCATOR_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/** The ALLOCATOR_ENV variables that `env` lacks or sets otherwise (none off Linux). */
export function missingAllocatorSettings(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): string[] {
  if (platform !== 'linux') return [];
  return Object.entries(ALLOCATOR_ENV)
    .filter(([name, value]) => env[name] !== value)
    .map(([name]) => name);
}

/** ALLOCATOR_ENV as a start script writes it before `node`: `NAME=value` words. */
export const ALLOCATOR_ENV_PREFIX = Object.entries(ALLOCATOR_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');
