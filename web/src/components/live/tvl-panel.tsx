// The chain's total value locked as DefiLlama lists it (docs/public-api.md, "GET /v1/chain").
import type { V1Chain } from '@pkg/shared/contract';
import { formatUsd } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';

export function TvlPanel({ section }: { section: V1Chain['tvl'] }) {
  return (
    <SectionPanel id="tvl" title="Total value locked" section={section}>
      {(tvl) => (
        <>
          <p className="big-number" data-testid="tvl-usd" title={`${tvl.tvlUsd.toLocaleString('en-US')} USD`}>
            {formatUsd(tvl.tvlUsd)}
          </p>
          <p className="muted">Locked in DeFi protocols on {tvl.chain}.</p>
        </>
      )}
    </SectionPanel>
  );
}
