// The OIDC client's types, apart from its implementation (oidc-fetch.ts), so that the registry wing
// that takes the client in its deps knows its shape and nothing of the guarded fetch behind it.

/** A JSON document's answer: its HTTP status and the parsed body (undefined when not JSON). */
export interface OidcDocument {
  status: number;
  json: unknown;
}

/** GETs a JSON document of an issuer; throws when the issuer cannot be reached. */
export type OidcFetch = (url: string) => Promise<OidcDocument>;
