// A bad environment variable stops the server with a message that names it.
import { describe, expect, test } from 'vitest';
import { generateSigningKey } from '@pkg/shared';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  test('defaults: loopback, port 8787, embedded store under ./.pkg-data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ HOST: '127.0.0.1', PORT: 8787, PKG_DATA_DIR: './.pkg-data' });
    expect(config.MONGODB_URI).toBeUndefined();
    expect(config.PKG_HEAP_GROWING_PERCENT).toBe(50);
    expect(config).toMatchObject({ PKG_DOWNLOADS_FLUSH_MS: 5000, PKG_DOWNLOADS_COUNT: 'on' });
  });

  test.each([
    [{ PORT: 'abc' }, /PORT must be a port number \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ PKG_BASE_URL: 'ftp://x' }, /PKG_BASE_URL must be an http\(s\) URL/],
    [{ PKG_ARTIFACT_CACHE_MB: '-1' }, /PKG_ARTIFACT_CACHE_MB must be 0 or more/],
    [{ PKG_HEAP_GROWING_PERCENT: '1.5' }, /PKG_HEAP_GROWING_PERCENT must be a whole number of percent/],
    [{ PKG_HEAP_GROWING_PERCENT: '900' }, /PKG_HEAP_GROWING_PERCENT must be between 0 and 400/],
    [{ PKG_LOG_ORIGIN: 'two words' }, /PKG_LOG_ORIGIN must be one word/],
    [
      { PKG_DOWNLOADS_FLUSH_MS: '5s' },
      /PKG_DOWNLOADS_FLUSH_MS must be a whole number of milliseconds \(got "5s"\)/,
    ],
    [{ PKG_DOWNLOADS_FLUSH_MS: '10' }, /PKG_DOWNLOADS_FLUSH_MS must be between 100 and 3600000/],
    [{ PKG_DOWNLOADS_COUNT: 'no' }, /PKG_DOWNLOADS_COUNT must be on or off \(got "no"\)/],
    [
      { PKG_OIDC_ISSUERS: 'circle=https://oidc.circleci.com' },
      /PKG_OIDC_ISSUERS names an unknown platform "circle"/,
    ],
    [{ PKG_OIDC_ISSUERS: 'github=not a url' }, /PKG_OIDC_ISSUERS must list platform=issuerURL pairs/],
    [
      { PKG_OIDC_ISSUERS: 'github=ftp://x.example' },
      /PKG_OIDC_ISSUERS "ftp:\/\/x.example" must be an http\(s\) URL/,
    ],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  test('a bad MONGODB_URI is named without echoing its value', () => {
    expect(() => loadConfig({ MONGODB_URI: 'postgres://user:secret@host/db' })).toThrow(
      /MONGODB_URI must start with mongodb:\/\//,
    );
    try {
      loadConfig({ MONGODB_URI: 'postgres://user:secret@host/db' });
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });

  test('PKG_SIGNING_KEY: a key in PEM or base64 DER is taken; a bad one is named, its value never echoed', () => {
    const { pem } = generateSigningKey();
    expect(loadConfig({ PKG_SIGNING_KEY: pem }).PKG_SIGNING_KEY).toBe(pem);
    const der = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(loadConfig({ PKG_SIGNING_KEY: der }).PKG_SIGNING_KEY).toBe(der);
    const bad = `${der.slice(0, 20)}not-a-key`;
    expect(() => loadConfig({ PKG_SIGNING_KEY: bad })).toThrow(
      /PKG_SIGNING_KEY must be an Ed25519 private key/,
    );
    try {
      loadConfig({ PKG_SIGNING_KEY: bad });
    } catch (error) {
      expect(String(error)).not.toContain(der.slice(0, 20));
    }
  });

  test('PKG_OIDC_ISSUERS: GitHub and GitLab by default, a list of platform=issuer, or off', () => {
    expect(loadConfig({}).PKG_OIDC_ISSUERS).toEqual([
      { platform: 'github', issuer: 'https://token.actions.githubusercontent.com' },
      { platform: 'gitlab', issuer: 'https://gitlab.com' },
    ]);
    expect(
      loadConfig({ PKG_OIDC_ISSUERS: ' gitlab=https://git.example.com/ , github=http://127.0.0.1:9000' })
        .PKG_OIDC_ISSUERS,
    ).toEqual([
      { platform: 'gitlab', issuer: 'https://git.example.com' },
      { platform: 'github', issuer: 'http://127.0.0.1:9000' },
    ]);
    expect(loadConfig({ PKG_OIDC_ISSUERS: 'off' }).PKG_OIDC_ISSUERS).toEqual([]);
  });
});
