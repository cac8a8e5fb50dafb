import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build leaves the migrated template (next to the bundled server). */
export const PGLITE_TEMPLATE_FILE =
  process.env.PENNANT_PGLITE_TEMPLATE ?? join(import.meta.dirname, 'pglite-template.tar.gz');

/**
 * The migrated template for a data directory that has no database yet; null when the directory
 * already holds one, or when there is no template (running from source), which means initdb.
 */
export function pgliteTemplateFor(pgliteDir: string): Blob | null {
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) return null;
  if (!existsSync(PGLITE_TEMPLATE_FILE)) return null;
  return new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]);
}
