import { zodResolver } from '@hookform/resolvers/zod';
import { INVITE_ROLES, ROLE_DESCRIPTIONS, roleLabel, type TRole } from '@pennant/shared/team/roles';
import { INVITE_MESSAGES, type TInvite, type TInviteInput, ZInvite } from '@pennant/shared/team/schemas';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api';
import { useSendInvite } from './team-api';

interface TInviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the server's message when the plan's team limit refuses the invitation. */
  onPlanLimit: (message: string) => void;
}

const DEFAULTS: TInviteInput = { email: '', roles: ['treasurer'] };

export function InviteDialog({ open, onOpenChange, onPlanLimit }: TInviteDialogProps) {
  const send = useSendInvite();
  const idPrefix = useId();
  const form = useForm<TInviteInput, unknown, TInvite>({ resolver: zodResolver(ZInvite), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(DEFAULTS);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success('Invite sent!', { description: `An invitation was e-mailed to ${values.email}.` });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'plan_limit') {
        onOpenChange(false);
        onPlanLimit(err.message);
      } else if (err instanceof ApiError && err.status === 409 && err.message === INVITE_MESSAGES.duplicate) {
        toast.error('Invitation already exists', {
          description: 'That email already has a pending invite for this organization.',
        });
      } else {
        const description = err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : undefined;
        toast.error('Failed to send invite', { description: description ?? 'Please try again' });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite User"
      description="They will get an e-mail with a link to join. The link expires in 3 days."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Invite'}
          </Button>
        </>
      }
    >
      <form id="invite-form" onSubmit={submit} noValidate className="space-y-5">
        <Field label="Email" error={errors.email?.message}>
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="off"
              placeholder="teammate@example.com"
              {...form.register('email')}
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Roles</legend>
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => {
              const selected = new Set<TRole>(field.value ?? []);
              return (
                <ul className="space-y-2">
                  {INVITE_ROLES.map((role) => (
                    <li key={role}>
                      <label
                        htmlFor={`${idPrefix}-${role}`}
                        className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
                      >
                        <Checkbox
                          id={`${idPrefix}-${role}`}
                          className="mt-0.5"
                          aria-label={roleLabel(role)}
                          checked={selected.has(role)}
                          onCheckedChange={(on) => {
                            const next = new Set(selected);
                            if (on) next.add(role);
                            else next.delete(role);
                            field.onChange(INVITE_ROLES.filter((r) => next.has(r)));
                          }}
                        />
                        <span>
                          <span className="block text-sm font-medium text-slate-900">{roleLabel(role)}</span>
                          <span className="block text-xs text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              );
            }}
          />
          {errors.roles?.message ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.roles.message}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
