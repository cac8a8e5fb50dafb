import { zodResolver } from '@hookform/resolvers/zod';
import { formatUsPhone } from '@pennant/shared/companies/rules';
import {
  COMPANY_STATUSES,
  companyStatusLabel,
  hasPrimaryContact,
  PHONE_MAX_LENGTH,
  type TCompanyCreate,
  type TCompanyCreateInput,
  ZCompanyCreate,
} from '@pennant/shared/companies/schemas';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useCreateCompany } from './companies-api';
import { usePlanLimit } from './usePlanLimit';

const FORM_PATHS: Path<TCompanyCreateInput>[] = [
  'name',
  'status',
  'website',
  'industry',
  'notes',
  'primaryContact.name',
  'primaryContact.title',
  'primaryContact.email',
  'primaryContact.phone',
];

export function NewCompanyPage() {
  useEffect(() => {
    document.title = 'Add Company — Pennant';
  }, []);
  const session = useSession();
  const canCreate = session.permissions.companies.canCreate;
  const navigate = useNavigate();
  const planLimit = usePlanLimit();
  const form = useForm<TCompanyCreateInput, unknown, TCompanyCreate>({
    resolver: zodResolver(ZCompanyCreate),
    defaultValues: {
      name: '',
      status: 'prospect',
      website: '',
      industry: '',
      notes: '',
      primaryContact: { name: '', title: '', email: '', phone: '' },
    },
  });
  const { errors } = form.formState;
  const contact = form.watch('primaryContact');
  const partialContact = Boolean(contact?.name?.trim() || contact?.email?.trim()) && !hasPrimaryContact(contact);

  const create = useCreateCompany({
    onSuccess: (company, values) => {
      if (hasPrimaryContact(values.primaryContact) && !company.primaryContact) {
        toast.warning('Company created but failed to add initial contact');
      } else {
        toast.success('Company created successfully', { description: company.name });
      }
      navigate(`/dashboard/companies/${company.id}`);
    },
    onError: (err) => {
      if (planLimit.handle(err)) return;
      applyFieldErrors(form, err, FORM_PATHS);
      toast.error('Failed to create company', { description: errorMessage(err, 'Please try again.') });
    },
  });

  const phone = form.register('primaryContact.phone');
  const disabled = !canCreate || create.isPending;

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div className="space-y-2">
        <Link
          to="/dashboard/companies"
          className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Companies
        </Link>
        <h1 className="text-2xl font-semibold text-slate-900">Add Company</h1>
        {!canCreate ? <Alert tone="warning">You do not have permission to add companies.</Alert> : null}
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          create.mutate({
            ...values,
            primaryContact: hasPrimaryContact(values.primaryContact) ? values.primaryContact : undefined,
          }),
        )}
        className="space-y-5"
      >
        <Card>
          <CardHeader>
            <CardTitle>Company</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Company Name" error={errors.name?.message} className="sm:col-span-2">
              {(p) => <Input {...p} autoComplete="organization" disabled={disabled} {...form.register('name')} />}
            </Field>
            <Field label="Relationship Status" error={errors.status?.message}>
              {(p) => (
                <Select {...p} disabled={disabled} {...form.register('status')}>
                  {COMPANY_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {companyStatusLabel(s)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Industry" error={errors.industry?.message}>
              {(p) => <Input {...p} placeholder="e.g. Restaurant" disabled={disabled} {...form.register('industry')} />}
            </Field>
            <Field label="Website" error={errors.website?.message} className="sm:col-span-2">
              {(p) => (
                <Input
                  {...p}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com"
                  disabled={disabled}
                  {...form.register('website')}
                />
              )}
            </Field>
            <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
              {(p) => <Textarea {...p} rows={3} disabled={disabled} {...form.register('notes')} />}
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Primary Contact (optional)</CardTitle>
            <p className="text-sm text-slate-600">The contact is added only when both a name and an email are given.</p>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Contact Name" error={errors.primaryContact?.name?.message}>
              {(p) => (
                <Input {...p} autoComplete="name" disabled={disabled} {...form.register('primaryContact.name')} />
              )}
            </Field>
            <Field label="Title" error={errors.primaryContact?.title?.message}>
              {(p) => (
                <Input
                  {...p}
                  placeholder="e.g. Marketing Manager"
                  disabled={disabled}
                  {...form.register('primaryContact.title')}
                />
              )}
            </Field>
            <Field label="Email" error={errors.primaryContact?.email?.message}>
              {(p) => (
                <Input
                  {...p}
                  type="email"
                  autoComplete="email"
                  disabled={disabled}
                  {...form.register('primaryContact.email')}
                />
              )}
            </Field>
            <Field label="Phone" error={errors.primaryContact?.phone?.message}>
              {(p) => (
                <Input
                  {...p}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="(555) 123-4567"
                  maxLength={PHONE_MAX_LENGTH}
                  disabled={disabled}
                  {...phone}
                  onChange={(e) => {
                    e.target.value = formatUsPhone(e.target.value);
                    void phone.onChange(e);
                  }}
                />
              )}
            </Field>
            {partialContact ? (
              <p role="status" className="text-sm text-amber-800 sm:col-span-2">
                Add both a name and an email, or the contact will not be created.
              </p>
            ) : null}
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to="/dashboard/companies" variant="outline">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={disabled}>
            {create.isPending ? 'Creating...' : 'Create Company'}
          </Button>
        </div>
      </form>
      {planLimit.dialog}
    </div>
  );
}
