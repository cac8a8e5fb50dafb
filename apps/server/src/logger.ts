import { join } from 'node:path';
import { destination, type Level, type Logger, multistream, pino } from 'pino';
import type { TConfig } from './config';

export type { Logger };

const options = (level: string) => ({
  level,
  redact: { paths: ['req.headers.cookie', 'password', '*.password'], remove: true },
  base: { service: 'pennant' },
});

export function createLogger(level: string): Logger {
  return pino(options(level));
}

/**
 * The server's log. On a public deployment it is JSON on stdout, for the platform to collect. In
 * local mode the terminal stays quiet for the person who ran `npm start`: the log goes to a file
 * in DATA_DIR and only warnings and errors also reach stderr.
 */
export function createServerLogger(config: TConfig): { log: Logger; logFile: string | null } {
  if (!config.localMode || config.env === 'development' || config.logLevel === 'silent')
    return { log: createLogger(config.logLevel), logFile: null };
  const logFile = join(config.dataDir, 'server.log');
  const streams = multistream([
    { level: config.logLevel as Level, stream: destination({ dest: logFile, mkdir: true, sync: false }) },
    { level: 'warn', stream: destination(2) },
  ]);
  return { log: pino(options(config.logLevel), streams), logFile };
}
