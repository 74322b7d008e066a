// Recently downloaded artifacts kept in memory, least recently used first out, within a byte
// budget. Artifacts are immutable and keyed by their GridFS file id (never reused), so an entry
// needs no invalidation across server processes; bytes enter only after their SHA-256 matched
// the integrity recorded at publish. Many clients downloading one artifact share one Buffer.
export interface ArtifactCache {
  get(key: string): Buffer | undefined;
  /** True when `size` bytes may enter and nobody is filling `key` yet; the caller then fills it. */
  claim(key: string, size: number): boolean;
  /** Ends a claim: with bytes, they enter the cache (evicting the least recently used). */
  release(key: string, bytes?: Buffer): void;
  delete(key: string): void;
  readonly bytes: number;
}

export interface ArtifactCacheOptions {
  /** Total bytes held. */
  maxBytes: number;
  /** Larger artifacts are always streamed from the store. */
  maxItemBytes: number;
}

export function createArtifactCache(options: ArtifactCacheOptions): ArtifactCache {
  const entries = new Map<string, Buffer>();
  const filling = new Set<string>();
  let total = 0;
  const drop = (key: string) => {
    const held = entries.get(key);
    if (!held) return;
    entries.delete(key);
    total -= held.byteLength;
  };
  return {
    get(key) {
      const held = entries.get(key);
      if (held) {
        entries.delete(key);
        entries.set(key, held);
      }
      return held;
    },
    claim(key, size) {
      if (size > options.maxItemBytes || size > options.maxBytes) return false;
      if (entries.has(key) || filling.has(key)) return false;
      filling.add(key);
      return true;
    },
    release(key, bytes) {
      filling.delete(key);
      if (!bytes) return;
      drop(key);
      for (const oldest of entries.keys()) {
        if (total + bytes.byteLength <= options.maxBytes) break;
        drop(oldest);
      }
      entries.set(key, bytes);
      total += bytes.byteLength;
    },
    delete: drop,
    get bytes() {
      return total;
    },
  };
}
