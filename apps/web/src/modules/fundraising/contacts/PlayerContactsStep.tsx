import {
  assignPlayer,
  playerImportOutcome,
  type TContactColumnMapping,
  type TPlayerCsvRow,
  validatePlayerCsvRows,
} from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import type { TContactsStepProps } from '../wizard/campaign-form';
import { countOf, isTextOrCsvFile } from '../wizard/PlayersStep';
import { PendingCsvMapping } from './CsvMappingDialog';
import { PlayerCsvPreview } from './CsvPreviewTable';
import { FileDropZone } from './FileDropZone';
import { ManualContactForm } from './ManualContactForm';
import { PasteContacts } from './PasteContacts';
import { PlayerContactsDetail } from './PlayerContactsDetail';
import { PlayerSummaryTable } from './PlayerSummaryTable';
import { formEmails, newContactId, stepContacts, toCsvContacts } from './step-contacts';
import { type TStepMessage, useCsvFile } from './use-csv-file';

const M = FUNDRAISING_MESSAGES;

type TTab = 'csv' | 'paste' | 'manual';

interface TPreview {
  source: 'csv' | 'paste';
  rows: TPlayerCsvRow[];
}

function StepMessage({ message }: { message: TStepMessage | null }) {
  if (!message) return null;
  return <Alert title={message.title}>{message.text}</Alert>;
}

/**
 * The Contacts step of a player campaign (spec 002 §2.2, §4.1, §4.3, §5.3): tabs CSV Import,
 * Paste Data and Manual Entry; the mapping dialog and the preview with per-row errors (CSV and
 * paste); the per-player summary and one player's detail. A sent campaign shows the lock banner,
 * its tabs are disabled and the contacts already e-mailed carry 'Email Sent' and stay.
 */
export function PlayerContactsStep({ form, onChange, locked, sentEmails }: TContactsStepProps) {
  const [tab, setTab] = useState<TTab>('csv');
  const [detail, setDetail] = useState<number | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [previewMessage, setPreviewMessage] = useState<{ text: string; error: boolean } | null>(null);
  const csv = useCsvFile(isTextOrCsvFile, M.textOrCsvOnly);
  const contacts = stepContacts(form);
  const emails = formEmails(form);

  const showPreview = (next: TPreview | null) => {
    setPreview(next);
    setPreviewMessage(null);
  };

  const confirmMapping = (mapping: TContactColumnMapping) => {
    const file = csv.pending;
    if (!file) return;
    csv.done();
    showPreview({ source: 'csv', rows: validatePlayerCsvRows(file.rows, mapping, form.players, emails) });
  };

  const editRows = (rows: TPlayerCsvRow[]) => {
    if (!preview) return;
    showPreview(rows.length === 0 ? null : { ...preview, rows });
  };

  const importRows = () => {
    if (!preview) return;
    const outcome = playerImportOutcome(preview.rows);
    if (!outcome.ok) {
      setPreviewMessage({ text: outcome.message, error: true });
      toast.error(outcome.message);
      return;
    }
    // Contacts added since the preview was made (manual entry) are duplicates too.
    const held = new Set(formEmails(form).map((e) => e.trim().toLowerCase()));
    const fresh = outcome.contacts.filter((c) => !held.has(c.email));
    const skipped = outcome.skipped + outcome.contacts.length - fresh.length;
    if (fresh.length === 0) {
      setPreviewMessage({ text: M.noNewContacts, error: true });
      toast.error(M.noNewContacts);
      return;
    }
    onChange({ csvContacts: [...form.csvContacts, ...toCsvContacts(fresh, preview.rows)] });
    if (skipped > 0) toast.info(M.skippedDuplicates(skipped));
    toast.success(
      preview.source === 'csv' ? M.importedFromCsv(fresh.length) : `Imported ${countOf(fresh.length, 'contact')}`,
    );
    showPreview(null);
  };

  return (
    <div className="space-y-5">
      {locked ? (
        <Alert tone="info" icon={Lock}>
          {M.contactsLocked}
        </Alert>
      ) : null}
      {form.players.length === 0 ? (
        <Alert tone="warning">Add players in the Players step first: every contact belongs to a player.</Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Add Contacts</CardTitle>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(v) => setTab(v === 'paste' || v === 'manual' ? v : 'csv')}>
            <TabsList aria-label="Ways to add contacts">
              <TabsTrigger value="csv" disabled={locked}>
                CSV Import
              </TabsTrigger>
              <TabsTrigger value="paste" disabled={locked}>
                Paste Data
              </TabsTrigger>
              <TabsTrigger value="manual" disabled={locked}>
                Manual Entry
              </TabsTrigger>
            </TabsList>
            <TabsContent value="csv" className="space-y-3">
              <FileDropZone
                label="Upload a contacts CSV file"
                title="Drop a .csv or .txt file here, or click to choose one"
                hint="Columns for the contact's name and email, and optionally the player."
                accept=".csv,.txt,text/csv,text/plain"
                disabled={locked}
                onFile={(file) => void csv.load(file)}
              />
              <StepMessage message={csv.message} />
            </TabsContent>
            <TabsContent value="paste">
              <PasteContacts
                players={form.players}
                existingEmails={emails}
                disabled={locked}
                onRows={(rows) => showPreview({ source: 'paste', rows })}
              />
            </TabsContent>
            <TabsContent value="manual">
              <ManualContactForm
                players={form.players}
                existingEmails={emails}
                disabled={locked}
                onAdd={(c) => {
                  onChange({ manualContacts: [...form.manualContacts, { id: newContactId(), ...c }] });
                  toast.success(`Added ${c.name} for ${form.players[c.playerIndex] ?? 'the player'}`);
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      {preview ? (
        <PlayerCsvPreview
          title={preview.source === 'csv' ? 'CSV Preview' : 'Pasted Contacts Preview'}
          rows={preview.rows}
          players={form.players}
          message={previewMessage}
          onAssign={(row, index) => editRows(preview.rows.map((r) => (r.row === row ? assignPlayer(r, index) : r)))}
          onRemove={(row) => editRows(preview.rows.filter((r) => r.row !== row))}
          onImport={importRows}
          onCancel={() => showPreview(null)}
        />
      ) : null}

      {detail !== null ? (
        <PlayerContactsDetail
          form={form}
          onChange={onChange}
          playerIndex={detail}
          locked={locked}
          sentEmails={sentEmails}
          onBack={() => setDetail(null)}
        />
      ) : (
        <Card>
          <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
            <CardTitle>Contacts per Player</CardTitle>
            <span className="text-sm text-slate-600">
              {countOf(contacts.length, 'contact')} · minimum{' '}
              {Number.isFinite(form.min_contacts_per_player) ? form.min_contacts_per_player : 0} per player
            </span>
          </CardHeader>
          <CardContent>
            {form.players.length === 0 && contacts.length === 0 ? (
              <p className="text-sm text-slate-500">No players yet.</p>
            ) : (
              <PlayerSummaryTable
                players={form.players}
                contacts={contacts}
                minContacts={form.min_contacts_per_player}
                onEdit={setDetail}
              />
            )}
          </CardContent>
        </Card>
      )}

      <PendingCsvMapping pending={csv.pending} withPlayer onConfirm={confirmMapping} onCancel={csv.cancel} />
    </div>
  );
}
