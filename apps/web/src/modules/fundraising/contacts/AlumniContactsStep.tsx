import {
  alumniImportOutcome,
  type TAlumniCsvRow,
  type TContactColumnMapping,
  validateAlumniCsvRows,
  validateManualContact,
} from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { Lock, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert, InlineError } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { TableCell, TableHeaderCell } from '@/components/ui/Table';
import type { TContactsStepProps, TManualAlumniContact } from '../wizard/campaign-form';
import { countOf } from '../wizard/PlayersStep';
import { PendingCsvMapping } from './CsvMappingDialog';
import { AlumniCsvPreview } from './CsvPreviewTable';
import { FileDropZone } from './FileDropZone';
import { NameEmailFields } from './ManualContactForm';
import { EmailSentBadge, RemoveButton } from './PlayerContactsDetail';
import { isCsvFile, newContactId } from './step-contacts';
import { useCsvFile } from './use-csv-file';
import { VirtualTable } from './VirtualTable';

const M = FUNDRAISING_MESSAGES;

/**
 * The Contacts step of an alumni campaign (spec 002 §2.2, §4.1, §5.3): a name and e-mail add
 * form, a CSV drop (or click) with the mapping dialog and a preview (Row, Name, Email, Status;
 * error rows skipped), and the contact list with Remove and a count. A sent campaign shows the
 * lock banner; its adding is done from the campaign page, and e-mailed contacts stay.
 */
export function AlumniContactsStep({ form, onChange, locked, sentEmails }: TContactsStepProps) {
  const ids = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TAlumniCsvRow[] | null>(null);
  const [previewMessage, setPreviewMessage] = useState<{ text: string; error: boolean } | null>(null);
  const csv = useCsvFile(isCsvFile, M.csvOnly);
  const list = form.manualAlumniContacts;
  const emails = list.map((c) => c.email);
  const isSent = (c: TManualAlumniContact) => sentEmails.has(c.email.trim().toLowerCase());

  const add = () => {
    if (name.trim() === '' || email.trim() === '') {
      setAddError(M.enterNameAndEmail);
      return;
    }
    const problem = validateManualContact({ playerIndex: null, name, email }, false, emails);
    if (problem !== null) {
      setAddError(problem);
      return;
    }
    const contact = { id: newContactId(), name: name.trim(), email: email.trim().toLowerCase() };
    onChange({ manualAlumniContacts: [...list, contact] });
    setName('');
    setEmail('');
    setAddError(null);
  };

  const confirmMapping = (mapping: TContactColumnMapping) => {
    const file = csv.pending;
    if (!file) return;
    csv.done();
    setPreview(validateAlumniCsvRows(file.rows, mapping, emails));
    setPreviewMessage(null);
  };

  const importRows = () => {
    if (!preview) return;
    const outcome = alumniImportOutcome(preview);
    if (!outcome.ok) {
      setPreviewMessage({ text: outcome.message, error: true });
      toast.error(outcome.message);
      return;
    }
    // Addresses typed in since the preview was made are duplicates too.
    const held = new Set(emails.map((e) => e.trim().toLowerCase()));
    const fresh = outcome.contacts.filter((c) => !held.has(c.email));
    if (fresh.length === 0) {
      setPreviewMessage({ text: M.noNewContacts, error: true });
      toast.error(M.noNewContacts);
      return;
    }
    const duplicates =
      preview.filter((r) => r.errors.includes('Duplicate (already added)')).length +
      outcome.contacts.length -
      fresh.length;
    onChange({ manualAlumniContacts: [...list, ...fresh.map((c) => ({ id: newContactId(), ...c }))] });
    if (duplicates > 0) toast.info(M.skippedDuplicates(duplicates));
    toast.success(M.importedFromCsv(fresh.length));
    setPreview(null);
    setPreviewMessage(null);
  };

  return (
    <div className="space-y-5">
      {locked ? (
        <Alert tone="info" icon={Lock}>
          {M.contactsLocked}
        </Alert>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Add a Contact</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              noValidate
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                add();
              }}
            >
              <fieldset disabled={locked} className="grid gap-3 sm:grid-cols-2">
                <NameEmailFields
                  labels={{ name: 'Name', email: 'Email' }}
                  placeholders={{ name: 'Jamie Alvarez', email: 'jamie@example.com' }}
                  name={name}
                  email={email}
                  onName={(v) => {
                    setName(v);
                    setAddError(null);
                  }}
                  onEmail={(v) => {
                    setEmail(v);
                    setAddError(null);
                  }}
                />
                <div className="sm:col-span-2">
                  <Button type="submit">
                    <Plus className="h-4 w-4" aria-hidden /> Add Contact
                  </Button>
                </div>
              </fieldset>
              {addError ? <InlineError>{addError}</InlineError> : null}
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Import from CSV</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <FileDropZone
              label="Upload an alumni CSV file"
              title="Drop a .csv file here, or click to choose one"
              hint="Columns for each contact's name and email."
              accept=".csv,text/csv"
              disabled={locked}
              onFile={(file) => void csv.load(file)}
            />
            {csv.message ? <Alert title={csv.message.title}>{csv.message.text}</Alert> : null}
          </CardContent>
        </Card>
      </div>

      {preview ? (
        <AlumniCsvPreview
          rows={preview}
          message={previewMessage}
          onImport={importRows}
          onCancel={() => {
            setPreview(null);
            setPreviewMessage(null);
          }}
        />
      ) : null}

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle id={`${ids}-list`}>Contacts</CardTitle>
          <Badge tone="brand" aria-label={countOf(list.length, 'contact')}>
            {list.length}
          </Badge>
        </CardHeader>
        <CardContent>
          {list.length === 0 ? (
            <p className="text-sm text-slate-500">No contacts yet. Add them one by one or import a CSV file.</p>
          ) : (
            <VirtualTable
              label="Alumni contacts"
              items={list}
              getKey={(c) => c.id}
              header={
                <>
                  <TableHeaderCell>Name</TableHeaderCell>
                  <TableHeaderCell>Email</TableHeaderCell>
                  <TableHeaderCell className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </>
              }
              renderRow={(c) => (
                <>
                  <TableCell className="max-w-48 py-1.5">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="truncate" title={c.name}>
                        {c.name}
                      </span>
                      {isSent(c) ? <EmailSentBadge /> : null}
                    </span>
                  </TableCell>
                  <TableCell className="max-w-56 truncate py-1.5" title={c.email}>
                    {c.email}
                  </TableCell>
                  <TableCell className="py-1.5 text-right">
                    <RemoveButton
                      name={c.name}
                      refused={isSent(c) ? M.cannotRemoveSent : null}
                      onRemove={() => onChange({ manualAlumniContacts: list.filter((k) => k.id !== c.id) })}
                    />
                  </TableCell>
                </>
              )}
            />
          )}
        </CardContent>
      </Card>

      <PendingCsvMapping pending={csv.pending} withPlayer={false} onConfirm={confirmMapping} onCancel={csv.cancel} />
    </div>
  );
}
