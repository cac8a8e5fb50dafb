import {
  campaignReadiness,
  contactsCsv,
  emailFlags,
  findDuplicateEmails,
  mergeDuplicateEmails,
  playerCoverage,
} from '@pennant/shared/fundraising/contacts';
import { goalDollarsToCents } from '@pennant/shared/fundraising/rules';
import {
  CAMPAIGN_TYPE_LABELS,
  FUNDRAISING_LIMITS,
  MESSAGE_PERSPECTIVE_LABELS,
} from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { CheckCircle2, ChevronDown, Download, GitMerge, Info, TriangleAlert, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Progress } from '@/components/ui/Progress';
import { ScrollX } from '@/components/ui/ScrollX';
import { cn } from '@/lib/cn';
import { formatDay } from '../../agreements/parts';
import type { TCampaignFormState } from './campaign-form';
import { reminderSummary } from './ReminderSchedulePanel';

const PREVIEW_FIRST = FUNDRAISING_LIMITS.contactPreviewFirst;
/** 'Show more' adds this many rows at a time: a 10,000-contact list never lands in the page at once. */
const PREVIEW_MORE = 50;

/** One contact of the form, whichever list holds it, with what is needed to remove it again. */
export interface TReviewContact {
  source: 'csv' | 'manual' | 'alumni';
  id: string;
  name: string;
  email: string;
  playerIndex: number;
}

/** The form's contacts in save order (CSV, then manual; or the alumni list). */
export function reviewContacts(form: TCampaignFormState): TReviewContact[] {
  if (form.campaign_type === 'alumni') {
    return form.manualAlumniContacts.map((c) => ({
      source: 'alumni',
      id: c.id,
      name: c.name,
      email: c.email,
      playerIndex: -1,
    }));
  }
  return [
    ...form.csvContacts.map(
      (c): TReviewContact => ({
        source: 'csv',
        id: c.id,
        name: c['Contact Name'],
        email: c['Contact Email'],
        playerIndex: c.matchedPlayerIndex,
      }),
    ),
    ...form.manualContacts.map(
      (c): TReviewContact => ({ source: 'manual', id: c.id, name: c.name, email: c.email, playerIndex: c.playerIndex }),
    ),
  ];
}

/** The form's lists with only the kept contacts. */
function keepOnly(form: TCampaignFormState, kept: readonly TReviewContact[]): Partial<TCampaignFormState> {
  const ids = (source: TReviewContact['source']) => new Set(kept.filter((c) => c.source === source).map((c) => c.id));
  if (form.campaign_type === 'alumni') {
    const alumni = ids('alumni');
    return { manualAlumniContacts: form.manualAlumniContacts.filter((c) => alumni.has(c.id)) };
  }
  const csv = ids('csv');
  const manual = ids('manual');
  return {
    csvContacts: form.csvContacts.filter((c) => csv.has(c.id)),
    manualContacts: form.manualContacts.filter((c) => manual.has(c.id)),
  };
}

/** Saves text as a file the browser downloads (the CSV export is made in the browser, §7.3). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'spring-booster-drive' for file names. */
function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60) || 'campaign'
  );
}

interface TReviewStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  editing: boolean;
}

/**
 * The last step (spec 002 §2.2 Review, §5.3): Campaign Readiness and its six checks, the summary,
 * duplicate cards with Merge and Merge All, the flagged e-mails, the coverage warning, the
 * contact preview, the CSV export and what happens next.
 */
export function ReviewStep({ form, onChange, editing }: TReviewStepProps) {
  const ids = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [shown, setShown] = useState<number>(PREVIEW_FIRST);
  const player = form.campaign_type === 'player';
  const contacts = reviewContacts(form);
  const readiness = campaignReadiness({
    type: form.campaign_type,
    name: form.name,
    startsAt: form.starts_at,
    endsAt: form.ends_at,
    contacts,
    players: form.players,
  });
  const duplicates = findDuplicateEmails(contacts);
  const flagged = contacts.map((c) => ({ contact: c, flags: emailFlags(c.email) })).filter((f) => f.flags.length > 0);
  const min = Number.isFinite(form.min_contacts_per_player) ? form.min_contacts_per_player : 0;
  const coverage = playerCoverage(form.players, contacts, min);
  const short = coverage.players.filter((p) => p.status !== 'complete');
  const playerName = (i: number) => (i >= 0 ? (form.players[i] ?? 'Unassigned') : 'Unassigned');
  const goalCents = goalDollarsToCents(form.goal_dollars.trim());

  const merge = (email?: string) => onChange(keepOnly(form, mergeDuplicateEmails(contacts, email)));
  const exportCsv = () =>
    downloadText(
      `${slug(form.name)}-contacts.csv`,
      contactsCsv(
        contacts.map((c) =>
          player
            ? { player: playerName(c.playerIndex), name: c.name, email: c.email }
            : { name: c.name, email: c.email },
        ),
      ),
    );

  const summary: [string, string][] = [
    ['Name', form.name.trim() || '—'],
    ['Type', CAMPAIGN_TYPE_LABELS[form.campaign_type]],
    ['Dates', form.starts_at && form.ends_at ? `${formatDay(form.starts_at)} – ${formatDay(form.ends_at)}` : '—'],
    [
      player ? 'Goal per Player' : 'Campaign Goal',
      goalCents === null ? 'No goal' : formatMoney(goalCents, goalCents % 100 === 0),
    ],
    ...(player
      ? ([
          ['Players', String(form.players.length)],
          ['Perspective', MESSAGE_PERSPECTIVE_LABELS[form.message_perspective]],
        ] satisfies [string, string][])
      : ([
          ['Sender', form.behalf_of_name.trim() ? `${form.behalf_of_name.trim()} via Pennant` : 'The organization'],
        ] satisfies [string, string][])),
    ['Contacts', String(contacts.length)],
    ['Reminders', reminderSummary(form.reminder_schedule, form.starts_at, form.ends_at)],
  ];

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle id={`${ids}-ready`}>Campaign Readiness</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="text-3xl font-semibold tabular-nums text-slate-900">{readiness.percent}%</p>
            <Progress
              value={readiness.percent}
              aria-label="Campaign Readiness"
              indicatorClassName={readiness.percent === 100 ? 'bg-green-600' : 'bg-amber-500'}
            />
            <ul aria-labelledby={`${ids}-ready`} className="space-y-1.5 text-sm">
              {readiness.checks.map((c) => (
                <li key={c.key} className="flex items-center gap-2" data-ok={c.ok}>
                  {c.ok ? (
                    <CheckCircle2 className="h-4 w-4 shrink-0 text-green-600" aria-hidden />
                  ) : (
                    <XCircle className="h-4 w-4 shrink-0 text-red-500" aria-hidden />
                  )}
                  <span className={c.ok ? 'text-slate-700' : 'text-slate-900'}>{c.label}</span>
                  <span className="sr-only">{c.ok ? '(done)' : '(not yet)'}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              {summary.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-500">{term}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>

        <Card className="border-brand-200 bg-brand-50">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-brand-900">
              <Info className="h-4 w-4" aria-hidden /> What happens next
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-brand-900">
              <li>{editing ? 'Your changes are saved to the campaign.' : 'The campaign is saved as a draft.'}</li>
              <li>
                Launch it from the Fundraising list when you are ready: write the e-mail, with AI help if you like.
              </li>
              <li>
                E-mails go out one every {FUNDRAISING_LIMITS.sendCadenceSeconds} seconds, each personal to its contact.
              </li>
              <li>Reminders follow on schedule at 9:00 AM, skipping donors and contacts who opted out.</li>
              <li>Donations are tracked as they arrive{player ? ', for each player' : ''}.</li>
            </ol>
          </CardContent>
        </Card>
      </div>

      <div className="space-y-5">
        {duplicates.length > 0 ? (
          <Card className="border-amber-200">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle className="flex items-center gap-2">
                <TriangleAlert className="h-4 w-4 text-amber-600" aria-hidden /> Duplicate Emails ({duplicates.length})
              </CardTitle>
              <Button size="sm" variant="outline" onClick={() => merge()}>
                <GitMerge className="h-4 w-4" aria-hidden /> Merge All
              </Button>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {duplicates.map((d) => (
                  <li
                    key={d.email}
                    aria-label={`Duplicate ${d.email}`}
                    className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
                  >
                    <div className="min-w-0">
                      <p className="break-all font-medium text-slate-900">{d.email}</p>
                      <p className="text-xs text-slate-500">
                        {d.contacts
                          .map((c) => (player ? `${c.name} (${playerName(c.playerIndex)})` : c.name))
                          .join(' · ')}
                      </p>
                      <p className="text-xs text-slate-500">Merge keeps the first: {d.contacts[0]?.name}.</p>
                    </div>
                    <Button size="sm" variant="outline" onClick={() => merge(d.email)} aria-label={`Merge ${d.email}`}>
                      Merge
                    </Button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}

        {flagged.length > 0 ? (
          <Card className="border-amber-200">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <TriangleAlert className="h-4 w-4 text-amber-600" aria-hidden /> Potentially Invalid Emails (
                {flagged.length})
              </CardTitle>
              <p className="text-sm text-slate-600">Check these addresses in the Contacts step before you launch.</p>
            </CardHeader>
            <CardContent>
              <ul aria-label="Potentially invalid emails" className="max-h-64 space-y-2 overflow-y-auto text-sm">
                {flagged.map(({ contact, flags }) => (
                  <li key={`${contact.source}-${contact.id}`} className="rounded-md bg-amber-50 px-3 py-2">
                    <p className="break-all font-medium text-slate-900">
                      {contact.email} <span className="font-normal text-slate-600">— {contact.name}</span>
                    </p>
                    <p className="text-xs text-amber-900">{flags.join('; ')}</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}

        {player && form.players.length > 0 && short.length > 0 ? (
          <Alert tone="warning" title="Incomplete coverage">
            {short.length} of {form.players.length} players have fewer than {min} contacts:{' '}
            {short
              .slice(0, 10)
              .map((p) => `${p.name} (${p.count})`)
              .join(', ')}
            {short.length > 10 ? ` and ${short.length - 10} more` : ''}.
          </Alert>
        ) : null}

        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              aria-expanded={previewOpen}
              aria-controls={`${ids}-preview`}
              onClick={() => setPreviewOpen((o) => !o)}
              className="flex items-center gap-2 rounded text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ChevronDown className={cn('h-4 w-4 transition-transform', previewOpen && 'rotate-180')} aria-hidden />
              Contact Preview
              <Badge tone="brand">{contacts.length}</Badge>
            </button>
            <Button size="sm" variant="outline" onClick={exportCsv} disabled={contacts.length === 0}>
              <Download className="h-4 w-4" aria-hidden /> Export contacts as CSV
            </Button>
          </CardHeader>
          {previewOpen ? (
            <CardContent id={`${ids}-preview`}>
              {contacts.length === 0 ? (
                <p className="text-sm text-slate-500">No contacts yet.</p>
              ) : (
                <>
                  <ScrollX label="Contact Preview">
                    <table aria-label="Contact Preview" className="w-full text-left text-sm">
                      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                        <tr>
                          {player ? <th className="py-1.5 pr-3">Player</th> : null}
                          <th className="py-1.5 pr-3">Name</th>
                          <th className="py-1.5">Email</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {contacts.slice(0, shown).map((c) => (
                          <tr key={`${c.source}-${c.id}`}>
                            {player ? (
                              <td className="py-1.5 pr-3 text-slate-700">{playerName(c.playerIndex)}</td>
                            ) : null}
                            <td className="py-1.5 pr-3 text-slate-900">{c.name}</td>
                            <td className="break-all py-1.5 text-slate-700">{c.email}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollX>
                  {contacts.length > shown ? (
                    <Button variant="link" size="sm" onClick={() => setShown((n) => n + PREVIEW_MORE)}>
                      Show more ({contacts.length - shown} more)
                    </Button>
                  ) : null}
                </>
              )}
            </CardContent>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
