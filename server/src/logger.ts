// Structured logs (pino). Each request gets a child logger carrying its request id.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'pkg-server' },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization'],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
