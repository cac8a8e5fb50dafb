import { zodResolver } from '@hookform/resolvers/zod';
import { lastContactLabel } from '@pennant/shared/companies/rules';
import {
  COMPANY_STATUSES,
  companyStatusLabel,
  type TCompanyDetail,
  type TCompanyUpdate,
  type TCompanyUpdateInput,
  ZCompanyUpdate,
} from '@pennant/shared/companies/schemas';
import { FilePlus2, FileSignature, FileText, Mail, Pencil, Phone, Receipt, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { QuoteComposeDialog } from '../../quotes/QuoteComposeDialog';
import { useUpdateCompany } from '../companies-api';
import { CompanyStatusBadge } from '../StatusBadge';
import { usePlanLimit } from '../usePlanLimit';
import { websiteHref, websiteText } from '../website';

const EDIT_PATHS: Path<TCompanyUpdateInput>[] = [
  'name',
  'status',
  'website',
  'industry',
  'address',
  'city',
  'state',
  'notes',
];

function toFormValues(c: TCompanyDetail): TCompanyUpdateInput {
  return {
    name: c.name,
    status: c.status,
    website: c.website ?? '',
    industry: c.industry ?? '',
    address: c.address ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    notes: c.notes ?? '',
  };
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-500">Not set</span>;

interface TDetailsTabProps {
  company: TCompanyDetail;
  onShowContacts: () => void;
}

export function DetailsTab({ company: c, onShowContacts }: TDetailsTabProps) {
  const session = useSession();
  const rights = session.permissions.companies;
  const planLimit = usePlanLimit();
  const [editing, setEditing] = useState(false);
  const [composing, setComposing] = useState(false);
  const form = useForm<TCompanyUpdateInput, unknown, TCompanyUpdate>({
    resolver: zodResolver(ZCompanyUpdate),
    defaultValues: toFormValues(c),
  });
  const { errors } = form.formState;

  const save = useUpdateCompany(c.id, {
    onSuccess: () => {
      toast.success('Company updated');
      setEditing(false);
    },
    onError: (err) => {
      if (planLimit.handle(err)) return;
      applyFieldErrors(form, err, EDIT_PATHS);
      toast.error('Failed to update company', { description: errorMessage(err, 'Please try again.') });
    },
  });

  const startEdit = () => {
    form.reset(toFormValues(c));
    setEditing(true);
  };

  const address = [c.address, [c.city, c.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
  const pc = c.primaryContact;

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Card className="h-fit lg:col-span-2">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Company Information</CardTitle>
          {editing ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={startEdit} disabled={!rights.canEdit}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit Company
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {editing ? (
            <form
              noValidate
              onSubmit={form.handleSubmit((values) => save.mutate(values))}
              className="grid gap-4 sm:grid-cols-2"
            >
              <Field label="Company Name" error={errors.name?.message} className="sm:col-span-2">
                {(p) => <Input {...p} {...form.register('name')} />}
              </Field>
              <Field label="Relationship Status" error={errors.status?.message}>
                {(p) => (
                  <Select {...p} {...form.register('status')}>
                    {COMPANY_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {companyStatusLabel(s)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Industry" error={errors.industry?.message}>
                {(p) => <Input {...p} {...form.register('industry')} />}
              </Field>
              <Field label="Website" error={errors.website?.message} className="sm:col-span-2">
                {(p) => <Input {...p} type="url" inputMode="url" {...form.register('website')} />}
              </Field>
              <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
                {(p) => <Input {...p} autoComplete="street-address" {...form.register('address')} />}
              </Field>
              <Field label="City" error={errors.city?.message}>
                {(p) => <Input {...p} {...form.register('city')} />}
              </Field>
              <Field label="State" error={errors.state?.message}>
                {(p) => <Input {...p} {...form.register('state')} />}
              </Field>
              <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
                {(p) => <Textarea {...p} rows={4} {...form.register('notes')} />}
              </Field>
              <div className="flex justify-end gap-2 sm:col-span-2">
                <Button variant="outline" onClick={() => setEditing(false)} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              </div>
            </form>
          ) : (
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="Status">
                <CompanyStatusBadge status={c.status} />
              </Detail>
              <Detail label="Industry">{c.industry ?? none}</Detail>
              <Detail label="Website">
                {c.website ? (
                  <a
                    href={websiteHref(c.website)}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-brand-700 hover:underline"
                  >
                    {websiteText(c.website)}
                  </a>
                ) : (
                  none
                )}
              </Detail>
              <Detail label="Address">{address || none}</Detail>
              <Detail label="Notes" wide>
                {c.notes ? <span className="whitespace-pre-wrap">{c.notes}</span> : none}
              </Detail>
            </dl>
          )}
        </CardContent>
      </Card>

      <div className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle>Primary Contact</CardTitle>
          </CardHeader>
          <CardContent>
            {pc ? (
              <div className="space-y-1.5 text-sm">
                <p className="font-medium text-slate-900">{pc.name}</p>
                {pc.title ? <p className="text-slate-600">{pc.title}</p> : null}
                {pc.email ? (
                  <a href={`mailto:${pc.email}`} className="flex items-center gap-2 text-brand-700 hover:underline">
                    <Mail className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="truncate">{pc.email}</span>
                  </a>
                ) : null}
                {pc.phone ? (
                  <a href={`tel:${pc.phone}`} className="flex items-center gap-2 text-slate-700 hover:underline">
                    <Phone className="h-4 w-4 shrink-0" aria-hidden /> {pc.phone}
                  </a>
                ) : null}
              </div>
            ) : (
              <div className="space-y-3 text-sm text-slate-600">
                <p>No primary contact yet.</p>
                <Button variant="outline" size="sm" onClick={onShowContacts}>
                  <UserPlus className="h-4 w-4" aria-hidden /> Go to Contacts
                </Button>
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {/* The company page's Create Quote is the Compose / Preview dialog (spec §2); the wizard is
                the Quotes page's. */}
            {session.permissions.quotes.canCreate ? (
              <Button variant="outline" className="w-full justify-start" onClick={() => setComposing(true)}>
                <FilePlus2 className="h-4 w-4" aria-hidden /> Create Quote
              </Button>
            ) : null}
            <ButtonLink to={`/dashboard/quotes?company=${c.id}`} variant="outline" className="w-full justify-start">
              <FileText className="h-4 w-4" aria-hidden /> View Quotes
            </ButtonLink>
            <ButtonLink to={`/dashboard/agreements?company=${c.id}`} variant="outline" className="w-full justify-start">
              <FileSignature className="h-4 w-4" aria-hidden /> View Agreements
            </ButtonLink>
            <ButtonLink to={`/dashboard/invoices?company=${c.id}`} variant="outline" className="w-full justify-start">
              <Receipt className="h-4 w-4" aria-hidden /> View Invoices
            </ButtonLink>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Stats</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Contacts</dt>
                <dd className="text-lg font-semibold tabular-nums text-slate-900">{c.contactCount}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Last Contact</dt>
                <dd className="font-medium text-slate-900">{lastContactLabel(c.lastContactedAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Member Since</dt>
                <dd className="font-medium text-slate-900">{formatDate(c.createdAt, session.timezone)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Status Updated</dt>
                <dd className="font-medium text-slate-900">
                  {c.statusUpdatedAt ? formatDate(c.statusUpdatedAt, session.timezone) : 'Never'}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      {planLimit.dialog}
      <QuoteComposeDialog
        open={composing}
        onOpenChange={setComposing}
        company={{ id: c.id, name: c.name, status: c.status }}
      />
    </div>
  );
}
