// The typed client of the registry's tRPC router, and the mapping of its errors to CLI errors
// that print the registry's code, message and every detail, then what to do next.
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@pkg/server';
import nodeFetch from 'node-fetch';
import superjson from 'superjson';
import { CliError, EXIT, type CliDetail } from '../exit.js';
import { cliVersion } from '../version.js';

export type RegistryClient = ReturnType<typeof createRegistryClient>;

export function createRegistryClient(registry: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${registry}/trpc`,
        transformer: superjson,
        // fetch over node:http, as in rest-client.ts: no undici start-up on every command.
        fetch: nodeFetch as unknown as typeof fetch,
        headers: {
          'x-pkg-client': `pkg/${cliVersion}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      }),
    ],
  });
}

const HINTS: Record<string, string> = {
  UNAUTHENTICATED: 'Log in with `pkg login --registry <url>` (or set PKG_TOKEN) and try again.',
  TOKEN_SCOPE: 'Use a token whose kind and namespaces allow this (see `pkg whoami`).',
  FORBIDDEN: 'Ask the namespace owner to add you as a maintainer, or publish into your own namespace.',
  NAMESPACE_RESERVED: 'Publish into a namespace of your own.',
  NOT_FOUND: 'Check the name and version; `pkg search <query>` lists what exists.',
  VERSION_EXISTS: 'Versions are immutable: raise the version in manifest.json and publish again.',
  INVALID_PACKAGE: 'Fix the problems listed above; `pkg validate` shows them locally.',
  RATE_LIMITED: 'Wait for the time given and try again.',
  STORAGE_UNAVAILABLE: 'The registry is having trouble with its database; try again shortly.',
  METADATA_WRITE_FAILED: 'Nothing was published; try again shortly.',
  ARTIFACT_STORAGE_FAILED: 'Nothing was published; try again shortly.',
  PAYLOAD_TOO_LARGE: 'A package is at most 5 MB; remove large files.',
  BAD_REQUEST: 'Check the arguments; run the command with --help for its usage.',
};

export function registryError(
  code: string,
  message: string,
  details: CliDetail[],
  status?: number,
): CliError {
  const exitCode = code === 'BAD_REQUEST' || code === 'INVALID_PACKAGE' ? EXIT.invalidInput : EXIT.failure;
  return new CliError(code, `${message}${status ? ` (HTTP ${status})` : ''}`, {
    exitCode,
    details,
    hint: HINTS[code] ?? 'Try again; if it keeps failing, contact the registry operator.',
  });
}

/** Any failure of a tRPC call → a CliError (network failures say which registry was unreachable). */
export function fromTrpcError(error: unknown, registry: string): CliError {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string; details?: CliDetail[]; httpStatus?: number } | undefined;
    if (data?.code) return registryError(data.code, error.message, data.details ?? [], data.httpStatus);
    return new CliError(
      'REGISTRY_UNREACHABLE',
      `Could not reach the registry at ${registry}: ${error.message}`,
      {
        hint: 'Check the registry URL (`pkg config get registry`) and your network, then try again.',
        cause: error,
      },
    );
  }
  return error instanceof CliError ? error : new CliError('INTERNAL_ERROR', String(error), { cause: error });
}

/** Run a call against the registry, mapping its errors. */
export async function callRegistry<T>(registry: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromTrpcError(error, registry);
  }
}
