// The YAML front matter of SKILL.md (the Agent Skills convention): `name` and `description`
// agree with the manifest; other members (license, metadata, ...) are allowed.
import * as z from 'zod';
import { descriptionSchema } from './manifest.js';
import { packageNameSchema } from './names.js';

export const skillFrontMatterSchema = z.looseObject({
  name: packageNameSchema,
  description: descriptionSchema,
});
export type SkillFrontMatter = z.infer<typeof skillFrontMatterSchema>;
