import { importPercent, plural, type TImportState } from '@pennant/shared/companies/schemas';
import { Progress } from '@/components/ui/Progress';

/** The real progress of the server's import: the share of the file's rows gone through. */
export function ImportingStep({ state, count }: { state: TImportState | null; count: number }) {
  const percent = state ? importPercent(state) : 0;
  const total = state?.totalRows ?? null;
  let phase = `Starting the import of ${plural(count, 'company', 'companies')}...`;
  if (state?.status === 'running' && total) {
    phase = `Importing row ${Math.min(state.rowsDone, total).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}...`;
  }
  if (state?.status === 'done') phase = 'Done';
  return (
    <div className="space-y-4 py-6" aria-live="polite">
      <p className="text-sm font-medium text-slate-800">{phase}</p>
      <Progress value={percent} aria-label="Import progress" />
      <p className="text-xs text-slate-500">
        {percent}% · {state ? `${plural(state.imported, 'company', 'companies')} imported so far` : 'Waiting to start'}.
        The import runs on the server; you may close this window.
      </p>
    </div>
  );
}
