import { zodResolver } from '@hookform/resolvers/zod';
import { formatUsPhone } from '@pennant/shared/companies/rules';
import {
  PHONE_MAX_LENGTH,
  type TCompanyContact,
  type TContact,
  type TContactInput,
  ZContact,
} from '@pennant/shared/companies/schemas';
import { Mail, Pencil, Phone, Star, UserCheck, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field, Input } from '@/components/ui/Field';
import { Loading } from '@/components/ui/Spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { applyFieldErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { useAddContact, useCompanyContacts, useSetPrimaryContact, useUpdateContact } from '../companies-api';

interface TContactFormProps {
  title: string;
  initial?: TCompanyContact;
  busy: boolean;
  showPrimary?: boolean;
  /** Rejects with the server's refusal; its per-field messages show on the fields. */
  onSave: (values: TContact) => Promise<unknown>;
  onCancel: () => void;
}

const FORM_FIELDS = ['name', 'email', 'phone', 'title'] as const;

/**
 * Add or edit a contact: save stays disabled until a name and an email are given. A refusal with
 * field messages (an e-mail the company's contacts already have) shows them on those fields.
 */
function ContactForm({ title, initial, busy, showPrimary, onSave, onCancel }: TContactFormProps) {
  const form = useForm<TContactInput, unknown, TContact>({
    resolver: zodResolver(ZContact),
    defaultValues: {
      name: initial?.name ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
      title: initial?.title ?? '',
      isPrimary: false,
    },
  });
  const { errors } = form.formState;
  const name = form.watch('name');
  const email = form.watch('email');
  const isPrimary = form.watch('isPrimary');
  const ready = Boolean(name?.trim() && email?.trim());
  const phone = form.register('phone');
  const save = async (values: TContact) => {
    try {
      await onSave(values);
    } catch (err) {
      applyFieldErrors(form, err, FORM_FIELDS, { shouldFocus: true });
    }
  };

  return (
    <Card className="border-brand-100 p-4">
      <form noValidate onSubmit={form.handleSubmit(save)} aria-label={title} className="space-y-4">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message}>
            {(p) => <Input {...p} autoComplete="name" autoFocus {...form.register('name')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            {(p) => (
              <Input
                {...p}
                type="tel"
                inputMode="tel"
                placeholder="(555) 123-4567"
                maxLength={PHONE_MAX_LENGTH}
                {...phone}
                onChange={(e) => {
                  e.target.value = formatUsPhone(e.target.value);
                  void phone.onChange(e);
                }}
              />
            )}
          </Field>
          <Field label="Title" error={errors.title?.message}>
            {(p) => <Input {...p} {...form.register('title')} />}
          </Field>
        </div>
        {showPrimary ? (
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Checkbox
              id="contact-primary"
              checked={isPrimary === true}
              onCheckedChange={(v) => form.setValue('isPrimary', v)}
            />
            <label htmlFor="contact-primary">Make this the primary contact</label>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {!ready ? <p className="mr-auto text-xs text-slate-500">A name and an email are required.</p> : null}
          {/* The two buttons wrap together, never one above the other. */}
          <div className="flex gap-2">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || busy}>
              {busy ? 'Saving...' : 'Save Contact'}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

export function ContactsTab({ companyId }: { companyId: string }) {
  const session = useSession();
  const rights = session.permissions.companies;
  const contacts = useCompanyContacts(companyId);
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const fail = (title: string) => (err: unknown) =>
    toast.error(title, { description: errorMessage(err, 'Please try again.') });
  /** A refusal about a field shows on the form's field instead of in a toast. */
  const failUnlessField = (title: string) => (err: unknown) => {
    if (!(err instanceof ApiError && err.fields)) fail(title)(err);
  };

  const add = useAddContact(companyId, {
    onSuccess: () => {
      toast.success('Contact added');
      setEditing(null);
    },
    onError: failUnlessField('Failed to add contact'),
  });
  const update = useUpdateContact(companyId, {
    onSuccess: () => {
      toast.success('Contact updated');
      setEditing(null);
    },
    onError: failUnlessField('Failed to update contact'),
  });
  const setActive = useUpdateContact(companyId, {
    onSuccess: (_r, { change }) => toast.success(change.isActive ? 'Contact reactivated' : 'Contact deactivated'),
    onError: fail('Failed to update contact'),
  });
  const primary = useSetPrimaryContact(companyId, {
    onSuccess: () => toast.success('Primary contact updated'),
    onError: fail('Failed to set primary contact'),
  });
  const busy = setActive.isPending || primary.isPending;

  if (contacts.isPending) {
    return <Loading className="py-8">Loading contacts...</Loading>;
  }
  if (contacts.isError) {
    return (
      <p role="alert" className="py-8 text-center text-sm text-red-700">
        Contacts could not be loaded. {errorMessage(contacts.error, '')}
      </p>
    );
  }
  const list = contacts.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">The primary contact receives quotes, agreements and invoices.</p>
        <Button onClick={() => setEditing('new')} disabled={!rights.canCreate || editing !== null}>
          <UserPlus className="h-4 w-4" aria-hidden /> Add Contact
        </Button>
      </div>
      {editing === 'new' ? (
        <ContactForm
          title="New Contact"
          busy={add.isPending}
          showPrimary={list.some((x) => x.isActive && x.isPrimary)}
          onSave={(values) => add.mutateAsync(values)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {list.length === 0 && editing !== 'new' ? (
        <Card>
          <EmptyState icon={Users} title="No contacts yet">
            Add the person you talk to at this company.
          </EmptyState>
        </Card>
      ) : (
        <ul aria-label="Contacts" className="space-y-3">
          {list.map((ct) =>
            editing === ct.id ? (
              <li key={ct.id}>
                <ContactForm
                  title={`Edit ${ct.name}`}
                  initial={ct}
                  busy={update.isPending}
                  onSave={(values) =>
                    update.mutateAsync({
                      contactId: ct.id,
                      change: {
                        name: values.name,
                        email: values.email,
                        phone: values.phone ?? null,
                        title: values.title ?? null,
                      },
                    })
                  }
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={ct.id}>
                <Card
                  className={cn('flex flex-col gap-3 p-4 sm:flex-row sm:items-start', !ct.isActive && 'bg-slate-50')}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className={cn('font-medium', ct.isActive ? 'text-slate-900' : 'text-slate-500')}>{ct.name}</p>
                      {ct.isPrimary && ct.isActive ? <Badge tone="brand">Primary</Badge> : null}
                      {!ct.isActive ? <Badge tone="neutral">Inactive</Badge> : null}
                    </div>
                    {ct.title ? <p className="text-sm text-slate-600">{ct.title}</p> : null}
                    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {ct.email ? (
                        <a
                          href={`mailto:${ct.email}`}
                          className="inline-flex min-w-0 items-center gap-1.5 text-brand-700 hover:underline"
                        >
                          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
                          <span className="truncate">{ct.email}</span>
                        </a>
                      ) : null}
                      {ct.phone ? (
                        <a
                          href={`tel:${ct.phone}`}
                          className="inline-flex items-center gap-1.5 text-slate-700 hover:underline"
                        >
                          <Phone className="h-3.5 w-3.5" aria-hidden /> {ct.phone}
                        </a>
                      ) : null}
                    </div>
                  </div>
                  {/* Slightly tighter buttons on a phone, so Set Primary, Edit and Deactivate share one line. */}
                  <div className="flex flex-wrap gap-1.5 max-sm:*:gap-1.5 max-sm:*:px-2.5 sm:gap-2">
                    {ct.isActive ? (
                      <>
                        {!ct.isPrimary ? (
                          <Button
                            variant="outline"
                            size="sm"
                            onClick={() => primary.mutate(ct.id)}
                            disabled={!rights.canEdit || busy}
                            aria-label={`Set Primary for ${ct.name}`}
                          >
                            <Star className="h-4 w-4" aria-hidden /> Set Primary
                          </Button>
                        ) : null}
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setEditing(ct.id)}
                          disabled={!rights.canEdit || editing !== null}
                          aria-label={`Edit ${ct.name}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden /> Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setActive.mutate({ contactId: ct.id, change: { isActive: false } })}
                          disabled={!rights.canEdit || busy}
                          aria-label={`Deactivate ${ct.name}`}
                        >
                          <UserMinus className="h-4 w-4" aria-hidden /> Deactivate
                        </Button>
                      </>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setActive.mutate({ contactId: ct.id, change: { isActive: true } })}
                        disabled={!rights.canEdit || busy}
                        aria-label={`Reactivate ${ct.name}`}
                      >
                        <UserCheck className="h-4 w-4" aria-hidden /> Reactivate
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
