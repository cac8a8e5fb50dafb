import { autoMatch, missingRequiredTargets, type TImportTable } from '@pennant/shared/companies/import-mapping';
import {
  DEFAULT_DUPLICATE_ACTION,
  duplicateAction,
  type TDuplicateAction,
  type TImportDecisions,
  type TImportDuplicate,
  type TImportTarget,
} from '@pennant/shared/companies/schemas';

/**
 * The import wizard's state: upload → sheet (several sheets) → mapping → duplicates (when any) →
 * review → importing. Each step carries only what it needs, and every later step everything the
 * earlier ones gathered (Back and a failed start return to them).
 */

export type TImportMappingDraft = Record<string, TImportTarget>;

/** The file is uploaded: the server's import of it, and its sheets (none for a CSV). */
interface TUploaded {
  file: File;
  /** The server's import of the uploaded file. */
  importId: string;
  sheets: string[];
  sheet: string | null;
}

/** A table is read and its columns are matched to fields. */
interface TMapped extends TUploaded {
  table: TImportTable;
  mapping: TImportMappingDraft;
}

/** The server checked the mapped rows against the companies already there. */
interface TChecked extends TMapped {
  /** The duplicates listed in full (at most the first 1,000). */
  duplicates: TImportDuplicate[];
  /** rowIndex of every duplicate the server found. */
  duplicateRows: number[];
  decisions: TImportDecisions;
}

export type TImportWizardStep =
  | { step: 'upload' }
  | ({ step: 'sheet' } & TUploaded)
  | ({ step: 'mapping' } & TMapped)
  | ({ step: 'duplicates' } & TChecked)
  | ({ step: 'review' } & TChecked)
  | ({ step: 'importing' } & TChecked);

export type TStep = TImportWizardStep['step'];

/** The question asked before closing: discard the work, or leave a running import. */
export type TCloseConfirm = 'discard' | 'leave';

/** What any step may show besides its own fields. */
interface TWizardStatus {
  /** What the wizard is doing ('Reading your file...', 'Uploading...'), or null. */
  busy: string | null;
  error: string | null;
  confirm: TCloseConfirm | null;
}

export type TImportWizardState = TImportWizardStep & TWizardStatus;

export type TImportWizardAction =
  | { type: 'reset' }
  | { type: 'busy'; label: string | null }
  | { type: 'error'; message: string | null }
  | { type: 'confirm'; confirm: TCloseConfirm | null }
  /** A workbook with several sheets was uploaded: choose one. */
  | { type: 'workbookUploaded'; file: File; importId: string; sheets: string[] }
  /** A file with one table was read and uploaded. */
  | { type: 'fileUploaded'; file: File; importId: string; sheets: string[]; table: TImportTable }
  | { type: 'sheetChosen'; sheet: string }
  | { type: 'sheetLoaded'; table: TImportTable }
  | { type: 'mappingChanged'; mapping: TImportMappingDraft }
  | { type: 'duplicatesChecked'; duplicates: TImportDuplicate[]; duplicateRows: number[] }
  | { type: 'duplicateDecided'; rowIndex: number; action: TDuplicateAction }
  | { type: 'allDuplicatesDecided'; action: TDuplicateAction }
  | { type: 'duplicatesReviewed' }
  | { type: 'importStarted' }
  | { type: 'importFailed' }
  | { type: 'back' };

export const NO_DECISIONS: TImportDecisions = { defaultAction: DEFAULT_DUPLICATE_ACTION, overrides: {} };

export const INITIAL_IMPORT_WIZARD: TImportWizardState = { step: 'upload', busy: null, error: null, confirm: null };

const statusOf = ({ busy, error, confirm }: TImportWizardState): TWizardStatus => ({ busy, error, confirm });

const uploadedOf = ({ file, importId, sheets, sheet }: TUploaded): TUploaded => ({ file, importId, sheets, sheet });
const mappedOf = (s: TMapped): TMapped => ({ ...uploadedOf(s), table: s.table, mapping: s.mapping });

/** The mapping step for a freshly read table: its columns matched automatically, no duplicates yet. */
function mappingFor(uploaded: TUploaded, table: TImportTable): Extract<TImportWizardStep, { step: 'mapping' }> {
  return { step: 'mapping', ...uploadedOf(uploaded), table, mapping: autoMatch(table.headers) };
}

/**
 * Back: the sheet choice (several sheets) or the upload from the mapping; the mapping, or the
 * duplicates when there were any, from the review. Going back clears the error.
 */
function back(state: TImportWizardState): TImportWizardState {
  const status = { ...statusOf(state), error: null };
  switch (state.step) {
    case 'sheet':
      return { ...status, step: 'upload' };
    case 'mapping':
      return state.sheets.length > 1
        ? { ...status, step: 'sheet', ...uploadedOf(state) }
        : { ...status, step: 'upload' };
    case 'duplicates':
      return { ...status, step: 'mapping', ...mappedOf(state) };
    case 'review':
      return state.duplicateRows.length
        ? { ...state, ...status, step: 'duplicates' }
        : { ...status, step: 'mapping', ...mappedOf(state) };
    default:
      return state;
  }
}

/** Where Back goes from the current step; null where there is no Back (upload) or it waits (importing). */
export function previousStep(state: TImportWizardState): TStep | null {
  const previous = back(state);
  return previous === state ? null : previous.step;
}

/** The wizard's transitions; an action that does not fit the current step leaves the state as it is. */
export function importWizardReducer(state: TImportWizardState, action: TImportWizardAction): TImportWizardState {
  switch (action.type) {
    case 'reset':
      return INITIAL_IMPORT_WIZARD;
    case 'busy':
      return { ...state, busy: action.label };
    case 'error':
      return { ...state, error: action.message };
    case 'confirm':
      return { ...state, confirm: action.confirm };
    case 'workbookUploaded': {
      if (state.step !== 'upload') return state;
      const { file, importId, sheets } = action;
      return { ...statusOf(state), step: 'sheet', file, importId, sheets, sheet: sheets[0] ?? null };
    }
    case 'fileUploaded': {
      if (state.step !== 'upload') return state;
      const { file, importId, sheets, table } = action;
      return { ...statusOf(state), ...mappingFor({ file, importId, sheets, sheet: sheets[0] ?? null }, table) };
    }
    case 'sheetChosen':
      if (state.step !== 'sheet' || !state.sheets.includes(action.sheet)) return state;
      return { ...state, sheet: action.sheet };
    case 'sheetLoaded':
      if (state.step !== 'sheet') return state;
      return { ...statusOf(state), ...mappingFor(state, action.table) };
    case 'mappingChanged':
      if (state.step !== 'mapping') return state;
      return { ...state, mapping: action.mapping };
    case 'duplicatesChecked': {
      if (state.step !== 'mapping') return state;
      const { duplicates, duplicateRows } = action;
      const step = duplicateRows.length ? 'duplicates' : 'review';
      return { ...state, step, duplicates, duplicateRows, decisions: NO_DECISIONS };
    }
    case 'duplicateDecided': {
      if (state.step !== 'duplicates') return state;
      const overrides = { ...state.decisions.overrides, [String(action.rowIndex)]: action.action };
      return { ...state, decisions: { ...state.decisions, overrides } };
    }
    case 'allDuplicatesDecided':
      if (state.step !== 'duplicates') return state;
      return { ...state, decisions: { defaultAction: action.action, overrides: {} } };
    case 'duplicatesReviewed':
      if (state.step !== 'duplicates') return state;
      return { ...state, step: 'review' };
    case 'importStarted':
      if (state.step !== 'review') return state;
      return { ...state, step: 'importing', error: null };
    case 'importFailed':
      if (state.step !== 'importing') return state;
      return { ...state, step: 'review' };
    case 'back':
      return back(state);
  }
}

/** The server's import of the file, once uploaded. */
export function importIdOf(state: TImportWizardStep): string | null {
  return state.step === 'upload' ? null : state.importId;
}

/** rowIndex of each duplicate that will be skipped. */
export function skippedRows(duplicateRows: readonly number[], decisions: TImportDecisions): Set<number> {
  const set = new Set<number>();
  for (const rowIndex of duplicateRows) if (duplicateAction(decisions, rowIndex) === 'skip') set.add(rowIndex);
  return set;
}

/**
 * Whether the step's Continue (or Import) button may be pressed: a sheet is chosen; every
 * required field is mapped; duplicates always; something is left to import (`toImport` rows).
 * Never while the wizard is busy, and there is no such button on upload or while importing.
 */
export function canContinue(state: TImportWizardState, toImport: number): boolean {
  switch (state.step) {
    case 'sheet':
      return !state.busy && Boolean(state.sheet);
    case 'mapping':
      return !state.busy && missingRequiredTargets(state.mapping).length === 0;
    case 'duplicates':
      return true;
    case 'review':
      return toImport > 0;
    default:
      return false;
  }
}

/** Closing asks first once there is work to lose or an import running; null closes at once. */
export function closeConfirmation(step: TStep): TCloseConfirm | null {
  if (step === 'importing') return 'leave';
  return step === 'upload' ? null : 'discard';
}
