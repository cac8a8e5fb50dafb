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
import type { TBlastSample } from './blast-previews';
import { RichTextEditor } from './RichTextEditor';

/** The dialog's own words where the spec quotes none (decisions in the report). */
export const BLAST_UI = {
  steps: ['Recipients', 'Price List', 'Preview & Personalize', 'Schedule & Confirm'] as const,
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
  prospects: readonly TBlastProspect[] | undefined;
  loading: boolean;
  error: string | null;
  selected: ReadonlySet<string>;
  onChange: (ids: string[]) => void;
}

export function RecipientsStep({ prospects, loading, error, selected, onChange }: TRecipientsProps) {
  const hint = (
    <p className="text-sm text-slate-600">
      {BLAST_MESSAGES.importHint}{' '}
      <Link to="/dashboard/companies" className="font-medium text-brand-700 underline underline-offset-2">
        Go to Companies
      </Link>
    </p>
  );
  if (loading) return <Loading />;
  if (error) return <Alert>{error}</Alert>;
  const list = prospects ?? [];
  if (list.length === 0)
    return (
      <div className="space-y-3">
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {BLAST_MESSAGES.noProspects}
        </p>
        {hint}
      </div>
    );
  const all = list.every((p) => selected.has(p.id));
  return (
    <div className="space-y-3">
      {hint}
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell className="w-10">
              <Checkbox
                aria-label="Select all"
                checked={all}
                onCheckedChange={(on) => onChange(on ? list.map((p) => p.id) : [])}
              />
            </TableHeaderCell>
            <TableHeaderCell>Contact</TableHeaderCell>
            <TableHeaderCell>Company</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <Checkbox
                  aria-label={`Select ${p.contactName}`}
                  checked={selected.has(p.id)}
                  onCheckedChange={(on) =>
                    onChange(list.filter((x) => (x.id === p.id ? on : selected.has(x.id))).map((x) => x.id))
                  }
                />
              </TableCell>
              <TableCell className="font-medium text-slate-900">{p.contactName}</TableCell>
              <TableCell>{p.companyName}</TableCell>
              <TableCell className="break-all">{p.email}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
