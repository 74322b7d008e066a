// Inputs and outputs of the namespaces procedures.
import * as z from 'zod';
import { namespaceSchema } from '../names.js';
import { userNameSchema } from './auth.js';

export const namespaceInputSchema = z.object({ namespace: namespaceSchema });
export const namespaceOutputSchema = z.object({
  namespace: z.string(),
  owner: z.string().nullable(),
  maintainers: z.array(z.string()),
  reserved: z.boolean(),
  packages: z.array(z.string()),
});
export type NamespaceInfo = z.infer<typeof namespaceOutputSchema>;
export const maintainerInputSchema = z.object({ namespace: namespaceSchema, user: userNameSchema });
