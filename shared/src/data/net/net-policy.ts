// Per-provider network policy: the hosts a provider may reach and, when the operator set
// PKG_NET_ALLOW_PRIVATE=1, the configured endpoint origins that may be loopback or private.
export interface NetPolicy {
  provider: string;
  /** Lower-case host names (or IP literals without brackets) this provider may reach. */
  allowHosts: ReadonlySet<string>;
  /** Origins (`http://127.0.0.1:8545`) exempt from the private-address rule: configured endpoints only. */
  privateOrigins: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
}

export function netPolicy(input: {
  provider: string;
  defaultUrls: readonly string[];
  configuredUrls: readonly string[];
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}): NetPolicy {
  const allowHosts = new Set<string>();
  const privateOrigins = new Set<string>();
  for (const raw of [...input.defaultUrls, ...input.configuredUrls]) {
    const url = tryUrl(raw);
    if (url) allowHosts.add(stripBrackets(url.hostname.toLowerCase()));
  }
  if (input.allowPrivate) {
    for (const raw of input.configuredUrls) {
      const url = tryUrl(raw);
      if (url) privateOrigins.add(url.origin);
    }
  }
  return {
    provider: input.provider,
    allowHosts,
    privateOrigins,
    timeoutMs: input.timeoutMs,
    maxBytes: input.maxBytes,
  };
}

function tryUrl(raw: string): URL | undefined {
  try {
    return new URL(raw.replaceAll('{key}', 'key'));
  } catch {
    return undefined;
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
