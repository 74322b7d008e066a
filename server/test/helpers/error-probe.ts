// A server for tests that answers every call with one registry error, through the real error
// paths: the tRPC procedure builders and error formatter of trpc/init.ts, and the REST error
// middleware. Tests set the code, call the server as a client would (over HTTP, or with the
// CLI), and compare what arrives with the one error table (shared/src/errors/registry-error.ts).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { RegistryError, type RegistryErrorCode } from '@pkg/shared';
import express from 'express';
import { createLogger } from '../../src/logger.js';
import { errorHandler } from '../../src/middleware/error-handler.js';
import { requestId } from '../../src/middleware/request-id.js';
import { livenessProcedure, router } from '../../src/trpc/init.js';
import type { Context } from '../../src/context.js';

export interface ErrorProbe {
  url: string;
  /** The code every call fails with from now on. */
  failWith(code: RegistryErrorCode): void;
  close(): Promise<void>;
}

export async function startErrorProbe(): Promise<ErrorProbe> {
  let code: RegistryErrorCode = 'INTERNAL_ERROR';
  const fail = (): never => {
    throw new RegistryError(code, `probe: ${code}`);
  };
  // The paths the CLI calls: whoami over tRPC, publish over REST.
  const probeRouter = router({ auth: router({ whoami: livenessProcedure.query(fail) }) });
  const logger = createLogger('silent');
  const app = express();
  app.use(requestId(logger));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: probeRouter,
      // livenessProcedure reads nothing of the context but the log (on unexpected errors)
      createContext: ({ req }) => ({ requestId: req.id, log: req.log }) as unknown as Context,
    }),
  );
  app.post('/publish', fail);
  app.get('/packages/{*rest}', fail);
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failWith: (next) => {
      code = next;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
