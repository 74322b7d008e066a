// tRPC set-up: superjson, the error formatter, and the procedure builders.
// Services throw RegistryError; the base middleware turns it into the matching TRPCError so
// that /trpc answers the right HTTP status, and the formatter puts { code, details } in data.
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { issueDetails, REGISTRY_ERRORS, RegistryError, type RegistryErrorCode } from '@pkg/shared';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Context } from '../context.js';
import { authenticate, requireManageToken } from '../services/registry/auth-service.js';
import { assertStorageReady, mapStorageFailure } from '../db/availability.js';
import { verifyPass, type VerifiedPass } from '../services/website/holder-pass/pass-token.js';

/** The tRPC code of a registry error, from the one table (shared/src/errors/registry-error.ts). */
function trpcCode(code: RegistryErrorCode): TRPC_ERROR_CODE_KEY {
  return REGISTRY_ERRORS[code].trpc satisfies TRPC_ERROR_CODE_KEY;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof RegistryError) {
      return {
        ...shape,
        message: cause.message,
        data: { ...shape.data, code: cause.code, details: cause.details, stack: undefined },
      };
    }
    if (cause instanceof ZodError) {
      const details = issueDetails(cause.issues);
      return {
        ...shape,
        message: 'Invalid input.',
        data: { ...shape.data, code: 'BAD_REQUEST', details, stack: undefined },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return {
        ...shape,
        message: 'Internal error.',
        data: { ...shape.data, code: 'INTERNAL_ERROR', details: [], stack: undefined },
      };
    }
    return { ...shape, data: { ...shape.data, code: shape.data.code, details: [], stack: undefined } };
  },
});

const registryErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const cause = mapStorageFailure(result.error.cause);
    if (cause instanceof RegistryError) {
      throw new TRPCError({ code: trpcCode(cause.code), message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR')
      ctx.log.error({ err: result.error.cause ?? result.error }, 'procedure failed');
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Answers without the database (health). */
export const livenessProcedure = t.procedure.use(registryErrors);

/** Anonymous procedures that read the database: 503 STORAGE_UNAVAILABLE when it is down. */
export const publicProcedure = livenessProcedure.use(({ ctx, next }) => {
  assertStorageReady(ctx.deps.db);
  return next();
});

/** Any valid token (publish or manage). */
export const tokenProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const auth = await authenticate(ctx.deps.registry, ctx.authorization, ctx.client);
  return next({ ctx: { auth } });
});

/** A managing token. */
export const manageProcedure = tokenProcedure.use(({ ctx, next }) => {
  requireManageToken(ctx.auth);
  return next();
});

/**
 * A compact JWS (three base64url parts; the last may be empty, as in an unsigned `alg: none`
 * token, which is then refused): a holder pass, never a registry token.
 */
const JWS = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

/**
 * The website's AI procedures: anonymous, with the holder pass when the request carries one
 * (`Authorization: Bearer <pass>`). A pass that does not verify is refused (PASS_INVALID), so a
 * visitor learns that their pass is gone instead of silently getting a visitor's quota.
 */
export const visitorProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const jws = JWS.exec(ctx.authorization ?? '')?.[1];
  const pass: VerifiedPass | undefined = jws ? await verifyPass(ctx.deps.ai, jws) : undefined;
  return next({ ctx: { pass } });
});
