// GoPlus reports → camelCase: "1"/"0" flags become booleans, taxes and holder shares stay the
// fractions GoPlus sends (0.05 = 5 %, named `...Fraction`), counts become numbers, token amounts
// stay decimal strings; a member GoPlus left out, null or "" (could not determine) is absent.
import { compact } from '../../compact.js';
import type { Holder, TokenSecurity } from './payloads.js';

type Raw = Record<string, unknown>;

export function flag(value: unknown): boolean | undefined {
  if (value === '1' || value === 1) return true;
  if (value === '0' || value === 0) return false;
  return undefined;
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function number(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** snake_case (or NFT_id) → camelCase. */
export function camel(key: string): string {
  return key.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

const TOKEN_FLAGS = [
  'is_open_source',
  'is_proxy',
  'is_mintable',
  'can_take_back_ownership',
  'owner_change_balance',
  'hidden_owner',
  'selfdestruct',
  'external_call',
  'is_honeypot',
  'cannot_buy',
  'cannot_sell_all',
  'slippage_modifiable',
  'personal_slippage_modifiable',
  'trading_cooldown',
  'transfer_pausable',
  'is_blacklisted',
  'is_whitelisted',
  'is_anti_whale',
  'anti_whale_modifiable',
  'is_in_dex',
  'is_true_token',
  'is_airdrop_scam',
  'trust_list',
] as const;
const TOKEN_TEXTS = [
  'token_name',
  'token_symbol',
  'total_supply',
  'owner_address',
  'owner_balance',
  'creator_address',
  'creator_balance',
  'lp_total_supply',
  'other_potential_risks',
  'note',
] as const;
const TOKEN_COUNTS = ['holder_count', 'lp_holder_count', 'honeypot_with_same_creator'] as const;
/** Shares of 1 as GoPlus sends them (0.05 = 5 %). */
const TOKEN_FRACTIONS = {
  buy_tax: 'buyTaxFraction',
  sell_tax: 'sellTaxFraction',
  owner_percent: 'ownerPercentFraction',
  creator_percent: 'creatorPercentFraction',
} as const;

function holder(h: Holder) {
  return compact({
    address: h.address,
    tag: text(h.tag),
    isContract: flag(h.is_contract),
    balance: text(h.balance),
    percentFraction: number(h.percent),
    isLocked: flag(h.is_locked),
    lockedDetail: h.locked_detail?.map((d) =>
      compact({ amount: text(d.amount), optTime: text(d.opt_time), endTime: text(d.end_time) }),
    ),
    nftList: h.NFT_list?.map((n) =>
      compact(Object.fromEntries(Object.entries(n).map(([k, v]) => [camel(k), text(v)]))),
    ),
  });
}

/** One token_security report (loosely validated: every member as sent, the lists checked). */
export function tokenReport(address: string, report: TokenSecurity) {
  const raw: Raw = report;
  const out: Raw = { address };
  for (const key of TOKEN_TEXTS) out[camel(key)] = text(raw[key]);
  for (const key of TOKEN_COUNTS) out[camel(key)] = number(raw[key]);
  for (const [key, name] of Object.entries(TOKEN_FRACTIONS)) out[name] = number(raw[key]);
  for (const key of TOKEN_FLAGS) out[camel(key)] = flag(raw[key]);
  out.dex = report.dex?.map((d) =>
    // `liquidity` is in USD(T), per the SDK's model.
    compact({ name: text(d.name), liquidityUsd: number(d.liquidity), pair: text(d.pair) }),
  );
  out.holders = report.holders?.map(holder);
  out.lpHolders = report.lp_holders?.map(holder);
  const fake = report.fake_token;
  if (fake && flag(fake.value) !== undefined)
    out.fakeToken = compact({
      counterfeit: flag(fake.value),
      trueTokenAddress: text(fake.true_token_address),
    });
  return compact(out) as Raw;
}

const ADDRESS_FACTS = new Set(['data_source', 'number_of_malicious_contracts_created', 'contract_address']);

/** The address_security result: every "1"/"0" member is a flag. */
export function addressReport(address: string, raw: Raw) {
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(raw)) {
    const f = ADDRESS_FACTS.has(key) ? undefined : flag(value);
    if (f !== undefined) flags[camel(key)] = f;
  }
  return compact({
    address,
    flags,
    isContract: flag(raw.contract_address),
    dataSource: text(raw.data_source),
    maliciousContractsCreated: number(raw.number_of_malicious_contracts_created),
  }) as Raw;
}
