import { mappingComplete, type TContactColumnMapping } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { useState } from 'react';
import { InlineError } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Select } from '@/components/ui/Field';
import type { TPendingCsv } from './use-csv-file';

const M = FUNDRAISING_MESSAGES;

interface TCsvMappingDialogProps {
  open: boolean;
  fileName: string;
  headers: readonly string[];
  /** The first guess (autoMapColumns). */
  initial: TContactColumnMapping;
  /** Player campaigns map an optional Player column; alumni campaigns do not. */
  withPlayer: boolean;
  onConfirm: (mapping: TContactColumnMapping) => void;
  onCancel: () => void;
}

/**
 * The CSV column-mapping dialog (spec 002 §4.3, §5.3): Contact Name and Contact Email are
 * required, Player optional. Confirming without the required ones: 'Please map all required
 * fields.' It does not close on an outside click (like the other import dialogs): a stray click
 * would throw the file away. Render it with a key per file: it starts from `initial`.
 */
export function CsvMappingDialog({
  open,
  fileName,
  headers,
  initial,
  withPlayer,
  onConfirm,
  onCancel,
}: TCsvMappingDialogProps) {
  const [mapping, setMapping] = useState<TContactColumnMapping>(initial);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!mappingComplete(mapping)) {
      setError(M.mapAllRequired);
      return;
    }
    onConfirm(withPlayer ? mapping : { ...mapping, player: null });
  };

  const column = (field: keyof TContactColumnMapping, label: string, required: boolean) => (
    <Field label={required ? `${label} (required)` : `${label} (optional)`}>
      {(a11y) => (
        <Select
          {...a11y}
          aria-invalid={required && error !== null && !mapping[field]}
          value={mapping[field] ?? ''}
          onChange={(e) => {
            setMapping({ ...mapping, [field]: e.target.value === '' ? null : e.target.value });
            setError(null);
          }}
        >
          <option value="">{required ? 'Choose a column' : 'Not in this file'}</option>
          {headers.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title="Map CSV Columns"
      description={`Choose which columns of ${fileName} hold each field.`}
      dismissOnOutsideClick={false}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={confirm}>Confirm Mapping</Button>
        </>
      }
    >
      <div className="space-y-4">
        {column('name', 'Contact Name', true)}
        {column('email', 'Contact Email', true)}
        {withPlayer ? column('player', 'Player', false) : null}
        {withPlayer ? (
          <p className="text-xs text-slate-500">
            Without a player column, each row is assigned a player in the preview.
          </p>
        ) : null}
        {error ? <InlineError>{error}</InlineError> : null}
      </div>
    </Dialog>
  );
}

/** The mapping dialog for a read file, when there is one (one dialog per file: it starts from the file's guess). */
export function PendingCsvMapping({
  pending,
  withPlayer,
  onConfirm,
  onCancel,
}: {
  pending: TPendingCsv | null;
  withPlayer: boolean;
  onConfirm: (mapping: TContactColumnMapping) => void;
  onCancel: () => void;
}) {
  if (!pending) return null;
  return (
    <CsvMappingDialog
      key={`${pending.fileName}-${pending.headers.join('|')}`}
      open
      fileName={pending.fileName}
      headers={pending.headers}
      initial={pending.initial}
      withPlayer={withPlayer}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
