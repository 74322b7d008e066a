// Double of the GoPlus Security API (https://api.gopluslabs.io): every answer is HTTP 200 with
// the envelope `{code, message, result}` (codes of the SDK's src/script/errorcode.js, and 2022 for
// an unsupported chain as the live service answers). The access
// token flow follows the SDK's TokenControllerApi and GetAccessTokenRequest model
// (github.com/GoPlusSecurity/goplus-sdk-node src/gen): POST /api/v1/token with
// `{app_key, time, sign}`, sign = sha1(app_key + time + app_secret). `Authorization` is accepted
// raw (as the SDKs send it) or as `Bearer <token>` (as the generated docs show it). Values are
// illustrative.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export const GP_TOKEN = `0x${'2'.repeat(40)}`;
export const GP_UNKNOWN_TOKEN = `0x${'4'.repeat(40)}`;
export const GP_ADDRESS = `0x${'6'.repeat(40)}`;
export const GP_HOLDER = `0x${'5'.repeat(40)}`;
export const GP_PAIR = `0x${'1'.repeat(40)}`;

export interface GpReply {
  status?: number;
  body: unknown;
}

export interface GpCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface GoplusDouble extends HttpDouble {
  baseUrl: string;
  calls: GpCall[];
  count: (path: string) => number;
  /** Answers the next requests (token requests included) with these replies, then serves normally. */
  failNext: GpReply[];
  /** `expires_in` of the tokens it issues, in seconds. */
  expiresIn: number;
  /** Tokens issued, in order. */
  issued: string[];
  /** Forgets every issued token: the next request with one gets code 4022. */
  revokeTokens: () => void;
  /** Whether /supported_chains lists 4663. */
  chainListed: boolean;
  reset: () => void;
}

const ok = (result: unknown) => ({ code: 1, message: 'OK', result });

// GET /api/v1/token_security/{chain_id}: https://docs.gopluslabs.io/reference/tokensecurityusingget_1,
// SDK model ResponseWrapperTokenSecurityResult (keyed by lower-case contract address; flags "1"/"0";
// a value GoPlus could not determine is missing or ""). Here `owner_address` and `sell_tax` are ""
// and `transfer_pausable`, `hidden_owner`, `is_anti_whale` are missing: the client leaves them absent.
const tokenReport = {
  token_name: 'Example',
  token_symbol: 'EXM',
  total_supply: '100000000',
  holder_count: '1534',
  is_open_source: '1',
  is_proxy: '0',
  is_mintable: '0',
  owner_address: '',
  creator_address: GP_HOLDER,
  creator_balance: '4200000',
  creator_percent: '0.042',
  can_take_back_ownership: '0',
  owner_change_balance: '0',
  selfdestruct: '0',
  external_call: '0',
  is_honeypot: '0',
  honeypot_with_same_creator: '0',
  buy_tax: '0.05',
  sell_tax: '',
  cannot_buy: '0',
  cannot_sell_all: '0',
  slippage_modifiable: '1',
  trading_cooldown: '0',
  is_blacklisted: '0',
  is_whitelisted: '1',
  is_in_dex: '1',
  trust_list: '0',
  dex: [{ name: 'UniswapV4', liquidity: '98873.55', pair: GP_PAIR }],
  holders: [
    {
      address: GP_HOLDER,
      tag: '',
      is_contract: 0,
      balance: '4200000',
      percent: '0.042',
      is_locked: 0,
    },
  ],
  lp_holder_count: '3',
  lp_total_supply: '1000',
  lp_holders: [
    {
      address: GP_PAIR,
      tag: 'Uniswap V4 PoolManager',
      is_contract: 1,
      balance: '600',
      percent: '0.6',
      is_locked: 1,
      locked_detail: [{ amount: '600', opt_time: '2026-08-20T09:00:00Z', end_time: '2027-08-20T09:00:00Z' }],
      NFT_list: [{ NFT_id: '42', amount: '600', value: '59000', NFT_percentage: '0.6', in_effect: '1' }],
    },
  ],
};

// GET /api/v1/address_security/{address}?chain_id=: SDK model ResponseWrapperAddressContractResult
// (flat "0"/"1" strings; `data_source` empty when no source flagged it).
const addressReport = {
  cybercrime: '0',
  money_laundering: '0',
  number_of_malicious_contracts_created: '0',
  gas_abuse: '0',
  financial_crime: '0',
  darkweb_transactions: '0',
  reinit: '0',
  phishing_activities: '1',
  contract_address: '0',
  fake_kyc: '0',
  blacklist_doubt: '0',
  data_source: '',
  fake_standard_interface: '0',
  stealing_attack: '0',
  blackmail_activities: '0',
  sanctioned: '0',
  malicious_mining_activities: '0',
  mixer: '0',
  fake_token: '0',
  honeypot_related_address: '0',
};

// GET /api/v1/supported_chains?name=: SDK model ResponseWrapperListGetChainsListResult ({id, name}).
const chains = (listed: boolean) => [
  { id: '1', name: 'Ethereum' },
  { id: '56', name: 'BSC' },
  ...(listed ? [{ id: '4663', name: 'Robinhood Chain' }] : []),
];

/** The live answer for a chain GoPlus does not cover. */
const UNSUPPORTED_CHAIN = { code: 2022, message: 'The main chain is not supported', result: null };

export async function startGoplusServer(credentials: {
  appKey: string;
  appSecret: string;
}): Promise<GoplusDouble> {
  const ref: { self?: GoplusDouble } = {};
  let valid = new Set<string>();
  const handle = (double: GoplusDouble, call: GpCall): GpReply => {
    const queued = double.failNext.shift();
    if (queued) return queued;
    if (call.path === '/api/v1/token' && call.method === 'POST') {
      // POST /api/v1/token: SDK TokenControllerApi.getAccessTokenUsingPOST; failures 4010 (unknown
      // app key), 4011 (time outside ±1000 s), 4012 (bad signature), result null.
      const body = (call.body ?? {}) as { app_key?: string; time?: number; sign?: string };
      if (body.app_key !== credentials.appKey)
        return { body: { code: 4010, message: 'APP_KEY_NOT_EXIST', result: null } };
      if (typeof body.time !== 'number' || Math.abs(body.time - Date.now() / 1000) > 1000)
        return { body: { code: 4011, message: 'SIGNATURE_EXPIRATION', result: null } };
      const sign = createHash('sha1')
        .update(`${body.app_key}${body.time}${credentials.appSecret}`)
        .digest('hex');
      if (body.sign !== sign)
        return { body: { code: 4012, message: 'SIGNATURE_VERIFICATION_FAILURE', result: null } };
      const token = `gpAccessToken${double.issued.length + 1}x${'9'.repeat(24)}`;
      double.issued.push(token);
      valid.add(token);
      return { body: ok({ access_token: token, expires_in: double.expiresIn }) };
    }
    if (call.authorization !== undefined) {
      const token = call.authorization.replace(/^Bearer /, '');
      if (!valid.has(token)) return { body: { code: 4022, message: 'INVALID_TOKEN', result: null } };
    }
    const tokenSecurity = /^\/api\/v1\/token_security\/([^/]+)$/.exec(call.path);
    if (tokenSecurity) {
      if (tokenSecurity[1] !== '4663') return { body: UNSUPPORTED_CHAIN };
      // Without Authorization only the first address of a list is answered (SDK api.js comment).
      const all = (call.query.get('contract_addresses') ?? '').toLowerCase().split(',');
      const wanted = call.authorization === undefined ? all.slice(0, 1) : all;
      return {
        body: ok(Object.fromEntries(wanted.filter((a) => a === GP_TOKEN).map((a) => [a, tokenReport]))),
      };
    }
    const addressSecurity = /^\/api\/v1\/address_security\/([^/]+)$/.exec(call.path);
    if (addressSecurity) {
      if (call.query.get('chain_id') !== '4663') return { body: UNSUPPORTED_CHAIN };
      return { body: ok(addressReport) };
    }
    if (call.path === '/api/v1/supported_chains') return { body: ok(chains(double.chainListed)) };
    return { status: 404, body: { code: 404, message: 'Not Found', result: null } };
  };

  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as GoplusDouble;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const header = req.headers.authorization;
    const call: GpCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: typeof header === 'string' ? header : undefined,
      body,
    };
    double.calls.push(call);
    const reply = handle(double, call);
    return sendJson(res, reply.status ?? 200, reply.body);
  });
  const self: GoplusDouble = Object.assign(http, {
    baseUrl: http.origin,
    calls: [] as GpCall[],
    count: (path: string) => self.calls.filter((c) => c.path === path).length,
    failNext: [] as GpReply[],
    expiresIn: 3600,
    issued: [] as string[],
    revokeTokens: () => {
      valid = new Set();
    },
    chainListed: true,
    reset: () => {
      self.calls.length = 0;
      self.failNext.length = 0;
      self.expiresIn = 3600;
      self.issued.length = 0;
      self.chainListed = true;
      valid = new Set();
    },
  });
  ref.self = self;
  return self;
}
