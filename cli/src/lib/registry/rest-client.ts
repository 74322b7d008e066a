// Artifact bytes over the REST routes: one POST /publish upload, and downloads that hash while
// streaming and stop as soon as the body passes the size the registry recorded.
// HTTP is node:http (http.ts): Node's built-in fetch loads undici and its wasm parser on first
// use, about 40 ms of every install, and node-fetch its own layers (see the install bench).
import { PACKAGE_LIMITS } from '@pkg/shared/contract/core';
import { createIntegrityHasher } from '@pkg/shared/integrity';
import { CliError } from '../../exit.js';
import { cliVersion } from '../../version.js';
import { downloadProgress } from '../progress.js';
import { httpFetch, type HttpResponse } from './http.js';
import { registryError } from './trpc-client.js';

async function failure(res: HttpResponse, what: string): Promise<CliError> {
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // The full contract loads on a failure only (docs/performance.md, "The verified-record cache").
  const { errorBodySchema } = await import('./answer-schemas.js');
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success)
    return registryError(
      parsed.data.error.code,
      parsed.data.error.message,
      parsed.data.error.details,
      res.status,
    );
  return new CliError('REGISTRY_ERROR', `${what} failed with HTTP ${res.status}.`, {
    hint: 'Check the registry URL (`pkg config get registry`); try again later.',
  });
}

function unreachable(url: string, error: unknown): CliError {
  return new CliError(
    'REGISTRY_UNREACHABLE',
    `Could not reach ${new URL(url).origin}: ${(error as Error).message}`,
    {
      hint: 'Check the registry URL (`pkg config get registry`) and your network, then try again.',
      cause: error,
    },
  );
}

export interface PublishHeaders {
  source?: { repository: string; commit: string } | undefined;
}

export async function uploadArchive(
  registry: string,
  token: string,
  bytes: Uint8Array,
  extra: PublishHeaders = {},
) {
  const url = `${registry}/publish`;
  let res: HttpResponse;
  try {
    res = await httpFetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/gzip',
        'x-pkg-client': `pkg/${cliVersion}`,
        ...(extra.source
          ? { 'x-pkg-source-repository': extra.source.repository, 'x-pkg-source-commit': extra.source.commit }
          : {}),
      },
      body: bytes,
    });
  } catch (error) {
    throw unreachable(url, error);
  }
  if (res.status !== 201) throw await failure(res, 'The upload');
  return await res.json();
}

export interface Downloaded {
  bytes: Buffer;
  integrity: string;
  size: number;
  /** The x-pkg-integrity header the registry sent. */
  headerIntegrity: string | null;
}

/** Download at most `maxBytes` (the recorded size); more is a failure before anything is kept. */
export async function downloadArtifact(
  url: string,
  label: string,
  maxBytes: number,
  progress: boolean,
): Promise<Downloaded> {
  let res: HttpResponse;
  try {
    res = await httpFetch(url);
  } catch (error) {
    throw unreachable(url, error);
  }
  if (res.status !== 200) throw await failure(res, `The download of ${label}`);
  const cap = Math.min(maxBytes, PACKAGE_LIMITS.maxCompressedBytes);
  const hasher = createIntegrityHasher();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const bar = await downloadProgress(label, maxBytes, progress);
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      hasher.update(chunk);
      chunks.push(chunk);
      received += chunk.byteLength;
      bar.advance(chunk.byteLength);
      if (received > cap) {
        res.body.destroy();
        throw new CliError(
          'INTEGRITY_MISMATCH',
          `The download of ${label} is larger than the ${maxBytes} bytes the registry recorded; nothing was installed.`,
          {
            hint: 'The registry or something between you and it is serving other bytes; report it to the registry operator.',
          },
        );
      }
    }
  } finally {
    bar.stop();
  }
  const { integrity, size } = hasher.digest();
  return {
    bytes: Buffer.concat(chunks),
    integrity,
    size,
    headerIntegrity: res.headers.get('x-pkg-integrity'),
  };
}
