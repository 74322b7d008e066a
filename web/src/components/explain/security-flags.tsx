// A contract address's automated security flags (docs/public-api.md, GET /v1/contract/:address,
// the `security` section): GoPlus's address report as the data layer reads it (`flags` of
// true/false, converted from the vendor's "1"/"0"), in plain words; raised flags first and
// prominently, the ones reported clear listed after. A member the report did not give is not
// listed as clear.
import type { Section } from '@pkg/shared/contract';
import { SectionPanel } from '../data/section-panel';

/** GoPlus address_security members (camelCase, as the data layer returns them) in plain words. */
const FLAG_WORDS: Record<string, string> = {
  cybercrime: 'Linked to cybercrime',
  moneyLaundering: 'Linked to money laundering',
  gasAbuse: 'Gas abuse',
  financialCrime: 'Linked to financial crime',
  darkwebTransactions: 'Dark-web transactions',
  reinit: 'Can be redeployed with different code (reinit)',
  phishingActivities: 'Phishing activities',
  fakeKyc: 'Fake KYC',
  blacklistDoubt: 'Suspected of blacklisted activity',
  fakeStandardInterface: 'Fake standard interface',
  stealingAttack: 'Stealing attacks',
  blackmailActivities: 'Blackmail activities',
  sanctioned: 'Sanctioned',
  maliciousMiningActivities: 'Malicious mining activities',
  mixer: 'Mixer',
  fakeToken: 'Fake token',
  honeypotRelatedAddress: 'Related to honeypot tokens',
};

/** A member name the table does not know, in words: `someNewFlag` → "Some new flag". */
function words(key: string): string {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The data layer sends each flag as a boolean (GoPlus's "1"/"0" converted); anything else is unread. */
const flagOf = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

interface Read {
  raised: string[];
  clear: string[];
  isContract?: boolean | undefined;
  dataSource?: string | undefined;
  maliciousContractsCreated?: number | undefined;
}

/** The flags of the report: its `flags` record, or (a flat report) every yes/no member. */
export function readSecurity(report: Record<string, unknown>): Read {
  const nested = report.flags;
  const source = typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : report;
  const skip = new Set(['address', 'isContract', 'contractAddress', 'dataSource']);
  const raised: string[] = [];
  const clear: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (skip.has(key)) continue;
    const f = flagOf(value);
    if (f === true) raised.push(key);
    else if (f === false) clear.push(key);
  }
  const created = report.maliciousContractsCreated;
  return {
    raised,
    clear,
    isContract: flagOf(report.isContract),
    dataSource: typeof report.dataSource === 'string' ? report.dataSource : undefined,
    maliciousContractsCreated: typeof created === 'number' ? created : undefined,
  };
}

const name = (key: string) => FLAG_WORDS[key] ?? words(key);

export function SecurityFlags({ section }: { section: Section<Record<string, unknown>> }) {
  return (
    <SectionPanel id="security" title="Security flags" section={section}>
      {(report) => {
        const read = readSecurity(report);
        return (
          <>
            <p className="muted">Automated flags of this address, as the security source reports them.</p>
            <h3>Raised</h3>
            {read.raised.length > 0 ? (
              <ul className="flag-list" data-testid="security-raised">
                {read.raised.map((k) => (
                  <li key={k} className="flag flag-raised">
                    {name(k)}
                  </li>
                ))}
              </ul>
            ) : (
              <p data-testid="security-raised">No flag raised.</p>
            )}
            {read.clear.length > 0 ? (
              <>
                <h3>Reported clear</h3>
                <ul className="clear-list" data-testid="security-clear">
                  {read.clear.map((k) => (
                    <li key={k}>{name(k)}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <dl className="facts">
              {read.isContract !== undefined ? (
                <>
                  <dt>A contract, per the report</dt>
                  <dd>{read.isContract ? 'yes' : 'no'}</dd>
                </>
              ) : null}
              {read.maliciousContractsCreated !== undefined ? (
                <>
                  <dt>Malicious contracts created</dt>
                  <dd>{read.maliciousContractsCreated}</dd>
                </>
              ) : null}
              {read.dataSource !== undefined ? (
                <>
                  <dt>Flagged by</dt>
                  <dd>{read.dataSource}</dd>
                </>
              ) : null}
            </dl>
          </>
        );
      }}
    </SectionPanel>
  );
}
