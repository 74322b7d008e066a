// The typed client of the registry's tRPC router, and the mapping of its errors to CLI errors
// that print the registry's code, message and every detail, then what to do next.
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@pkg/server/router';
import { isRegistryErrorCode, REGISTRY_ERRORS } from '@pkg/shared/errors';
import superjson from 'superjson';
import { CliError, EXIT, type CliDetail } from '../../exit.js';
import { httpFetch } from './http.js';
import { cliVersion } from '../../version.js';

export type RegistryClient = ReturnType<typeof createRegistryClient>;

export function createRegistryClient(registry: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${registry}/trpc`,
        transformer: superjson,
        // HTTP over node:http (http.ts): neither undici nor node-fetch loads on a registry command.
        fetch: httpFetch as unknown as typeof fetch,
        headers: {
          'x-pkg-client': `pkg/${cliVersion}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      }),
    ],
  });
}

export function registryError(
  code: string,
  message: string,
  details: CliDetail[],
  status?: number,
): CliError {
  const entry = isRegistryErrorCode(code) ? REGISTRY_ERRORS[code] : undefined;
  return new CliError(code, `${message}${status ? ` (HTTP ${status})` : ''}`, {
    exitCode: entry?.exit ?? EXIT.failure,
    details,
    hint: entry?.hint ?? REGISTRY_ERRORS.INTERNAL_ERROR.hint,
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
