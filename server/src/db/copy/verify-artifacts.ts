// Every artifact on the target, read back from the target through GridFS and hashed: its
// SHA-256 and size must equal the integrity recorded with the file at publish (files
// metadata) and the integrity and size of every version record naming it, and every version's
// artifact must be there. One artifact's bytes stream through the hasher at a time.
import { createIntegrityHasher, type IntegrityResult } from '@pkg/shared';
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';
import { ARTIFACT_BUCKET } from '../artifact-store.js';
import { VERSION_COLLECTION } from '../models/version.js';

export interface ArtifactCheck {
  /** Artifacts read back and hashed. */
  files: number;
  bytes: number;
  /** Version records whose artifact was found and matched. */
  versions: number;
  /** Files with no recorded integrity (none in files metadata nor in a version record). */
  unrecorded: string[];
  problems: string[];
}

interface FileDoc {
  _id: ObjectId;
  metadata?: { integrity?: unknown } | null;
}

interface VersionDoc {
  namespace: string;
  name: string;
  version: string;
  integrity: string;
  size: number;
  artifact?: { fileId?: ObjectId };
}

async function hashStored(bucket: GridFSBucket, id: ObjectId): Promise<IntegrityResult> {
  const hasher = createIntegrityHasher();
  for await (const chunk of bucket.openDownloadStream(id)) hasher.update(chunk as Buffer);
  return hasher.digest();
}

export async function verifyArtifacts(target: Db): Promise<ArtifactCheck> {
  const check: ArtifactCheck = { files: 0, bytes: 0, versions: 0, unrecorded: [], problems: [] };
  const bucket = new GridFSBucket(target, { bucketName: ARTIFACT_BUCKET });
  const hashed = new Map<string, IntegrityResult>();
  const unrecorded = new Set<string>();
  const files = target.collection<FileDoc>(`${ARTIFACT_BUCKET}.files`);
  for await (const file of files.find({}, { projection: { _id: 1, metadata: 1 } })) {
    const id = file._id.toHexString();
    let result: IntegrityResult;
    try {
      result = await hashStored(bucket, file._id);
    } catch (error) {
      check.problems.push(`artifact ${id}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    hashed.set(id, result);
    check.files += 1;
    check.bytes += result.size;
    const recorded = file.metadata?.integrity;
    if (typeof recorded !== 'string') unrecorded.add(id);
    else if (recorded !== result.integrity) {
      check.problems.push(`artifact ${id}: holds ${result.integrity}, recorded ${recorded}`);
    }
  }
  const versions = target.collection<VersionDoc>(VERSION_COLLECTION);
  const projection = { namespace: 1, name: 1, version: 1, integrity: 1, size: 1, 'artifact.fileId': 1 };
  for await (const v of versions.find({}, { projection })) {
    const label = `@${v.namespace}/${v.name}@${v.version}`;
    const id = v.artifact?.fileId?.toHexString();
    const stored = id === undefined ? undefined : hashed.get(id);
    if (!stored)
      check.problems.push(`${label}: its artifact ${id ?? '(none)'} is missing or unreadable on the target`);
    else if (stored.integrity !== v.integrity || stored.size !== v.size) {
      check.problems.push(
        `${label}: artifact ${id} holds ${stored.integrity}, the version records ${v.integrity}`,
      );
    } else {
      check.versions += 1;
      if (id !== undefined) unrecorded.delete(id);
    }
  }
  check.unrecorded = [...unrecorded];
  return check;
}
