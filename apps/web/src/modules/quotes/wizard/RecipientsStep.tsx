import type { TCompanyContact } from '@pennant/shared/companies/schemas';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field, Input } from '@/components/ui/Field';
import { Loading } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';

interface TRecipientsProps {
  companyName: string;
  contacts: readonly TCompanyContact[] | undefined;
  loading: boolean;
  loadError: boolean;
  onRetry: () => void;
  selected: ReadonlySet<string>;
  onToggle: (contactId: string, checked: boolean) => void;
  sendCopy: boolean;
  onSendCopy: (on: boolean) => void;
  copyEmail: string;
  onCopyEmail: (email: string) => void;
  errors: { recipients?: string; copyEmail?: string };
  disabled?: boolean;
}

/** Step 3, Select Recipients: the company's active contacts (those without e-mail cannot be chosen) and a copy to me. */
export function RecipientsStep({
  companyName,
  contacts,
  loading,
  loadError,
  onRetry,
  selected,
  onToggle,
  sendCopy,
  onSendCopy,
  copyEmail,
  onCopyEmail,
  errors,
  disabled,
}: TRecipientsProps) {
  const ids = useId();
  const active = (contacts ?? []).filter((c) => c.isActive);
  return (
    <div className="space-y-5">
      <fieldset className="space-y-2" aria-describedby={errors.recipients ? `${ids}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Contacts at {companyName}</legend>
        {loading ? (
          <Loading className="p-6">Loading contacts...</Loading>
        ) : loadError ? (
          <Alert
            action={
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try Again
              </Button>
            }
          >
            Failed to load contacts
          </Alert>
        ) : active.length === 0 ? (
          <EmptyState icon={Users} title={`No contacts found for company ${companyName}`} className="p-6">
            Add a contact with an email address on the company’s Contacts tab first.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {active.map((c) => {
              const id = `${ids}-${c.id}`;
              const noEmail = !c.email;
              return (
                <li key={c.id} className={cn('flex items-start gap-3 px-3 py-2.5', noEmail && 'bg-slate-50')}>
                  <Checkbox
                    id={id}
                    checked={selected.has(c.id)}
                    onCheckedChange={(checked) => onToggle(c.id, checked)}
                    disabled={disabled || noEmail}
                    className="mt-0.5"
                  />
                  <label htmlFor={id} className={cn('min-w-0 flex-1', noEmail ? 'text-slate-500' : 'cursor-pointer')}>
                    <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      {c.name}
                      {c.isPrimary ? <Badge tone="brand">Primary</Badge> : null}
                    </span>
                    <span className="block break-words text-xs text-slate-500">
                      {[c.title, c.email].filter(Boolean).join(' · ') || null}
                    </span>
                    {noEmail ? (
                      <span className="block text-xs text-amber-800">No email address — cannot receive the quote</span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {errors.recipients ? (
          <p id={`${ids}-error`} role="alert" className="text-sm text-red-600">
            {errors.recipients}
          </p>
        ) : null}
      </fieldset>

      <div className="space-y-3 rounded-lg border border-slate-200 p-3">
        <div className="flex items-center gap-2">
          <Checkbox id={`${ids}-copy`} checked={sendCopy} onCheckedChange={onSendCopy} disabled={disabled} />
          <label htmlFor={`${ids}-copy`} className="cursor-pointer text-sm font-medium text-slate-700">
            Send me a copy
          </label>
        </div>
        {sendCopy ? (
          <Field label="Copy email" error={errors.copyEmail}>
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="email"
                value={copyEmail}
                maxLength={254}
                disabled={disabled}
                onChange={(e) => onCopyEmail(e.target.value)}
              />
            )}
          </Field>
        ) : null}
      </div>
    </div>
  );
}
