// Reading Zerion's members: absent rather than null, blank or non-finite; a token's contract on
// the chain; whether an item is on the chain.
export const finite = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;
export const text = (s: string | null | undefined) => (s ? s : undefined);

interface FungibleInfo {
  implementations?: { chain_id: string; address?: string | null | undefined }[] | null | undefined;
}

/** The token's contract on the chain (absent for the native coin, which has no address). */
export function implementationOn(info: FungibleInfo | null | undefined, slug: string): string | undefined {
  return text(info?.implementations?.find((i) => i.chain_id === slug)?.address);
}

interface ChainRelationship {
  chain?: { data?: { id: string } | null | undefined } | null | undefined;
}

/** An item without a chain relationship is taken as the chain's (the request filtered by it). */
export const onChain = (relationships: ChainRelationship | null | undefined, slug: string) => {
  const id = relationships?.chain?.data?.id;
  return id === undefined || id === slug;
};
