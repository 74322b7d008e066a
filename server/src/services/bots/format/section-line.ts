// One number, one source (docs/bots.md, "Replies"): every value a reply shows is followed by the
// provider that gave it and the block or the time it was read; a section without data says
// "unavailable — <reason>", never 0.
import { providerName, type Section } from '@pkg/shared';

type Provenance = NonNullable<Section['provenance']>;

/** `— CoinGecko, 12:04 UTC` or `— chain pool, block 79282848`. */
export function sourceOf(provenance: Provenance | undefined): string {
  if (!provenance) return '';
  const name = providerName(provenance.source);
  if (provenance.blockNumber) return ` — ${name}, block ${provenance.blockNumber}`;
  const at = new Date(provenance.fetchedAt);
  const time = Number.isNaN(at.getTime()) ? '' : `, ${at.toISOString().slice(11, 16)} UTC`;
  return ` — ${name}${time}`;
}

/** Why a section has no data, in words. */
export function reasonOf(section: Pick<Section, 'status' | 'code' | 'reason'>): string {
  const reason = section.reason ?? section.code ?? (section.status === 'ERROR' ? 'source error' : 'no data');
  return reason.replace(/\s+/g, ' ').slice(0, 200);
}

export function unavailable(label: string, section: Pick<Section, 'status' | 'code' | 'reason'>): string {
  return `${label}: unavailable — ${reasonOf(section)}`;
}

/** The data of a section that has some, else undefined. */
export function dataOf<T>(section: Section<T> | undefined): T | undefined {
  return section && (section.status === 'LIVE' || section.status === 'CACHED') ? section.data : undefined;
}

/** `Label: value — source`, or the unavailable line when the section has no data. */
export function sectionLine<T>(
  label: string,
  section: Section<T>,
  value: (data: T) => string | undefined,
): string {
  const data = dataOf(section);
  if (data === undefined) return unavailable(label, section);
  const shown = value(data);
  if (shown === undefined) return `${label}: unavailable — not in the source's answer`;
  return `${label}: ${shown}${sourceOf(section.provenance)}`;
}
