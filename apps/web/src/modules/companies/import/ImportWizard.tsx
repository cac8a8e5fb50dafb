import {
  checkImportRecord,
  type TImportTable,
  type TReadTableResult,
  toImportRecords,
  workbookNameMismatch,
} from '@pennant/shared/companies/import-mapping';
import {
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importResultMessage,
  isImportFileName,
  isImportFinished,
  type TImportState,
} from '@pennant/shared/companies/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
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
import {
  canContinue,
  closeConfirmation,
  INITIAL_IMPORT_WIZARD,
  importIdOf,
  importWizardReducer,
  NO_DECISIONS,
  previousStep,
  skippedRows,
  type TImportMappingDraft,
  type TStep,
} from './import-wizard-state';
import { MappingStep } from './MappingStep';
import { ReviewStep } from './ReviewStep';
import { SheetStep } from './SheetStep';
import { UploadStep } from './UploadStep';
import { uploadImportFile } from './upload-import';
import { ParserStopped, useParseWorker } from './useParseWorker';

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

const NO_MAPPING: TImportMappingDraft = {};
const NO_ROWS: number[] = [];

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
  const [state, dispatch] = useReducer(importWizardReducer, INITIAL_IMPORT_WIZARD);
  /** The import being followed; it outlives the wizard's state when the dialog is closed mid-import. */
  const [watchId, setWatchId] = useState<string | null>(null);
  const { step, busy, error } = state;
  const importId = importIdOf(state);
  const table = 'table' in state ? state.table : null;
  const mapping = 'mapping' in state ? state.mapping : NO_MAPPING;
  const duplicateRows = 'duplicateRows' in state ? state.duplicateRows : NO_ROWS;
  const decisions = 'decisions' in state ? state.decisions : NO_DECISIONS;

  const records = useMemo(() => (table ? toImportRecords(table.rows, mapping) : []), [table, mapping]);
  const skipped = useMemo(() => skippedRows(duplicateRows, decisions), [duplicateRows, decisions]);
  const toImport = useMemo(() => records.filter((_r, i) => !skipped.has(i)), [records, skipped]);
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
    dispatch({ type: 'reset' });
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  const setError = (message: string | null) => dispatch({ type: 'error', message });
  const setBusy = (label: string | null) => dispatch({ type: 'busy', label });

  // The import finished: the spec's toast, the list refreshed, and the wizard closes and resets.
  const finished = watched.data && watched.data.id === watchId && isImportFinished(watched.data.status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished import
  useEffect(() => {
    if (!finished || !watched.data) return;
    setWatchId(null);
    showResult(watched.data);
    void qc.invalidateQueries({ queryKey: companyKeys.all });
    if (importId === watched.data.id) close();
  }, [finished]);

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
        dispatch({ type: 'workbookUploaded', file: chosen, importId: stored.id, sheets: reply.sheets });
        return;
      }
      if (!reply.result) throw new Error(IMPORT_MESSAGES.emptyOrCorrupted);
      const read = tableOrError(reply.result);
      if (!read) return;
      const stored = await upload(chosen);
      if (!stored) return;
      toast.success(`Successfully processed ${read.rows.length} rows from ${chosen.name}`);
      dispatch({ type: 'fileUploaded', file: chosen, importId: stored.id, sheets: reply.sheets, table: read });
    } catch (err) {
      if (err instanceof ParserStopped) return;
      setError(IMPORT_MESSAGES.emptyOrCorrupted);
      toast.error('Error processing file', { description: errorMessage(err, IMPORT_MESSAGES.emptyOrCorrupted) });
    } finally {
      setBusy(null);
    }
  }

  async function loadSheet() {
    const sheet = state.step === 'sheet' ? state.sheet : null;
    if (!sheet) return;
    setError(null);
    setBusy('Loading...');
    try {
      const reply = await parser.sheet(sheet);
      const read = reply.result ? tableOrError(reply.result) : null;
      if (!read) return;
      toast.success(`Successfully loaded data from sheet ${sheet}`, { description: `${read.rows.length} rows` });
      dispatch({ type: 'sheetLoaded', table: read });
    } catch (err) {
      if (err instanceof ParserStopped) return;
      toast.error('Error processing file', { description: errorMessage(err, IMPORT_MESSAGES.emptyOrCorrupted) });
    } finally {
      setBusy(null);
    }
  }

  async function checkDuplicates() {
    if (state.step !== 'mapping') return;
    setError(null);
    if (records.length === 0) {
      setError('No rows have a value in the column mapped to Company Name.');
      return;
    }
    setBusy('Checking for duplicates...');
    try {
      const reply = await importApi.duplicates(state.importId, {
        mapping,
        ...(state.sheets.length > 0 && state.sheet ? { sheet: state.sheet } : {}),
      });
      dispatch({ type: 'duplicatesChecked', duplicates: reply.duplicates, duplicateRows: reply.duplicateRows });
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
    if (state.step !== 'review') return;
    const { importId: id, decisions: chosen } = state;
    dispatch({ type: 'importStarted' });
    setWatchId(id);
    try {
      const started = await importApi.start(id, { defaultAction: chosen.defaultAction, overrides: chosen.overrides });
      qc.setQueryData(importKey(id), started);
    } catch (err) {
      setWatchId(null);
      dispatch({ type: 'importFailed' });
      if (planLimit.handle(err)) return;
      toast.error('Import failed', { description: errorMessage(err, 'Please try again.') });
    }
  }

  function back() {
    // Back to the upload lets go of the file being read.
    if (previousStep(state) === 'upload') parser.reset();
    dispatch({ type: 'back' });
  }

  const importing = step === 'importing';

  /** Escape or the close button: ask before throwing away work or leaving a running import. */
  const requestClose = () => {
    const confirm = closeConfirmation(step);
    if (confirm) dispatch({ type: 'confirm', confirm });
    else close();
  };
  const dismissConfirm = (next: boolean) => {
    if (!next) dispatch({ type: 'confirm', confirm: null });
  };

  const disabled = !canContinue(state, toImport.length);
  let primary: { label: string; onClick: () => void; disabled: boolean } | null = null;
  if (step === 'sheet') primary = { label: busy ?? 'Continue', onClick: loadSheet, disabled };
  if (step === 'mapping') primary = { label: busy ?? 'Continue', onClick: checkDuplicates, disabled };
  if (step === 'duplicates')
    primary = { label: 'Continue', onClick: () => dispatch({ type: 'duplicatesReviewed' }), disabled };
  if (step === 'review')
    primary = {
      label: `Import ${toImport.length} ${toImport.length === 1 ? 'Company' : 'Companies'}`,
      onClick: runImport,
      disabled,
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
        {state.step === 'upload' ? <UploadStep busy={busy} error={error} onFile={(f) => void chooseFile(f)} /> : null}
        {state.step === 'sheet' ? (
          <SheetStep
            fileName={state.file.name}
            sheets={state.sheets}
            value={state.sheet}
            onChange={(sheet) => dispatch({ type: 'sheetChosen', sheet })}
            error={error}
          />
        ) : null}
        {state.step === 'mapping' ? (
          <MappingStep
            table={state.table}
            mapping={state.mapping}
            onChange={(m) => dispatch({ type: 'mappingChanged', mapping: m })}
            error={error}
          />
        ) : null}
        {state.step === 'duplicates' ? (
          <DuplicatesStep
            duplicates={state.duplicates}
            total={state.duplicateRows.length}
            decisions={state.decisions}
            onDecision={(rowIndex, action) => dispatch({ type: 'duplicateDecided', rowIndex, action })}
            onDecideAll={(action) => dispatch({ type: 'allDuplicatesDecided', action })}
          />
        ) : null}
        {state.step === 'review' ? (
          <ReviewStep
            toImport={toImport}
            skipped={skipped.size}
            rejected={rejected}
            fileName={state.file.name}
            sheet={state.sheets.length > 1 ? state.sheet : null}
          />
        ) : null}
        {state.step === 'importing' ? (
          <ImportingStep
            state={watched.data && watched.data.id === importId ? watched.data : null}
            count={toImport.length}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={state.confirm === 'discard'}
        onOpenChange={dismissConfirm}
        title="Discard this import?"
        message="The file and the choices you made will be lost. Nothing has been imported yet."
        confirmLabel="Discard"
        danger
        onConfirm={close}
      />
      <ConfirmDialog
        open={state.confirm === 'leave'}
        onOpenChange={dismissConfirm}
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
