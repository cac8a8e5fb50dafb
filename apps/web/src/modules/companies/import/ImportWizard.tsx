import {
  autoMatch,
  checkImportRecord,
  missingRequiredTargets,
  type TImportTable,
  type TReadTableResult,
  toImportRecords,
  workbookNameMismatch,
} from '@pennant/shared/companies/import-mapping';
import {
  DEFAULT_DUPLICATE_ACTION,
  duplicateAction,
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importResultMessage,
  isImportFileName,
  isImportFinished,
  type TDuplicateAction,
  type TImportDecisions,
  type TImportDuplicate,
  type TImportState,
  type TImportTarget,
} from '@pennant/shared/companies/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api';
import { companyKeys } from '../companies-api';
import { usePlanLimit } from '../usePlanLimit';
import { DuplicatesStep } from './DuplicatesStep';
import { ImportingStep } from './ImportingStep';
import { IMPORT_POLL_MS, importApi, importKey } from './import-api';
import { MappingStep } from './MappingStep';
import { ReviewStep } from './ReviewStep';
import { SheetStep } from './SheetStep';
import { UploadStep } from './UploadStep';
import { uploadImportFile } from './upload-import';
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

/** Spec §5: type (by extension or by type), then size, then emptiness; a renamed non-workbook is refused. */
async function fileProblem(file: File): Promise<string | null> {
  if (!isImportFileName(file.name) && !ACCEPTED_TYPES.includes(file.type)) return IMPORT_MESSAGES.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.emptyOrCorrupted;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (workbookNameMismatch(file.name, head)) return IMPORT_MESSAGES.wrongType;
  return null;
}

const NO_DECISIONS: TImportDecisions = { defaultAction: DEFAULT_DUPLICATE_ACTION, overrides: {} };

interface TWizardState {
  step: TStep;
  file: File | null;
  /** The server's import of the uploaded file. */
  importId: string | null;
  sheets: string[];
  sheet: string | null;
  table: TImportTable | null;
  mapping: Record<string, TImportTarget>;
  /** The duplicates listed in full (at most the first 1,000). */
  duplicates: TImportDuplicate[];
  /** rowIndex of every duplicate the server found. */
  duplicateRows: number[];
  decisions: TImportDecisions;
}

const INITIAL: TWizardState = {
  step: 'upload',
  file: null,
  importId: null,
  sheets: [],
  sheet: null,
  table: null,
  mapping: {},
  duplicates: [],
  duplicateRows: [],
  decisions: NO_DECISIONS,
};

interface TImportWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The closing toast: the spec's words, counts in the right number, the first failed rows named. */
function showResult(r: TImportState) {
  const message = importResultMessage(r);
  const failures = r.failures.slice(0, 3).map((f) => `Row ${f.row}: ${f.reason}`);
  const more = r.failed > failures.length ? [`…and ${(r.failed - failures.length).toLocaleString('en-US')} more`] : [];
  const lines = [message.description, ...failures, ...more].filter((l): l is string => Boolean(l));
  const description = lines.length ? (
    <span className="block space-y-0.5">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  ) : undefined;
  if (message.tone === 'success') toast.success(message.title, { description });
  else toast.error(message.title, { description });
}

/**
 * Import Companies: upload → sheet (several sheets) → mapping → duplicates (when any) → review →
 * importing. The file is uploaded once; the duplicate check and the import run on the server, and
 * the progress bar follows the server's rows.
 */
export function ImportWizard({ open, onOpenChange }: TImportWizardProps) {
  const qc = useQueryClient();
  const parser = useParseWorker();
  const planLimit = usePlanLimit();
  const [state, setState] = useState<TWizardState>(INITIAL);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'discard' | 'leave' | null>(null);
  /** The import being followed; it outlives the dialog when the dialog is closed mid-import. */
  const [watchId, setWatchId] = useState<string | null>(null);
  const { step, file, table, mapping, duplicates, duplicateRows, decisions, importId } = state;

  const records = useMemo(() => (table ? toImportRecords(table.rows, mapping) : []), [table, mapping]);
  const skippedRows = useMemo(() => {
    const set = new Set<number>();
    for (const rowIndex of duplicateRows) if (duplicateAction(decisions, rowIndex) === 'skip') set.add(rowIndex);
    return set;
  }, [duplicateRows, decisions]);
  const toImport = useMemo(() => records.filter((_r, i) => !skippedRows.has(i)), [records, skippedRows]);
  const rejected = useMemo(
    () => (step === 'review' ? toImport.filter((r) => !checkImportRecord(r).ok).length : 0),
    [step, toImport],
  );

  const watched = useQuery({
    queryKey: importKey(watchId ?? 'none'),
    queryFn: () => (watchId ? importApi.get(watchId) : Promise.reject(new Error('No import'))),
    enabled: watchId !== null,
    refetchInterval: (q) => (q.state.data && isImportFinished(q.state.data.status) ? false : IMPORT_POLL_MS),
    retry: 3,
  });

  const reset = () => {
    parser.reset();
    setState(INITIAL);
    setBusy(null);
    setError(null);
    setConfirm(null);
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  // The import finished: the spec's toast, the list refreshed, and the wizard closes and resets.
  const finished = watched.data && watched.data.id === watchId && isImportFinished(watched.data.status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished import
  useEffect(() => {
    if (!finished || !watched.data) return;
    setWatchId(null);
    showResult(watched.data);
    void qc.invalidateQueries({ queryKey: companyKeys.all });
    if (state.importId === watched.data.id) close();
  }, [finished]);

  const goToMapping = (next: Partial<TWizardState>, tableRead: TImportTable) => {
    setState((s) => ({
      ...s,
      ...next,
      step: 'mapping',
      table: tableRead,
      mapping: autoMatch(tableRead.headers),
      duplicates: [],
      duplicateRows: [],
      decisions: NO_DECISIONS,
    }));
  };

  const tableOrError = (result: TReadTableResult): TImportTable | null => {
    if (result.ok) return result.table;
    setError(result.message);
    return null;
  };

  /** Uploads the file once; null when the server refused it (the reason is shown). */
  async function upload(chosen: File): Promise<TImportState | null> {
    setBusy('Uploading...');
    try {
      return await uploadImportFile(chosen, () => undefined);
    } catch (err) {
      if (!planLimit.handle(err)) setError(errorMessage(err, 'The file could not be uploaded. Please try again.'));
      return null;
    }
  }

  async function chooseFile(chosen: File) {
    setError(null);
    const problem = await fileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy('Reading your file...');
    try {
      const reply = await parser.open(chosen);
      if (reply.sheets.length > 1) {
        const stored = await upload(chosen);
        if (!stored) return;
        setState({
          ...INITIAL,
          step: 'sheet',
          file: chosen,
          importId: stored.id,
          sheets: reply.sheets,
          sheet: reply.sheets[0] ?? null,
        });
        return;
      }
      if (!reply.result) throw new Error(IMPORT_MESSAGES.emptyOrCorrupted);
      const read = tableOrError(reply.result);
      if (!read) return;
      const stored = await upload(chosen);
      if (!stored) return;
      toast.success(`Successfully processed ${read.rows.length} rows from ${chosen.name}`);
      goToMapping({ file: chosen, importId: stored.id, sheets: reply.sheets, sheet: reply.sheets[0] ?? null }, read);
    } catch (err) {
      if (err instanceof ParserStopped) return;
      setError(IMPORT_MESSAGES.emptyOrCorrupted);
      toast.error('Error processing file', { description: errorMessage(err, IMPORT_MESSAGES.emptyOrCorrupted) });
    } finally {
      setBusy(null);
    }
  }

  async function loadSheet() {
    const sheet = state.sheet;
    if (!sheet) return;
    setError(null);
    setBusy('Loading...');
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
      setBusy(null);
    }
  }

  async function checkDuplicates() {
    setError(null);
    if (records.length === 0) {
      setError('No rows have a value in the column mapped to Company Name.');
      return;
    }
    if (!importId) return;
    setBusy('Checking for duplicates...');
    try {
      const reply = await importApi.duplicates(importId, {
        mapping,
        ...(state.sheets.length > 0 && state.sheet ? { sheet: state.sheet } : {}),
      });
      setState((s) => ({
        ...s,
        duplicates: reply.duplicates,
        duplicateRows: reply.duplicateRows,
        decisions: NO_DECISIONS,
        step: reply.duplicateRows.length ? 'duplicates' : 'review',
      }));
    } catch (err) {
      // The check also records the mapping on the server, so the import cannot go ahead without it.
      if (!planLimit.handle(err)) {
        toast.error('Failed to check for duplicates', { description: errorMessage(err, 'Please try again.') });
      }
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!importId) return;
    setError(null);
    setState((s) => ({ ...s, step: 'importing' }));
    setWatchId(importId);
    try {
      const started = await importApi.start(importId, {
        defaultAction: decisions.defaultAction,
        overrides: decisions.overrides,
      });
      qc.setQueryData(importKey(importId), started);
    } catch (err) {
      setWatchId(null);
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
          return { ...s, step: s.duplicateRows.length ? 'duplicates' : 'mapping' };
        default:
          return s;
      }
    });
  }

  const importing = step === 'importing';
  const missing = missingRequiredTargets(mapping);

  /** Escape or the close button: ask before throwing away work or leaving a running import. */
  const requestClose = () => {
    if (importing) setConfirm('leave');
    else if (step !== 'upload') setConfirm('discard');
    else close();
  };

  let primary: { label: string; onClick: () => void; disabled: boolean } | null = null;
  if (step === 'sheet') primary = { label: busy ?? 'Continue', onClick: loadSheet, disabled: !!busy || !state.sheet };
  if (step === 'mapping')
    primary = {
      label: busy ?? 'Continue',
      onClick: checkDuplicates,
      disabled: !!busy || missing.length > 0,
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
          else requestClose();
        }}
        dismissOnOutsideClick={false}
        title="Import Companies"
        description={STEP_TITLES[step]}
        className={step === 'mapping' || step === 'duplicates' || step === 'review' ? 'sm:max-w-4xl' : 'sm:max-w-2xl'}
        footer={
          <div className="flex w-full items-center justify-between gap-2">
            <div>
              {step !== 'upload' ? (
                <Button variant="outline" onClick={back} disabled={importing || !!busy}>
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
            total={duplicateRows.length}
            decisions={decisions}
            onDecision={(rowIndex, action: TDuplicateAction) =>
              setState((s) => ({
                ...s,
                decisions: { ...s.decisions, overrides: { ...s.decisions.overrides, [String(rowIndex)]: action } },
              }))
            }
            onDecideAll={(action) => setState((s) => ({ ...s, decisions: { defaultAction: action, overrides: {} } }))}
          />
        ) : null}
        {step === 'review' && file ? (
          <ReviewStep
            toImport={toImport}
            skipped={skippedRows.size}
            rejected={rejected}
            fileName={file.name}
            sheet={state.sheets.length > 1 ? state.sheet : null}
          />
        ) : null}
        {importing ? (
          <ImportingStep
            state={watched.data && watched.data.id === importId ? watched.data : null}
            count={toImport.length}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirm === 'discard'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Discard this import?"
        message="The file and the choices you made will be lost. Nothing has been imported yet."
        confirmLabel="Discard"
        danger
        onConfirm={close}
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Close while importing?"
        message="The import keeps running on the server and the companies list fills in as it goes. A message shows here when it finishes."
        confirmLabel="Close"
        onConfirm={() => {
          // Keep following the import (watchId) so its result still shows.
          onOpenChange(false);
          reset();
        }}
      />
      {planLimit.dialog}
    </>
  );
}
