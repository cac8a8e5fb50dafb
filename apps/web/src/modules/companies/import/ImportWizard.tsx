import {
  DEFAULT_DUPLICATE_ACTION,
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  isImportFileName,
  type TDuplicateAction,
  type TImportDuplicate,
  type TImportResult,
  type TImportTarget,
} from '@pennant/shared/companies.schemas';
import {
  autoMatch,
  missingRequiredTargets,
  type TImportTable,
  type TReadTableResult,
  toImportRecords,
} from '@pennant/shared/import-mapping';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api';
import { companiesApi, companyKeys } from '../companies-api';
import { usePlanLimit } from '../usePlanLimit';
import { DuplicatesStep } from './DuplicatesStep';
import { ImportingStep } from './ImportingStep';
import { MappingStep } from './MappingStep';
import { ReviewStep } from './ReviewStep';
import { SheetStep } from './SheetStep';
import { UploadStep } from './UploadStep';
import { uploadImport } from './upload-import';
import { ParserStopped, useParseWorker } from './useParseWorker';

type TStep = 'upload' | 'sheet' | 'mapping' | 'duplicates' | 'review' | 'importing';

const STEP_TITLES: Record<TStep, string> = {
  upload: 'Upload File',
  sheet: 'Choose Sheet',
  mapping: 'Map Fields',
  duplicates: 'Review Duplicates',
  review: 'Review Import',
  importing: 'Importing',
};

const ACCEPTED_TYPES = IMPORT_ACCEPT.split(',').filter((t) => !t.startsWith('.'));

/** Spec §5: type (by extension or by type), then size, then emptiness. */
function fileProblem(file: File): string | null {
  if (!isImportFileName(file.name) && !ACCEPTED_TYPES.includes(file.type)) return IMPORT_MESSAGES.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.emptyOrCorrupted;
  return null;
}

interface TWizardState {
  step: TStep;
  file: File | null;
  sheets: string[];
  sheet: string | null;
  table: TImportTable | null;
  mapping: Record<string, TImportTarget>;
  duplicates: TImportDuplicate[];
  decisions: Record<number, TDuplicateAction>;
}

const INITIAL: TWizardState = {
  step: 'upload',
  file: null,
  sheets: [],
  sheet: null,
  table: null,
  mapping: {},
  duplicates: [],
  decisions: {},
};

interface TImportWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Import Companies: upload → sheet (several sheets) → mapping → duplicates (when any) → review → importing. */
export function ImportWizard({ open, onOpenChange }: TImportWizardProps) {
  const qc = useQueryClient();
  const parser = useParseWorker();
  const planLimit = usePlanLimit();
  const [state, setState] = useState<TWizardState>(INITIAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [serverDone, setServerDone] = useState(false);
  const { step, file, table, mapping, duplicates, decisions } = state;

  const records = useMemo(() => (table ? toImportRecords(table.rows, mapping) : []), [table, mapping]);
  const skippedRows = useMemo(() => {
    const set = new Set<number>();
    for (const d of duplicates) if ((decisions[d.rowIndex] ?? d.action) === 'skip') set.add(d.rowIndex);
    return set;
  }, [duplicates, decisions]);
  const toImport = useMemo(() => records.filter((_r, i) => !skippedRows.has(i)), [records, skippedRows]);

  const reset = () => {
    parser.reset();
    setState(INITIAL);
    setBusy(false);
    setError(null);
    setProgress(0);
    setServerDone(false);
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  // While the server works, the bar creeps on towards 95% so the wait shows movement.
  const creeping = step === 'importing' && progress >= 60 && !serverDone;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!creeping) return;
    timer.current = window.setInterval(() => setProgress((p) => (p < 95 ? p + (95 - p) * 0.08 : p)), 300);
    return () => window.clearInterval(timer.current);
  }, [creeping]);

  const goToMapping = (next: Partial<TWizardState>, tableRead: TImportTable) => {
    setState((s) => ({
      ...s,
      ...next,
      step: 'mapping',
      table: tableRead,
      mapping: autoMatch(tableRead.headers),
      duplicates: [],
      decisions: {},
    }));
  };

  const tableOrError = (result: TReadTableResult): TImportTable | null => {
    if (result.ok) return result.table;
    setError(result.message);
    return null;
  };

  async function chooseFile(chosen: File) {
    setError(null);
    const problem = fileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const reply = await parser.open(chosen);
      if (reply.sheets.length > 1) {
        setState({ ...INITIAL, step: 'sheet', file: chosen, sheets: reply.sheets, sheet: reply.sheets[0] ?? null });
        return;
      }
      if (!reply.result) throw new Error(IMPORT_MESSAGES.emptyOrCorrupted);
      const read = tableOrError(reply.result);
      if (!read) return;
      toast.success(`Successfully processed ${read.rows.length} rows from ${chosen.name}`);
      goToMapping({ file: chosen, sheets: reply.sheets, sheet: reply.sheets[0] ?? null }, read);
    } catch (err) {
      if (err instanceof ParserStopped) return;
      setError(IMPORT_MESSAGES.emptyOrCorrupted);
      toast.error('Error processing file', { description: errorMessage(err, IMPORT_MESSAGES.emptyOrCorrupted) });
    } finally {
      setBusy(false);
    }
  }

  async function loadSheet() {
    const sheet = state.sheet;
    if (!sheet) return;
    setError(null);
    setBusy(true);
    try {
      const reply = await parser.sheet(sheet);
      const read = reply.result ? tableOrError(reply.result) : null;
      if (!read) return;
      toast.success(`Successfully loaded data from sheet ${sheet}`, { description: `${read.rows.length} rows` });
      goToMapping({}, read);
    } catch (err) {
      if (err instanceof ParserStopped) return;
      toast.error('Error processing file', { description: errorMessage(err, IMPORT_MESSAGES.emptyOrCorrupted) });
    } finally {
      setBusy(false);
    }
  }

  async function checkDuplicates() {
    setError(null);
    if (records.length === 0) {
      setError('No rows have a value in the column mapped to Company Name.');
      return;
    }
    setBusy(true);
    let found: TImportDuplicate[] = [];
    try {
      const reply = await companiesApi.duplicates({
        rows: records.map((r) => ({ name: r.name, website: r.website ?? null })),
      });
      found = reply.duplicates;
    } catch {
      // Spec §5: if the check fails, every row proceeds.
      toast.error('Failed to check for duplicates');
    } finally {
      setBusy(false);
    }
    const initial: Record<number, TDuplicateAction> = {};
    for (const d of found) initial[d.rowIndex] = d.action ?? DEFAULT_DUPLICATE_ACTION;
    setState((s) => ({ ...s, duplicates: found, decisions: initial, step: found.length ? 'duplicates' : 'review' }));
  }

  function showResult(r: TImportResult) {
    if (r.imported === 0 && r.failed > 0) {
      toast.error(`Failed to import ${r.failed} companies`, {
        description: r.failedBatches[0]?.message,
      });
      return;
    }
    toast.success(`Successfully imported ${r.imported} companies${r.failed > 0 ? ` (${r.failed} failed)` : ''}`, {
      description: r.skipped > 0 ? `${r.skipped} duplicates skipped` : undefined,
    });
  }

  async function runImport() {
    if (!file) return;
    setError(null);
    setProgress(0);
    setServerDone(false);
    setState((s) => ({ ...s, step: 'importing' }));
    const form = new FormData();
    form.append('file', file, file.name);
    if (state.sheet && state.sheets.length > 0) form.append('sheet', state.sheet);
    form.append('mapping', JSON.stringify(mapping));
    form.append(
      'decisions',
      JSON.stringify(
        Object.fromEntries(duplicates.map((d) => [String(d.rowIndex), decisions[d.rowIndex] ?? d.action])),
      ),
    );
    try {
      const result = await uploadImport(form, (f) => setProgress((p) => Math.max(p, f * 60)));
      setServerDone(true);
      setProgress(100);
      showResult(result);
      void qc.invalidateQueries({ queryKey: companyKeys.all });
      close();
    } catch (err) {
      setServerDone(true);
      setProgress(0);
      setState((s) => ({ ...s, step: 'review' }));
      if (planLimit.handle(err)) return;
      toast.error('Import failed', { description: errorMessage(err, 'Please try again.') });
    }
  }

  function back() {
    setError(null);
    setState((s) => {
      switch (s.step) {
        case 'sheet':
          parser.reset();
          return INITIAL;
        case 'mapping':
          if (s.sheets.length > 1) return { ...s, step: 'sheet', table: null, mapping: {} };
          parser.reset();
          return INITIAL;
        case 'duplicates':
          return { ...s, step: 'mapping' };
        case 'review':
          return { ...s, step: s.duplicates.length ? 'duplicates' : 'mapping' };
        default:
          return s;
      }
    });
  }

  const importing = step === 'importing';
  const missing = missingRequiredTargets(mapping);

  let primary: { label: string; onClick: () => void; disabled: boolean } | null = null;
  if (step === 'sheet')
    primary = { label: busy ? 'Loading...' : 'Continue', onClick: loadSheet, disabled: busy || !state.sheet };
  if (step === 'mapping')
    primary = {
      label: busy ? 'Checking for duplicates...' : 'Continue',
      onClick: checkDuplicates,
      disabled: busy || missing.length > 0,
    };
  if (step === 'duplicates')
    primary = { label: 'Continue', onClick: () => setState((s) => ({ ...s, step: 'review' })), disabled: false };
  if (step === 'review')
    primary = {
      label: `Import ${toImport.length} ${toImport.length === 1 ? 'Company' : 'Companies'}`,
      onClick: runImport,
      disabled: toImport.length === 0,
    };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) onOpenChange(true);
          else if (!importing) close();
        }}
        dismissOnOutsideClick={false}
        title="Import Companies"
        description={STEP_TITLES[step]}
        className={step === 'mapping' || step === 'duplicates' || step === 'review' ? 'sm:max-w-4xl' : 'sm:max-w-2xl'}
        footer={
          <div className="flex w-full items-center justify-between gap-2">
            <div>
              {step !== 'upload' ? (
                <Button variant="outline" onClick={back} disabled={importing || busy}>
                  Back
                </Button>
              ) : null}
            </div>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={close} disabled={importing}>
                Cancel
              </Button>
              {primary ? (
                <Button onClick={() => void primary.onClick()} disabled={primary.disabled}>
                  {primary.label}
                </Button>
              ) : null}
            </div>
          </div>
        }
      >
        {step === 'upload' ? <UploadStep busy={busy} error={error} onFile={(f) => void chooseFile(f)} /> : null}
        {step === 'sheet' && file ? (
          <SheetStep
            fileName={file.name}
            sheets={state.sheets}
            value={state.sheet}
            onChange={(sheet) => setState((s) => ({ ...s, sheet }))}
            error={error}
          />
        ) : null}
        {step === 'mapping' && table ? (
          <MappingStep
            table={table}
            mapping={mapping}
            onChange={(m) => setState((s) => ({ ...s, mapping: m }))}
            error={error}
          />
        ) : null}
        {step === 'duplicates' ? (
          <DuplicatesStep
            duplicates={duplicates}
            records={records}
            decisions={decisions}
            onDecision={(rowIndex, action) =>
              setState((s) => ({ ...s, decisions: { ...s.decisions, [rowIndex]: action } }))
            }
            onDecideAll={(action) =>
              setState((s) => ({
                ...s,
                decisions: Object.fromEntries(s.duplicates.map((d) => [d.rowIndex, action])),
              }))
            }
          />
        ) : null}
        {step === 'review' && file ? (
          <ReviewStep
            toImport={toImport}
            skipped={skippedRows.size}
            fileName={file.name}
            sheet={state.sheets.length > 1 ? state.sheet : null}
          />
        ) : null}
        {importing ? <ImportingStep progress={progress} count={toImport.length} /> : null}
      </Dialog>
      {planLimit.dialog}
    </>
  );
}
