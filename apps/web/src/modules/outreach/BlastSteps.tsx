import type { TPriceList } from '@pennant/shared/catalogue/schemas';
import {
  BLAST_MESSAGES,
  CC_ROLE_LABELS,
  CC_ROLES,
  type TBlastProspect,
  type TCcRole,
} from '@pennant/shared/outreach/schemas';
import { Check, ChevronDown } from 'lucide-react';
import { Accordion as A, Select as S } from 'radix-ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { Progress } from '@/components/ui/Progress';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { SearchInput } from '../admin/SearchInput';
import type { TBlastSample } from './blast-previews';
import { clearShown, RECIPIENTS_MAX, selectShown, shownState, toggleOne } from './blast-selection';
import { RichTextEditor } from './RichTextEditor';

/** The dialog's own words where the spec quotes none (decisions in the report). */
export const BLAST_UI = {
  steps: ['Recipients', 'Price List', 'Preview & Personalize', 'Schedule & Confirm'] as const,
  searchLabel: 'Search contact, company or email',
  /** 'Showing 50 of 500+ prospects': the count stops at BLAST_LIMITS.prospectCountMax. */
  showing: (shown: number, total: number, capped: boolean) =>
    `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${capped ? '+' : ''} ${
      total === 1 && !capped ? 'prospect' : 'prospects'
    }`,
  selected: (n: number) => `${n.toLocaleString('en-US')} selected`,
  personalizationFailed: 'Personalization failed',
  generating: (done: number, total: number) =>
    `Generating ${done} of ${total}… ${total === 0 ? 0 : Math.round((done / total) * 100)}%`,
} as const;

export const priceListLabel = (p: Pick<TPriceList, 'name' | 'seasonLabel'>) =>
  p.seasonLabel ? `${p.name} (${p.seasonLabel})` : p.name;

export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-5 grid grid-cols-4 gap-2" aria-label="Steps">
      {BLAST_UI.steps.map((title, i) => (
        <li
          key={title}
          aria-current={i === step ? 'step' : undefined}
          className="flex min-w-0 flex-col items-center gap-1 text-center sm:flex-row sm:text-left"
        >
          <span
            className={
              i < step
                ? 'flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white'
                : i === step
                  ? 'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 border-brand-600 text-xs font-semibold text-brand-700'
                  : 'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border border-slate-300 text-xs text-slate-500'
            }
          >
            {i < step ? <Check className="h-4 w-4" aria-hidden /> : i + 1}
          </span>
          <span className={i === step ? 'text-xs font-medium text-slate-900' : 'text-xs text-slate-500'}>{title}</span>
        </li>
      ))}
    </ol>
  );
}

// ---------------------------------------------------------------------------------------------
// 1 Recipients
// ---------------------------------------------------------------------------------------------

interface TRecipientsProps {
  /** The rows loaded for the current search, in order. */
  rows: readonly TBlastProspect[];
  /** Prospects matching the search (the first page's count); `capped`: more than `count`. */
  total: { count: number; capped: boolean } | null;
  /** Nothing to show yet (the first page is loading). */
  loading: boolean;
  /** The rows shown are the previous search's while the new one loads. */
  stale: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  search: string;
  onSearch: (search: string) => void;
  /** The rows are for a search (not every prospect). */
  searching: boolean;
  selected: readonly TBlastProspect[];
  onChange: (selected: TBlastProspect[]) => void;
}

export function RecipientsStep(props: TRecipientsProps) {
  const { rows, total, selected, onChange } = props;
  const hint = (
    <p className="text-sm text-slate-600">
      {BLAST_MESSAGES.importHint}{' '}
      <Link to="/dashboard/companies" className="font-medium text-brand-700 underline underline-offset-2">
        Go to Companies
      </Link>
    </p>
  );
  if (props.loading) return <Loading />;
  if (props.error) return <Alert>{props.error}</Alert>;
  if (rows.length === 0 && !props.searching)
    return (
      <div className="space-y-3">
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {BLAST_MESSAGES.noProspects}
        </p>
        {hint}
      </div>
    );
  const chosen = new Set(selected.map((p) => p.id));
  const full = selected.length >= RECIPIENTS_MAX;
  const state = shownState(selected, rows);
  return (
    <div className="space-y-3">
      {hint}
      <SearchInput value={props.search} onChange={props.onSearch} label={BLAST_UI.searchLabel} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="text-slate-600" aria-live="polite">
          {total ? BLAST_UI.showing(rows.length, total.count, total.capped) : null}
        </p>
        {selected.length > 0 ? (
          <p className="flex items-center gap-2 text-slate-700">
            <span>{BLAST_UI.selected(selected.length)}</span>
            <Button variant="link" size="sm" className="h-auto" onClick={() => onChange([])}>
              Clear selection
            </Button>
          </p>
        ) : null}
      </div>
      {full ? <Alert tone="warning">{BLAST_MESSAGES.tooManyRecipients}</Alert> : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {BLAST_MESSAGES.noMatchingProspects}
        </p>
      ) : (
        <div className={props.stale ? 'opacity-70 transition-opacity' : undefined}>
          <Table aria-label="Prospects">
            <TableHead>
              <TableRow>
                <TableHeaderCell className="w-10">
                  <Checkbox
                    aria-label="Select all"
                    checked={state === 'all'}
                    disabled={full && state !== 'all'}
                    onCheckedChange={(on) =>
                      onChange(on ? selectShown(selected, rows).selected : clearShown(selected, rows))
                    }
                  />
                </TableHeaderCell>
                <TableHeaderCell>Contact</TableHeaderCell>
                <TableHeaderCell className="hidden sm:table-cell">Company</TableHeaderCell>
                <TableHeaderCell className="hidden sm:table-cell">Email</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Select ${p.contactName}`}
                      checked={chosen.has(p.id)}
                      disabled={full && !chosen.has(p.id)}
                      onCheckedChange={(on) => onChange(toggleOne(selected, p, on))}
                    />
                  </TableCell>
                  <TableCell>
                    <span className="font-medium text-slate-900">{p.contactName}</span>
                    {/* On a phone the three columns are one: company and e-mail under the name. */}
                    <span className="block text-slate-600 sm:hidden">{p.companyName}</span>
                    <span className="block break-all text-xs text-slate-500 sm:hidden">{p.email}</span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{p.companyName}</TableCell>
                  <TableCell className="hidden break-all sm:table-cell">{p.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {props.hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={props.onLoadMore} disabled={props.loadingMore}>
            {props.loadingMore ? 'Loading...' : 'Load More Prospects'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// 2 Price List
// ---------------------------------------------------------------------------------------------

interface TPriceListProps {
  priceLists: readonly TPriceList[] | undefined;
  loading: boolean;
  error: string | null;
  value: string | null;
  onChange: (id: string) => void;
}

export function PriceListStep({ priceLists, loading, error, value, onChange }: TPriceListProps) {
  const labelId = useId();
  if (loading) return <Loading />;
  if (error) return <Alert>{error}</Alert>;
  const lists = priceLists ?? [];
  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-700">
        Price List
      </span>
      <S.Root value={value ?? ''} onValueChange={onChange}>
        <S.Trigger
          aria-labelledby={labelId}
          className="flex h-10 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 data-[placeholder]:text-slate-500"
        >
          <S.Value placeholder="Choose a price list" />
          <S.Icon>
            <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
          </S.Icon>
        </S.Trigger>
        <S.Portal>
          <S.Content
            position="popper"
            sideOffset={4}
            className="z-[60] max-h-72 w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
          >
            <S.Viewport className="p-1">
              {lists.map((p) => (
                <S.Item
                  key={p.id}
                  value={p.id}
                  className="relative flex cursor-pointer select-none items-center rounded px-8 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50"
                >
                  <S.ItemIndicator className="absolute left-2">
                    <Check className="h-4 w-4 text-brand-700" aria-hidden />
                  </S.ItemIndicator>
                  <S.ItemText>{priceListLabel(p)}</S.ItemText>
                </S.Item>
              ))}
            </S.Viewport>
          </S.Content>
        </S.Portal>
      </S.Root>
      {lists.length === 0 ? (
        <p className="text-sm text-slate-600">
          No price lists yet.{' '}
          <Link to="/dashboard/price-lists" className="font-medium text-brand-700 underline underline-offset-2">
            Create one
          </Link>
        </p>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// 3 Preview & Personalize
// ---------------------------------------------------------------------------------------------

interface TPreviewProps {
  recipients: readonly TBlastProspect[];
  subjectSeed: string;
  bodySeed: string;
  onSeeds: (seeds: { subjectSeed?: string; bodySeed?: string }) => void;
  samples: ReadonlyMap<string, TBlastSample>;
  onSample: (prospectId: string, patch: Partial<Pick<TBlastSample, 'subject' | 'html'>>) => void;
  progress: { done: number; total: number } | null;
  seedsError: boolean;
  onGenerate: () => void;
}

export function PreviewStep(props: TPreviewProps) {
  const { recipients, subjectSeed, bodySeed, samples, progress } = props;
  const running = progress !== null;
  const seedsEmpty = subjectSeed.trim() === '' || bodySeed.trim() === '';
  const shown = recipients.filter((r) => samples.has(r.id));
  return (
    <div className="space-y-4">
      <Field label="Subject Seed">
        {(a) => (
          <Input
            {...a}
            value={subjectSeed}
            maxLength={200}
            onChange={(e) => props.onSeeds({ subjectSeed: e.target.value })}
          />
        )}
      </Field>
      <Field label="Body Seed">
        {(a) => (
          <Textarea
            {...a}
            rows={5}
            value={bodySeed}
            maxLength={2000}
            onChange={(e) => props.onSeeds({ bodySeed: e.target.value })}
          />
        )}
      </Field>
      {seedsEmpty || props.seedsError ? (
        <p role="alert" className="text-sm text-red-600">
          {BLAST_MESSAGES.seedsRequired}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={props.onGenerate} disabled={running || seedsEmpty}>
          Generate Previews
        </Button>
        {running ? (
          <div className="min-w-48 flex-1 space-y-1">
            <Progress
              value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100}
              aria-label="Preview progress"
            />
            <p className="text-xs text-slate-600" aria-live="polite">
              {BLAST_UI.generating(progress.done, progress.total)}
            </p>
          </div>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <A.Root type="multiple" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {shown.map((r) => {
            const sample = samples.get(r.id);
            if (!sample) return null;
            return (
              <A.Item key={r.id} value={r.id}>
                <A.Header>
                  <A.Trigger className="group flex w-full items-center gap-2 px-3 py-3 text-left text-sm hover:bg-slate-50">
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">
                        {r.contactName} — {r.companyName}
                      </span>
                      <span className="block truncate text-xs text-slate-500">{sample.subject}</span>
                    </span>
                    {sample.failed ? <Badge tone="danger">{BLAST_UI.personalizationFailed}</Badge> : null}
                    <ChevronDown
                      className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden
                    />
                  </A.Trigger>
                </A.Header>
                <A.Content className="space-y-3 px-3 pb-4">
                  <Field label="Subject">
                    {(a) => (
                      <Input
                        {...a}
                        value={sample.subject}
                        maxLength={200}
                        onChange={(e) => props.onSample(r.id, { subject: e.target.value })}
                      />
                    )}
                  </Field>
                  <RichTextEditor
                    value={sample.html}
                    contact={r.contactName}
                    onChange={(html) => props.onSample(r.id, { html })}
                  />
                </A.Content>
              </A.Item>
            );
          })}
        </A.Root>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// 4 Schedule & Confirm
// ---------------------------------------------------------------------------------------------

interface TConfirmProps {
  recipients: readonly TBlastProspect[];
  priceList: TPriceList | undefined;
  ccRole: TCcRole;
  onCcRole: (role: TCcRole) => void;
  attachPdf: boolean;
  onAttachPdf: (on: boolean) => void;
}

export function ConfirmStep({ recipients, priceList, ccRole, onCcRole, attachPdf, onAttachPdf }: TConfirmProps) {
  const name = useId();
  return (
    <div className="space-y-5">
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Recipients ({recipients.length})</h3>
        <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          {recipients.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-2 px-3 py-2">
              <span className="font-medium text-slate-900">{r.contactName}</span>
              <span className="text-slate-600">{r.companyName}</span>
              <span className="break-all text-slate-500">{r.email}</span>
            </li>
          ))}
        </ul>
      </section>
      <dl className="text-sm">
        <dt className="font-semibold text-slate-900">Price list</dt>
        <dd className="text-slate-700">{priceList ? priceListLabel(priceList) : '—'}</dd>
      </dl>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">CC</legend>
        <div className="flex flex-wrap gap-4">
          {CC_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={name}
                value={role}
                checked={ccRole === role}
                onChange={() => onCcRole(role)}
                className="h-4 w-4 accent-brand-600"
              />
              {CC_ROLE_LABELS[role]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <Checkbox id={`${name}-attach`} checked={attachPdf} onCheckedChange={onAttachPdf} />
        <label htmlFor={`${name}-attach`} className="text-sm text-slate-800">
          Attach PDF price sheet
        </label>
      </div>
    </div>
  );
}
