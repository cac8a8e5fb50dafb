import { z } from 'zod';
import type { TDeps } from '../deps';
import {
  IMPORT_COMPANIES,
  IMPORT_JOB_ATTEMPTS,
  runImport,
  sweepImports,
  type TImportRunOptions,
} from '../modules/companies/import.service';
import type { TJobDefinition } from './queue';

const ZData = z.object({ importId: z.uuid() });

/**
 * Imports one uploaded file in batches. Idempotent: each batch commits with its progress, under
 * a check that no other run got there first, so a retry resumes and never inserts a batch twice.
 */
export function importCompaniesJob(deps: TDeps, opts: TImportRunOptions = {}): TJobDefinition {
  return {
    name: IMPORT_COMPANIES,
    retryLimit: IMPORT_JOB_ATTEMPTS - 1,
    // Someone is watching the progress bar: pick the job up as soon as pg-boss allows.
    pollingIntervalSeconds: 0.5,
    // An import runs for minutes: one at a time, so a waiting one goes to a node that is free.
    batchSize: 1,
    async handler(data) {
      const { importId } = ZData.parse(data);
      await runImport(deps, importId, opts);
    },
  };
}

export const SWEEP_IMPORTS = 'sweep-company-imports';

/** Every minute: re-enqueue imports whose job was lost; expire uploads older than a day. */
export function sweepImportsJob(deps: TDeps): TJobDefinition {
  return {
    name: SWEEP_IMPORTS,
    cron: '* * * * *',
    retryLimit: 0,
    async handler() {
      await sweepImports(deps);
    },
  };
}
