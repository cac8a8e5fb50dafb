import {
  addPlayer,
  addPlayers,
  parsePlayerLines,
  playerCoverage,
  reindexContacts,
  type TAddPlayersResult,
} from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { FileUp, Plus, Trash2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { InlineError } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input, Textarea } from '@/components/ui/Field';
import { Progress } from '@/components/ui/Progress';
import { cn } from '@/lib/cn';
import { formContacts, removePlayerAt, type TCampaignFormState } from './campaign-form';

const L = FUNDRAISING_LIMITS;
const M = FUNDRAISING_MESSAGES;

interface TPlayersStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  /** The campaign is sent: a player with a contact already e-mailed cannot be removed. */
  locked: boolean;
  sentEmails: ReadonlySet<string>;
}

/** '1 contact', '3 contacts'. */
export function countOf(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A .txt or .csv file, by its type or (browsers often leave the type blank) its name. */
export function isTextOrCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(txt|csv)$/i.test(file.name) || ['text/plain', 'text/csv', 'application/vnd.ms-excel'].includes(file.type);
}

/** A file's text (FileReader: every browser has it, and it reads the file without loading it twice). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The player list after an add, with every contact moved to its player's new place (the list is
 * kept sorted, so an add can move existing players).
 */
function withPlayers(form: TCampaignFormState, players: string[]): Partial<TCampaignFormState> {
  const csv = reindexContacts(
    form.csvContacts.map((c) => ({ ...c, playerIndex: c.matchedPlayerIndex })),
    form.players,
    players,
  );
  return {
    players,
    csvContacts: csv.map(({ playerIndex, ...c }) => ({ ...c, matchedPlayerIndex: playerIndex })),
    manualContacts: reindexContacts(form.manualContacts, form.players, players),
  };
}

/** Step 2 of a player campaign (spec 002 §2.2 Players, §5.2): add, bulk import, the list and coverage. */
export function PlayersStep({ form, onChange, locked, sentEmails }: TPlayersStepProps) {
  const ids = useId();
  const [singleError, setSingleError] = useState<string | null>(null);
  const [bulkText, setBulkText] = useState('');
  const [bulkMessage, setBulkMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);

  const tooMany = (result: TAddPlayersResult) => result.players.length > L.playersMax;

  const addOne = () => {
    const name = form.playerInput.trim();
    if (name === '') return;
    const result = addPlayer(form.players, name);
    if (result.added === 0) {
      setSingleError(result.message ?? M.noValidPlayers);
      return;
    }
    if (tooMany(result)) {
      setSingleError(`At most ${L.playersMax} players`);
      return;
    }
    setSingleError(null);
    onChange({ ...withPlayers(form, result.players), playerInput: '' });
  };

  const addMany = (names: string[]) => {
    const result = addPlayers(form.players, names);
    if (result.added === 0) {
      setBulkMessage({ text: result.message ?? M.noValidPlayers, error: true });
      return false;
    }
    if (tooMany(result)) {
      setBulkMessage({ text: `At most ${L.playersMax} players`, error: true });
      return false;
    }
    onChange(withPlayers(form, result.players));
    setBulkMessage(result.message ? { text: result.message, error: false } : null);
    toast.success(`Added ${result.added} player${result.added === 1 ? '' : 's'}`);
    return true;
  };

  const importFile = async (file: File) => {
    if (!isTextOrCsvFile(file)) {
      setBulkMessage({ text: M.textOrCsvOnly, error: true });
      return;
    }
    try {
      addMany(parsePlayerLines(await readFileText(file), file.name));
    } catch {
      setBulkMessage({ text: 'The file could not be read', error: true });
    }
  };

  const contacts = formContacts(form);
  const coverage = playerCoverage(form.players, contacts, form.min_contacts_per_player);
  // A sent campaign's player keeps any contact already e-mailed: such a player stays (§4.1).
  const hasSent = form.players.map(() => false);
  if (locked) {
    for (const c of contacts)
      if (c.playerIndex >= 0 && sentEmails.has(c.email.toLowerCase())) hasSent[c.playerIndex] = true;
  }
  const order = form.players
    .map((name, index) => ({ name, index }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const min = form.min_contacts_per_player;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle>Add a Player</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-700">
              Player Name
            </label>
            <div className="flex gap-2">
              <Input
                id={`${ids}-name`}
                value={form.playerInput}
                maxLength={L.playerNameMax}
                placeholder="Alex Rivera"
                aria-invalid={singleError !== null}
                onChange={(e) => {
                  onChange({ playerInput: e.target.value });
                  setSingleError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOne();
                  }
                }}
              />
              <Button onClick={addOne} disabled={form.playerInput.trim() === ''}>
                <Plus className="h-4 w-4" aria-hidden /> Add
              </Button>
            </div>
            {singleError ? <InlineError>{singleError}</InlineError> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Bulk Import</CardTitle>
            <p className="text-sm text-slate-600">Paste one name per line, or drop a .txt or .csv file.</p>
          </CardHeader>
          <CardContent className="space-y-3">
            <label htmlFor={`${ids}-bulk`} className="sr-only">
              Player names, one per line
            </label>
            <Textarea
              id={`${ids}-bulk`}
              rows={5}
              value={bulkText}
              maxLength={L.playersMax * (L.playerNameMax + 2)}
              placeholder={'Alex Rivera\nJordan Lee\nSam Patel'}
              onChange={(e) => {
                setBulkText(e.target.value);
                setBulkMessage(null);
              }}
            />
            <Button
              variant="outline"
              disabled={bulkText.trim() === ''}
              onClick={() => {
                if (addMany(parsePlayerLines(bulkText))) setBulkText('');
              }}
            >
              <Users className="h-4 w-4" aria-hidden /> Add Players
            </Button>
            <label
              htmlFor={`${ids}-file`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                const file = e.dataTransfer.files[0];
                if (file) void importFile(file);
              }}
              className={cn(
                'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500',
              )}
            >
              <FileUp className="h-6 w-6 text-slate-400" aria-hidden />
              <span className="font-medium text-slate-800">Drop a .txt or .csv file here, or click to choose one</span>
              <span className="text-xs text-slate-500">One player per line; a CSV's first column.</span>
              <input
                id={`${ids}-file`}
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                aria-label="Upload a player list"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void importFile(file);
                }}
              />
            </label>
            {bulkMessage ? (
              <p
                role={bulkMessage.error ? 'alert' : 'status'}
                className={bulkMessage.error ? 'text-sm text-red-600' : 'text-sm text-amber-800'}
              >
                {bulkMessage.text}
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <div className="space-y-5">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle id={`${ids}-list`}>Players</CardTitle>
            <Badge tone="brand" aria-label={`${form.players.length} players`}>
              {form.players.length}
            </Badge>
          </CardHeader>
          <CardContent>
            {order.length === 0 ? (
              <p className="text-sm text-slate-500">No players yet. Add them one by one or in bulk.</p>
            ) : (
              <ul aria-labelledby={`${ids}-list`} className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
                {order.map(({ name, index }) => (
                  <li key={`${index}-${name}`} className="flex items-center justify-between gap-2 py-1.5">
                    <span className="min-w-0 break-words text-sm text-slate-900">{name}</span>
                    <span className="flex shrink-0 items-center gap-2">
                      <span className="text-xs tabular-nums text-slate-500">
                        {countOf(coverage.players[index]?.count ?? 0, 'contact')}
                      </span>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="h-8 w-8 text-slate-500 hover:text-red-700"
                        aria-label={`Remove ${name}`}
                        title={hasSent[index] ? M.cannotRemoveSent : undefined}
                        disabled={hasSent[index]}
                        onClick={() => onChange(removePlayerAt(form, index))}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Coverage</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm text-slate-700">
            {coverage.totals.players === 0 ? (
              <p className="text-slate-500">Coverage appears once players are added.</p>
            ) : (
              <>
                <p role="status">
                  Players with at least {countOf(Number.isFinite(min) ? min : 0, 'contact')}: {coverage.totals.complete}{' '}
                  of {coverage.totals.players}
                </p>
                <Progress
                  value={(coverage.totals.complete / coverage.totals.players) * 100}
                  aria-label="Players with enough contacts"
                  indicatorClassName="bg-green-600"
                />
                <p className="text-xs text-slate-500">
                  {coverage.totals.covered} with at least one contact · {countOf(coverage.totals.contacts, 'contact')}{' '}
                  assigned · contacts are added in the Contacts step.
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
