// The filings card (docs/website.md, "Filings") over submissions shaped like EDGAR's
// data.sec.gov submissions JSON as the data layer normalizes it (filings.submissions).
import { FORM_8K_ITEMS, type SecFiling } from '@pkg/shared/data';
import { describe, expect, test } from 'vitest';
import { filingKind, filingsCard } from '../../src/services/website/filings.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const filing = (form: string, filingDate: string, extra: Partial<SecFiling> = {}): SecFiling => ({
  form,
  filingDate,
  accessionNumber: `0000320193-26-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
  indexUrl:
    'https://www.sec.gov/Archives/edgar/data/320193/000032019326000071/0000320193-26-000071-index.htm',
  url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019326000071/doc.htm',
  ...extra,
});
const submissions = (filings: SecFiling[]) => ({
  cik: '0000320193',
  name: 'Apple Inc.',
  filings,
  recentCount: filings.length,
  matchedCount: filings.length,
});

describe('filings card', () => {
  test('every 8-K item of the form gets its plain label; an unknown number keeps its number only', () => {
    const items = [...FORM_8K_ITEMS.map((i) => i.item), '7.99'];
    const card = filingsCard(submissions([filing('8-K', '2026-11-20', { items })]), NOW);
    const labelled = card.current[0]?.items ?? [];
    expect(labelled).toHaveLength(FORM_8K_ITEMS.length + 1);
    for (const [i, item] of FORM_8K_ITEMS.entries())
      expect(labelled[i]).toEqual({ item: item.item, label: item.label });
    expect(labelled.at(-1)).toEqual({ item: '7.99' });
    expect(labelled.find((i) => i.item === '2.02')?.label).toBe('earnings');
    expect(labelled.find((i) => i.item === '5.02')?.label).toBe('director or officer change');
  });

  test('insider forms 3, 4 and 5 are counted over the last 30 days, not listed', () => {
    const card = filingsCard(
      submissions([
        filing('4', '2026-11-24'),
        filing('4', '2026-11-10'),
        filing('4/A', '2026-10-27'),
        filing('3', '2026-10-26'),
        filing('5', '2026-10-25'),
        filing('4', '2026-09-01'),
      ]),
      NOW,
    );
    expect(card.insider).toEqual({ days: 30, total: 4, byForm: { '4': 2, '4/A': 1, '3': 1 } });
    expect([...card.current, ...card.periodic, ...card.ownership]).toEqual([]);
  });

  test('quarterly, annual and ownership filings are listed with links; other forms are left out', () => {
    const card = filingsCard(
      submissions([
        filing('10-Q', '2026-11-01'),
        filing('10-K/A', '2026-10-01'),
        filing('SC 13G/A', '2026-09-01'),
        filing('SCHEDULE 13D', '2026-08-01'),
        filing('S-8', '2026-07-01'),
      ]),
      NOW,
    );
    expect(card.periodic.map((f) => f.form)).toEqual(['10-Q', '10-K/A']);
    expect(card.ownership.map((f) => f.form)).toEqual(['SC 13G/A', 'SCHEDULE 13D']);
    expect(card.periodic[0]?.url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\//);
    expect(filingKind('S-8')).toBe('other');
  });
});
