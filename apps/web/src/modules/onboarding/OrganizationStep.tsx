import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateOrganization, ZCreateOrganization } from '@pennant/shared/onboarding/schemas';
import { DEFAULT_SEASON_LABEL, MONTH_NAMES, SEASON_LABELS } from '@pennant/shared/organization/season';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input, Select } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { useCreateOrganization } from './onboarding-api';

interface TCreated {
  id: string;
  name: string;
  seasonLabel: string;
  fiscalStartMonth: number;
}

export function OrganizationStep({ onCreated }: { onCreated: (org: TCreated) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [showDetails, setShowDetails] = useState(false);
  const form = useForm<TCreateOrganization>({
    resolver: zodResolver(ZCreateOrganization),
    defaultValues: { name: '', seasonLabel: DEFAULT_SEASON_LABEL, fiscalStartMonth: 1 },
  });
  const { errors, isSubmitting } = form.formState;
  const create = useCreateOrganization();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { orgId } = await create.mutateAsync(values);
      if (!orgId) throw new Error('Failed to create organization: No ID returned');
      await onCreated({
        id: orgId,
        name: values.name.trim(),
        seasonLabel: values.seasonLabel ?? DEFAULT_SEASON_LABEL,
        fiscalStartMonth: Number(values.fiscalStartMonth),
      });
    } catch (err) {
      setFailure(errorMessage(err, 'Unknown error'));
      toast.error('Failed to setup organization', { description: errorMessage(err, 'Please try again') });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization Setup</CardTitle>
        <p className="text-sm text-slate-600">Tell us who you are and how your season runs.</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-5">
          <Field label="Organization Name" error={errors.name?.message}>
            {(p) => <Input {...p} placeholder="e.g. Riverside Eagles Booster Club" {...form.register('name')} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Season Label" error={errors.seasonLabel?.message}>
              {(p) => (
                <Select {...p} {...form.register('seasonLabel')}>
                  {SEASON_LABELS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Fiscal Year Starts In" error={errors.fiscalStartMonth?.message}>
              {(p) => (
                <Select {...p} {...form.register('fiscalStartMonth', { valueAsNumber: true })}>
                  {MONTH_NAMES.map((m, i) => (
                    <option key={m} value={i + 1}>
                      {m}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          {failure ? (
            <Alert className="p-3" title="Setup failed. Please try again.">
              <button type="button" className="mt-1 text-xs underline" onClick={() => setShowDetails((v) => !v)}>
                {showDetails ? 'Hide technical details' : 'Show technical details'}
              </button>
              {showDetails ? <pre className="mt-2 whitespace-pre-wrap text-xs">{failure}</pre> : null}
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Creating...' : 'Create Organization'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
