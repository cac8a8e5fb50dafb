import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.cookie', 'password', '*.password'], remove: true },
    base: { service: 'pennant' },
  });
}
