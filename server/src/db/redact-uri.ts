// A connection string with its password (and any credential-like query value) hidden.
export function redactUri(uri: string): string {
  return uri
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_m, scheme: string, creds: string) => {
      const user = creds.split(':')[0] ?? '';
      return `${scheme}${user ? `${user}:***` : '***'}@`;
    })
    .replace(/([?&](?:password|authMechanismProperties|tlsCertificateKeyFilePassword)=)[^&]*/gi, '$1***');
}
