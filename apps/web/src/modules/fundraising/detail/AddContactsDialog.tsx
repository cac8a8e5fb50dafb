import { parseAddContactsCsv } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES, type TCampaignDetail } from '@pennant/shared/fundraising/schemas';
import { Plus, Trash2, Upload } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage } from '@/lib/api';
import { useAddCampaignContacts } from '../fundraising-api';

/**
 * Adding contacts to a campaign that was already sent (spec 002 §2.4, §5.4), in the spec's two
 * presentations of one dialog: 'rows' is Add Contacts (editable name and e-mail rows, a CSV box
 * that fills them), 'tabs' is Add More Contacts (Manual Entry and CSV Import tabs building a list).
 * The call, the player choice, the CSV reading and the result messages are shared.
 */
export type TAddContactsPresentation = 'rows' | 'tabs';

type TCampaign = Pick<TCampaignDetail, 'id' | 'name' | 'campaignType' | 'players'>;

interface TDraftContact {
  key: number;
  name: string;
  email: string;
  /** '' until a player is chosen (player campaigns only). */
  playerId: string;
}

type TNotice = { tone: 'error' | 'success'; text: string } | null;

interface TAddContactsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign: TCampaign;
  presentation: TAddContactsPresentation;
}

export const ADD_CONTACTS_TITLES: Record<TAddContactsPresentation, string> = {
  rows: 'Add Contacts',
  tabs: 'Add More Contacts',
};

/**
 * The CSV box's lines as 'Name, email' (what parseAddContactsCsv reads). The Add More Contacts
 * hint promises 'Name <email>' and a bare 'email' too (§5.4 notes the original read only the
 * comma form), so those are rewritten first: a bare address is named by its part before the @.
 */
export function normalizeContactLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const angle = line.match(/^\s*"?([^"<]*?)"?\s*<\s*([^<>\s]+)\s*>\s*$/);
      if (angle) {
        const [, name = '', email = ''] = angle;
        return `"${name.trim().replace(/"/g, '""')}",${email}`;
      }
      const bare = line.trim().replace(/^["']+|["']+$/g, '');
      if (!bare.includes(',') && /^[^\s@]+@[^\s@]+$/.test(bare)) return `${bare.split('@')[0]},${bare}`;
      return line;
    })
    .join('\n');
}

export function AddContactsDialog(props: TAddContactsDialogProps) {
  // Mounted only while open, so every opening starts empty.
  return props.open ? <AddContactsDialogBody {...props} /> : null;
}

function AddContactsDialogBody({ onOpenChange, campaign, presentation }: TAddContactsDialogProps) {
  const isPlayer = campaign.campaignType === 'player';
  const nextKey = useRef(1);
  const newRow = (name = '', email = '', playerId = ''): TDraftContact => {
    nextKey.current += 1;
    return { key: nextKey.current, name, email, playerId };
  };
  const [rows, setRows] = useState<TDraftContact[]>(() => [{ key: 0, name: '', email: '', playerId: '' }]);
  const [pending, setPending] = useState<TDraftContact[]>([]);
  const [entry, setEntry] = useState({ name: '', email: '' });
  const [playerId, setPlayerId] = useState('');
  const [csvText, setCsvText] = useState('');
  const [notice, setNotice] = useState<TNotice>(null);

  const add = useAddCampaignContacts(campaign.id, {
    onSuccess: (result) => {
      if (!result.success) {
        setNotice({ tone: 'error', text: result.message || FUNDRAISING_MESSAGES.addFailed });
        return;
      }
      const s = result.stats;
      toast.success(FUNDRAISING_MESSAGES.added(s.contactsAdded, s.contactsSkipped, s.contactsFailed));
      onOpenChange(false);
    },
    onError: (err) => {
      // Add Contacts says the fixed sentence; Add More Contacts the error's own message (§8.1).
      const text =
        presentation === 'rows' ? FUNDRAISING_MESSAGES.addFailed : errorMessage(err, FUNDRAISING_MESSAGES.addFailed);
      setNotice({ tone: 'error', text });
      toast.error(text);
    },
  });

  const importCsv = () => {
    const { contacts } = parseAddContactsCsv(normalizeContactLines(csvText));
    if (contacts.length === 0) {
      setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.noValidCsvContacts });
      return;
    }
    if (presentation === 'rows') {
      // Blank rows give way to the imported ones; rows already typed stay.
      setRows((current) => [
        ...current.filter((r) => r.name.trim() !== '' || r.email.trim() !== ''),
        ...contacts.map((c) => newRow(c.name, c.email)),
      ]);
    } else {
      setPending((current) => {
        const known = new Set(current.map((c) => c.email));
        return [
          ...current,
          ...contacts.filter((c) => !known.has(c.email)).map((c) => newRow(c.name, c.email, playerId)),
        ];
      });
    }
    setCsvText('');
    setNotice({ tone: 'success', text: FUNDRAISING_MESSAGES.importedFromCsv(contacts.length) });
  };

  const addEntry = (e: FormEvent) => {
    e.preventDefault();
    const name = entry.name.trim();
    const email = entry.email.trim().toLowerCase();
    if (!name || !email) return setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.enterNameAndEmail });
    if (!email.includes('@')) return setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.enterValidEmail });
    if (isPlayer && !playerId) return setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.selectPlayer });
    if (pending.some((c) => c.email === email)) {
      return setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.emailInList });
    }
    setPending((current) => [...current, newRow(name, email, playerId)]);
    setEntry({ name: '', email: '' });
    setNotice(null);
  };

  const submit = () => {
    const source =
      presentation === 'rows'
        ? rows
            .map((r) => ({ ...r, name: r.name.trim(), email: r.email.trim().toLowerCase() }))
            .filter((r) => r.name !== '' && r.email.includes('@'))
        : pending.map((c) => (isPlayer && !c.playerId ? { ...c, playerId } : c));
    if (source.length === 0) {
      setNotice({
        tone: 'error',
        text: presentation === 'rows' ? FUNDRAISING_MESSAGES.addOneValid : FUNDRAISING_MESSAGES.addAtLeastOne,
      });
      return;
    }
    if (isPlayer && source.some((c) => !c.playerId)) {
      setNotice({ tone: 'error', text: FUNDRAISING_MESSAGES.selectPlayer });
      return;
    }
    setNotice(null);
    add.mutate(source.map((c) => ({ name: c.name, email: c.email, playerId: isPlayer ? c.playerId : null })));
  };

  const playerOptions = (
    <>
      <option value="">Select a player</option>
      {campaign.players.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !add.isPending && onOpenChange(open)}
      title={ADD_CONTACTS_TITLES[presentation]}
      description={`New contacts for ${campaign.name} get the campaign e-mail when you send to new contacts.`}
      dismissOnOutsideClick={false}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : presentation === 'tabs' ? `Add ${pending.length} Contacts` : 'Add Contacts'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {notice ? (
          <Alert tone={notice.tone} className="break-words">
            {notice.text}
          </Alert>
        ) : null}
        {presentation === 'rows' ? (
          <RowsEditor
            rows={rows}
            isPlayer={isPlayer}
            playerOptions={playerOptions}
            onChange={(key, patch) =>
              setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)))
            }
            onRemove={(key) =>
              setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== key) : current))
            }
            onAdd={() => setRows((current) => [...current, newRow()])}
          />
        ) : (
          <>
            {isPlayer ? (
              <Field label="Player" hint="The contacts added below are assigned to this player.">
                {(p) => (
                  <Select {...p} value={playerId} onChange={(e) => setPlayerId(e.target.value)}>
                    {playerOptions}
                  </Select>
                )}
              </Field>
            ) : null}
            <Tabs defaultValue="manual">
              <TabsList aria-label="How to add contacts">
                <TabsTrigger value="manual">Manual Entry</TabsTrigger>
                <TabsTrigger value="csv">CSV Import</TabsTrigger>
              </TabsList>
              <TabsContent value="manual">
                <form onSubmit={addEntry} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
                  <Field label="Name">
                    {(p) => (
                      <Input
                        {...p}
                        value={entry.name}
                        maxLength={FUNDRAISING_LIMITS.contactNameMax}
                        autoComplete="off"
                        onChange={(e) => setEntry((v) => ({ ...v, name: e.target.value }))}
                      />
                    )}
                  </Field>
                  <Field label="Email">
                    {(p) => (
                      <Input
                        {...p}
                        type="email"
                        value={entry.email}
                        maxLength={254}
                        autoComplete="off"
                        onChange={(e) => setEntry((v) => ({ ...v, email: e.target.value }))}
                      />
                    )}
                  </Field>
                  <Button type="submit" variant="outline">
                    <Plus className="h-4 w-4" aria-hidden /> Add Contact
                  </Button>
                </form>
              </TabsContent>
              <TabsContent value="csv">
                <CsvBox
                  value={csvText}
                  onChange={setCsvText}
                  onImport={importCsv}
                  hint="One contact per line. Supports 'Name, Email', 'Name <email>' or just 'email'."
                />
              </TabsContent>
            </Tabs>
            <PendingList contacts={pending} onRemove={(key) => setPending((c) => c.filter((x) => x.key !== key))} />
          </>
        )}
        {presentation === 'rows' ? (
          <details className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-900">Import from CSV</summary>
            <div className="mt-3">
              <CsvBox value={csvText} onChange={setCsvText} onImport={importCsv} hint="One 'Name, email' per line." />
            </div>
          </details>
        ) : null}
      </div>
    </Dialog>
  );
}

function CsvBox({
  value,
  onChange,
  onImport,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  onImport: () => void;
  hint: string;
}) {
  return (
    <div className="space-y-2">
      <Field label="Contacts (CSV)" hint={hint}>
        {(p) => (
          <Textarea
            {...p}
            value={value}
            rows={5}
            maxLength={200_000}
            placeholder={'Jordan Lee, jordan.lee@example.org\nSam Rivera, sam@example.org'}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      <Button variant="outline" size="sm" onClick={onImport} disabled={value.trim() === ''}>
        <Upload className="h-4 w-4" aria-hidden /> Import CSV
      </Button>
    </div>
  );
}

function RowsEditor({
  rows,
  isPlayer,
  playerOptions,
  onChange,
  onRemove,
  onAdd,
}: {
  rows: TDraftContact[];
  isPlayer: boolean;
  playerOptions: ReactNode;
  onChange: (key: number, patch: Partial<TDraftContact>) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}) {
  const grid = isPlayer ? 'sm:grid-cols-[1fr_1fr_1fr_auto]' : 'sm:grid-cols-[1fr_1fr_auto]';
  return (
    <div className="space-y-2">
      <div className={`hidden gap-2 text-xs font-medium text-slate-600 sm:grid ${grid}`} aria-hidden>
        <span>Name</span>
        <span>Email</span>
        {isPlayer ? <span>Player</span> : null}
        <span className="w-9" />
      </div>
      <ul aria-label="Contacts to add" className="space-y-3 sm:space-y-2">
        {rows.map((r, i) => (
          <li
            key={r.key}
            className={`grid grid-cols-[1fr_auto] gap-2 border-b border-slate-100 pb-3 last:border-0 sm:border-0 sm:pb-0 ${grid}`}
          >
            <Input
              aria-label={`Name, row ${i + 1}`}
              placeholder="Name"
              value={r.name}
              maxLength={FUNDRAISING_LIMITS.contactNameMax}
              autoComplete="off"
              className="col-span-1"
              onChange={(e) => onChange(r.key, { name: e.target.value })}
            />
            <Input
              aria-label={`Email, row ${i + 1}`}
              placeholder="Email"
              type="email"
              value={r.email}
              maxLength={254}
              autoComplete="off"
              className="col-start-1 sm:col-start-auto"
              onChange={(e) => onChange(r.key, { email: e.target.value })}
            />
            {isPlayer ? (
              <Select
                aria-label={`Player, row ${i + 1}`}
                value={r.playerId}
                className="col-start-1 sm:col-start-auto"
                onChange={(e) => onChange(r.key, { playerId: e.target.value })}
              >
                {playerOptions}
              </Select>
            ) : null}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove row ${i + 1}`}
              disabled={rows.length === 1}
              className="col-start-2 row-start-1 sm:col-start-auto sm:row-start-auto"
              onClick={() => onRemove(r.key)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden /> Add row
      </Button>
    </div>
  );
}

function PendingList({ contacts, onRemove }: { contacts: TDraftContact[]; onRemove: (key: number) => void }) {
  if (contacts.length === 0) return <p className="text-sm text-slate-600">No contacts added yet.</p>;
  return (
    <section aria-label="Contacts to add" className="space-y-2">
      <h3 className="text-sm font-medium text-slate-900">Contacts to add ({contacts.length})</h3>
      <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {contacts.map((c) => (
          <li key={c.key} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="break-words text-sm font-medium text-slate-900">{c.name}</p>
              <p className="break-all text-xs text-slate-500">{c.email}</p>
            </div>
            <Button variant="ghost" size="icon" aria-label={`Remove ${c.name}`} onClick={() => onRemove(c.key)}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
