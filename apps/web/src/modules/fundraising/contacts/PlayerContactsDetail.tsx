import { contactsCsv } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { ArrowLeft, Download, Eraser, Search, Trash2, UserRoundPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Input, Select } from '@/components/ui/Field';
import { TableCell, TableHeaderCell } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { downloadCsv } from '../csv-exports';
import type { TCampaignFormState } from '../wizard/campaign-form';
import { countOf } from '../wizard/PlayersStep';
import { ManualContactForm } from './ManualContactForm';
import {
  belongsTo,
  fileSlug,
  formEmails,
  newContactId,
  reassignContacts,
  stepContacts,
  type TStepContact,
  withoutContacts,
} from './step-contacts';
import { VirtualTable } from './VirtualTable';

const M = FUNDRAISING_MESSAGES;

interface TPlayerContactsDetailProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  /** The player's index; −1 for the Unassigned contacts. */
  playerIndex: number;
  locked: boolean;
  sentEmails: ReadonlySet<string>;
  onBack: () => void;
}

/** A remove button that stays focusable when refused, so the reason can be given (aria-disabled). */
export function RemoveButton({
  name,
  refused,
  onRemove,
}: {
  name: string;
  /** Why it cannot be removed, or null. */
  refused: string | null;
  onRemove: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Remove ${name}`}
      aria-disabled={refused !== null}
      title={refused ?? undefined}
      className={cn('h-8 w-8 text-slate-500 hover:text-red-700', refused && 'cursor-not-allowed opacity-50')}
      onClick={() => {
        if (refused) toast.error(refused);
        else onRemove();
      }}
    >
      <Trash2 className="h-4 w-4" aria-hidden />
    </Button>
  );
}

export function EmailSentBadge() {
  return <Badge tone="brand">Email Sent</Badge>;
}

/**
 * One player's contacts (spec 002 §2.2): search, select-all and row checkboxes, Assign (move the
 * selected to another player), Delete, Export (CSV), Clear (with a confirm) and an add form; Back
 * to summary. On a sent campaign the contacts already e-mailed cannot be removed (§4.1), and
 * moving or adding contacts is done from the campaign page.
 */
export function PlayerContactsDetail({
  form,
  onChange,
  playerIndex,
  locked,
  sentEmails,
  onBack,
}: TPlayerContactsDetailProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);

  const playerName = playerIndex >= 0 ? (form.players[playerIndex] ?? 'Unassigned') : 'Unassigned';
  const mine = useMemo(
    () => stepContacts(form).filter((c) => belongsTo(c, playerIndex, form.players.length)),
    [form, playerIndex],
  );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? mine.filter((c) => c.name.toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle))
    : mine;
  // A selection only ever holds contacts still on this player.
  const picked = mine.filter((c) => selected.has(c.id));
  const allShownPicked = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const isSent = (c: TStepContact) => sentEmails.has(c.email.trim().toLowerCase());

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const c of shown) {
      if (on) next.add(c.id);
      else next.delete(c.id);
    }
    setSelected(next);
  };

  /** Removes the contacts unless one was already e-mailed (then none is removed). */
  const remove = (contacts: readonly TStepContact[]): boolean => {
    const sent = contacts.filter(isSent).length;
    if (sent > 0) {
      toast.error(M.cannotDeleteSent(sent));
      return false;
    }
    onChange(withoutContacts(form, new Set(contacts.map((c) => c.id))));
    setSelected(new Set());
    return true;
  };

  const assign = () => {
    if (target === '' || picked.length === 0) return;
    const to = Number(target);
    onChange(reassignContacts(form, new Set(picked.map((c) => c.id)), to));
    toast.success(`Moved ${countOf(picked.length, 'contact')} to ${form.players[to] ?? 'another player'}`);
    setSelected(new Set());
    setTarget('');
  };

  const exportCsv = () => {
    const csv = contactsCsv(
      mine.map((c) => ({ player: playerIndex >= 0 ? playerName : '', name: c.name, email: c.email })),
    );
    downloadCsv(`${fileSlug(playerName, 'player')}-contacts.csv`, csv);
  };

  const otherPlayers = form.players.map((name, index) => ({ name, index })).filter((p) => p.index !== playerIndex);

  return (
    <Card>
      <CardHeader className="gap-3">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to summary
          </Button>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle>{playerName}</CardTitle>
          <span className="text-sm text-slate-600" role="status">
            {countOf(mine.length, 'contact')}
            {picked.length > 0 ? ` · ${picked.length} selected` : ''}
          </span>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <label htmlFor={`${ids}-search`} className="sr-only">
            Search contacts
          </label>
          <Input
            id={`${ids}-search`}
            type="search"
            value={search}
            maxLength={200}
            placeholder="Search by name or email"
            className="pl-9"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>

        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2 sm:flex-none">
            <label htmlFor={`${ids}-target`} className="sr-only">
              Assign selected contacts to
            </label>
            <Select
              id={`${ids}-target`}
              value={target}
              disabled={locked || otherPlayers.length === 0}
              className="h-8 w-full min-w-40 py-1 sm:w-48"
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">Move selected to…</option>
              {otherPlayers.map((p) => (
                <option key={`${p.index}-${p.name}`} value={p.index}>
                  {p.name}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              variant="outline"
              onClick={assign}
              disabled={locked || target === '' || picked.length === 0}
            >
              <UserRoundPlus className="h-4 w-4" aria-hidden /> Assign
            </Button>
          </div>
          <Button size="sm" variant="outline" onClick={() => remove(picked)} disabled={picked.length === 0}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
          <Button size="sm" variant="outline" onClick={exportCsv} disabled={mine.length === 0}>
            <Download className="h-4 w-4" aria-hidden /> Export
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirmClear(true)} disabled={mine.length === 0}>
            <Eraser className="h-4 w-4" aria-hidden /> Clear
          </Button>
        </div>

        {mine.length === 0 ? (
          <p className="text-sm text-slate-500">No contacts for {playerName} yet.</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-slate-500">No contacts match “{search.trim()}”.</p>
        ) : (
          <VirtualTable
            label={`Contacts of ${playerName}`}
            items={shown}
            getKey={(c) => `${c.source}-${c.id}`}
            header={
              <>
                <TableHeaderCell className="w-10">
                  <Checkbox checked={allShownPicked} onCheckedChange={toggleAll} aria-label="Select all contacts" />
                </TableHeaderCell>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Email</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              </>
            }
            renderRow={(c) => (
              <>
                <TableCell className="py-1.5">
                  <Checkbox
                    checked={selected.has(c.id)}
                    onCheckedChange={(on) => toggle(c.id, on)}
                    aria-label={`Select ${c.name}`}
                  />
                </TableCell>
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
                    onRemove={() => onChange(withoutContacts(form, new Set([c.id])))}
                  />
                </TableCell>
              </>
            )}
          />
        )}

        {locked ? (
          <p className="text-sm text-slate-600">New contacts for a sent campaign are added from the campaign page.</p>
        ) : (
          <section aria-labelledby={`${ids}-add`} className="space-y-2 border-t border-slate-100 pt-4">
            <h3 id={`${ids}-add`} className="text-sm font-semibold text-slate-900">
              Add a contact{playerIndex >= 0 ? ` for ${playerName}` : ''}
            </h3>
            <ManualContactForm
              players={form.players}
              playerIndex={playerIndex >= 0 ? playerIndex : undefined}
              existingEmails={formEmails(form)}
              onAdd={(c) => {
                onChange({ manualContacts: [...form.manualContacts, { id: newContactId(), ...c }] });
                toast.success(`Added ${c.name}`);
              }}
            />
          </section>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={`Clear ${playerName}'s contacts?`}
        message={`All ${countOf(mine.length, 'contact')} of ${playerName} will be removed from this campaign.`}
        confirmLabel="Clear Contacts"
        danger
        onConfirm={() => {
          setConfirmClear(false);
          remove(mine);
        }}
      />
    </Card>
  );
}
