// Zerion names chains by its own slugs; the chain's slug is not guessed but resolved from
// GET /v1/chains/ (the chain whose `external_id` is the chain id, "0x1237" for 4663) and kept;
// "Zerion does not list the chain" is believed for an hour before /v1/chains/ is asked again.
import { NoDataError } from '../../errors/data-errors.js';
import type { ZerionGet } from './http.js';
import { chainsSchema } from './payloads.js';

/** How long "Zerion does not list the chain" is believed before /v1/chains/ is asked again. */
const NOT_LISTED_TTL_MS = 3_600_000;

/** A chain id from `external_id`: hex ("0x1237") as Zerion sends it, or decimal. */
export function chainIdOf(externalId: string | null | undefined): number | undefined {
  const text = externalId?.trim() ?? '';
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^\d+$/.test(text)) return Number(text);
  return undefined;
}

export interface SlugLookup {
  /** GET /v1/chains/, remembering the chain's slug (or its absence). */
  listChains: () => Promise<{ count: number; slug: string | undefined }>;
  /** The chain's Zerion slug, or undefined when Zerion does not list the chain. */
  resolveSlug: () => Promise<string | undefined>;
  /** The chain's Zerion slug; NoDataError when Zerion does not list the chain. */
  requireSlug: () => Promise<string>;
}

export function createSlugLookup(get: ZerionGet, chainId: number): SlugLookup {
  let known: { slug: string | undefined; at: number } | undefined;
  let pending: Promise<string | undefined> | undefined;

  const listChains = async () => {
    const chains = await get({ path: '/v1/chains/' }, chainsSchema);
    const slug = chains.data.find((c) => chainIdOf(c.attributes?.external_id) === chainId)?.id;
    known = { slug, at: Date.now() };
    return { count: chains.data.length, slug };
  };

  const resolveSlug = (): Promise<string | undefined> => {
    if (known && (known.slug !== undefined || Date.now() - known.at < NOT_LISTED_TTL_MS))
      return Promise.resolve(known.slug);
    pending ??= listChains()
      .then((r) => r.slug)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  const requireSlug = async (): Promise<string> => {
    const slug = await resolveSlug();
    if (slug === undefined)
      throw new NoDataError(`Zerion does not list chain ${chainId}`, { provider: 'zerion' });
    return slug;
  };

  return { listChains, resolveSlug, requireSlug };
}
