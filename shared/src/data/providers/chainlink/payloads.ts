// The feed catalog: a JSON array of `ChainMetadata` entries, the type the Chainlink docs site
// reads it with (github.com/smartcontractkit/documentation, src/features/data/api/index.ts:
// `name`, `path`, `pair`, `proxyAddress` (nullable), `secondaryProxyAddress`, `contractAddress`,
// `decimals`, `heartbeat` (s), `threshold` (%), `assetName`, `feedCategory`, `feedType`, `docs`
// with `hidden`, `productTypeCode`...), plus `docs.marketHours`, `docs.baseAsset`,
// `docs.quoteAsset` seen in the chain's file. The docs site
// leaves out entries with `docs.hidden` or without a proxy address; so does the provider. Each
// entry is read on its own, so that one odd entry does not hide the others.
import * as z from 'zod';

const str = z.string().nullable().optional();
const numeric = z.union([z.number(), z.string()]).nullable().optional();

export const catalogSchema = z.array(z.unknown());

export const feedEntrySchema = z.looseObject({
  name: str,
  path: str,
  pair: z.array(z.string().nullable()).nullable().optional(),
  proxyAddress: str,
  secondaryProxyAddress: str,
  contractAddress: str,
  decimals: numeric,
  heartbeat: numeric,
  threshold: numeric,
  assetName: str,
  feedType: str,
  feedCategory: str,
  docs: z
    .looseObject({
      hidden: z.boolean().nullable().optional(),
      baseAsset: str,
      quoteAsset: str,
      marketHours: str,
      productTypeCode: str,
    })
    .nullable()
    .optional(),
});
