import { zodResolver } from '@hookform/resolvers/zod';
import { EIN_MAX_LENGTH, formatEin } from '@pennant/shared/organization/ein';
import {
  OWNER_ONLY_SETTINGS_MESSAGE,
  type TOrganizationSettings,
  type TOrganizationSettingsInput,
  type TOrganizationSettingsReply,
  ZOrganizationSettings,
} from '@pennant/shared/organization/schemas';
import { MONTH_NAMES } from '@pennant/shared/organization/season';
import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { PageLoading } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form';
import { useOrganizationSettings, useSaveOrganizationSettings } from './settings-api';

type TForm = TOrganizationSettingsInput;

function toForm(s: TOrganizationSettingsReply): TForm {
  return {
    name: s.name,
    seasonLabel: s.seasonLabel,
    fiscalStartMonth: String(s.fiscalStartMonth),
    emailAlias: s.emailAlias ?? '',
    sponsorshipLeadEmail: s.sponsorshipLeadEmail ?? '',
    treasurerEmail: s.treasurerEmail ?? '',
    remitToAddress: s.remitToAddress ?? '',
    ein: s.ein ?? '',
    businessStreet: s.businessStreet ?? '',
    businessCity: s.businessCity ?? '',
    businessState: s.businessState ?? '',
    businessZip: s.businessZip ?? '',
    defaultPaymentMethod: s.defaultPaymentMethod,
  };
}

const LEGAL_FIELDS = ['ein', 'businessStreet', 'businessCity', 'businessState', 'businessZip'] as const;
/** The fields this form shows, for the server's per-field messages. */
const FORM_FIELDS = Object.keys(ZOrganizationSettings.shape).filter(
  (k): k is FieldPath<TForm> => k in ZOrganizationSettings.shape,
);

/** Settings → Organization: every field of spec §5; only the owner may save. */
export function OrganizationTab() {
  const settings = useOrganizationSettings();

  if (settings.isPending) return <PageLoading label="Loading organization settings..." />;
  if (settings.isError) {
    const err = settings.error;
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
      return (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {INVITE_MESSAGES.teamRightRequired}
        </p>
      );
    }
    return (
      <Alert
        className="p-4"
        action={
          <Button variant="link" size="sm" className="h-auto" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        }
      >
        Failed to load organization settings.
      </Alert>
    );
  }
  return <OrganizationForm settings={settings.data} />;
}

function OrganizationForm({ settings }: { settings: TOrganizationSettingsReply }) {
  const save = useSaveOrganizationSettings();
  const canEdit = settings.canEdit;
  const form = useForm<TForm, unknown, TOrganizationSettings>({
    resolver: zodResolver(ZOrganizationSettings),
    defaultValues: toForm(settings),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const legalValues = useWatch({ control: form.control, name: [...LEGAL_FIELDS] });
  const legalFilled = legalValues.some((v) => typeof v === 'string' && v.trim() !== '');
  const legalError = (name: (typeof LEGAL_FIELDS)[number]) => (legalFilled ? errors[name]?.message : undefined);

  useEffect(() => {
    document.title = 'Settings — Pennant';
  }, []);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(toForm(saved));
      toast.success('Organization settings updated');
    } catch (err) {
      applyFieldErrors(form, err, FORM_FIELDS);
      toast.error('Failed to save', { description: err instanceof ApiError ? err.message : 'Please try again' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {!canEdit ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {OWNER_ONLY_SETTINGS_MESSAGE}
        </p>
      ) : null}
      <fieldset disabled={!canEdit || isSubmitting} className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Organization</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Organization Name" error={errors.name?.message} className="sm:col-span-2">
              {(p) => <Input {...p} maxLength={60} {...form.register('name')} />}
            </Field>
            <Field label="Season Label" error={errors.seasonLabel?.message} hint="For example 2025-26.">
              {(p) => <Input {...p} maxLength={15} {...form.register('seasonLabel')} />}
            </Field>
            <Field label="Fiscal Year Start Month" error={errors.fiscalStartMonth?.message}>
              {(p) => (
                <Select {...p} {...form.register('fiscalStartMonth')}>
                  {MONTH_NAMES.map((m, i) => (
                    <option key={m} value={String(i + 1)}>
                      {m}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contacts & E-mail</CardTitle>
            <p className="text-sm text-slate-600">Who sponsors and families hear from, and where replies go.</p>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Email Alias"
              error={errors.emailAlias?.message}
              className="sm:col-span-2"
              hint={
                <span className="inline-flex flex-wrap items-center gap-2">
                  Replies to your outgoing e-mail go here. Changing it resets its verification.
                  {settings.emailAlias ? (
                    <Badge tone={settings.emailVerified ? 'success' : 'warning'}>
                      {settings.emailVerified ? 'Verified' : 'Not verified'}
                    </Badge>
                  ) : null}
                </span>
              }
            >
              {(p) => <Input {...p} type="email" {...form.register('emailAlias')} />}
            </Field>
            <Field label="Sponsorship Lead Email" error={errors.sponsorshipLeadEmail?.message}>
              {(p) => <Input {...p} type="email" maxLength={100} {...form.register('sponsorshipLeadEmail')} />}
            </Field>
            <Field label="Treasurer Email" error={errors.treasurerEmail?.message}>
              {(p) => <Input {...p} type="email" maxLength={100} {...form.register('treasurerEmail')} />}
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Invoicing & Legal</CardTitle>
            <p className="text-sm text-slate-600">Printed on invoices and agreements.</p>
          </CardHeader>
          <CardContent className="grid grid-cols-6 gap-4">
            <Field label="Remit To Address" error={errors.remitToAddress?.message} className="col-span-6">
              {(p) => <Textarea {...p} rows={3} maxLength={500} {...form.register('remitToAddress')} />}
            </Field>
            <Field label="EIN" error={legalError('ein')} hint="Format ##-#######" className="col-span-6 sm:col-span-3">
              {(p) => (
                <Controller
                  control={form.control}
                  name="ein"
                  render={({ field }) => (
                    <Input
                      {...p}
                      inputMode="numeric"
                      placeholder="12-3456789"
                      maxLength={EIN_MAX_LENGTH}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(formatEin(e.target.value))}
                    />
                  )}
                />
              )}
            </Field>
            <Field
              label="Default Payment Method"
              error={errors.defaultPaymentMethod?.message}
              className="col-span-6 sm:col-span-3"
            >
              {(p) => (
                <Select {...p} {...form.register('defaultPaymentMethod')}>
                  <option value="manual">Manual (check, cash, bank transfer)</option>
                  <option value="stripe">Stripe (online card payments)</option>
                </Select>
              )}
            </Field>
            <h3 className="col-span-6 -mb-2 pt-2 text-sm font-semibold text-slate-900">Business Address</h3>
            <Field label="Street" error={legalError('businessStreet')} className="col-span-6">
              {(p) => <Input {...p} autoComplete="street-address" {...form.register('businessStreet')} />}
            </Field>
            <Field label="City" error={legalError('businessCity')} className="col-span-6 sm:col-span-3">
              {(p) => <Input {...p} autoComplete="address-level2" {...form.register('businessCity')} />}
            </Field>
            <Field label="State" error={legalError('businessState')} className="col-span-2 sm:col-span-1">
              {(p) => <Input {...p} maxLength={2} autoComplete="address-level1" {...form.register('businessState')} />}
            </Field>
            <Field label="ZIP" error={legalError('businessZip')} className="col-span-4 sm:col-span-2">
              {(p) => <Input {...p} maxLength={10} autoComplete="postal-code" {...form.register('businessZip')} />}
            </Field>
          </CardContent>
        </Card>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset(toForm(settings))}>
            Discard Changes
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
