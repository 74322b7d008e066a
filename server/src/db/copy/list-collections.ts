// The collections of a database that a copy carries: plain collections (no views, no
// `system.*`), each with its creation options and the UUID that identifies it on its server.
import type { Db, Document } from 'mongodb';

export interface CollectionInfo {
  name: string;
  options: Document;
  /** Hex of the collection's UUID, when the server reports one. */
  uuid: string | undefined;
}

function uuidHex(info: unknown): string | undefined {
  const uuid = (info as { uuid?: unknown } | undefined)?.uuid;
  if (uuid && typeof uuid === 'object' && 'buffer' in uuid && uuid.buffer instanceof Uint8Array) {
    return Buffer.from(uuid.buffer).toString('hex');
  }
  return undefined;
}

export async function listCollections(db: Db): Promise<CollectionInfo[]> {
  const listed = await db.listCollections({}, { nameOnly: false }).toArray();
  return listed
    .filter((c) => (c.type ?? 'collection') === 'collection' && !c.name.startsWith('system.'))
    .map((c) => ({
      name: c.name,
      options: (c as { options?: Document }).options ?? {},
      uuid: uuidHex((c as { info?: unknown }).info),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
