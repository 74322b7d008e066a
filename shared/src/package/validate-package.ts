// The content checks shared by directory and archive validation: manifest, SKILL.md and its
// agreement with the manifest, tool entry files and their JSON Schemas. Pure: works on a map
// of paths to bytes held in memory.
import type { Manifest } from '../schemas/manifest.js';
import { checkManifest } from './check-manifest.js';
import { checkSkillMd } from './check-skill-md.js';
import { checkTools } from './check-tools.js';
import type { Problem } from './problems.js';

export interface ValidatePackageResult {
  /** Present when manifest.json itself is valid (other problems may still exist). */
  manifest: Manifest | undefined;
  problems: Problem[];
}

export function validatePackage(files: ReadonlyMap<string, Uint8Array>): ValidatePackageResult {
  const { manifest, problems } = checkManifest(files);
  problems.push(...checkSkillMd(files, manifest));
  if (manifest) problems.push(...checkTools(files, manifest));
  return { manifest, problems };
}
