import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangeEmail, type TChangePassword, ZChangeEmail, ZChangePassword } from '@pennant/shared/auth/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Field, Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { PasswordInput } from '@/modules/auth/PasswordInput';
import { useChangePassword, useRequestEmailChange } from './settings-api';

const reason = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please try again';

/** Settings → Account: change the sign-in e-mail and the password. */
export function AccountTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChangeEmailCard />
      <ChangePasswordCard />
    </div>
  );
}

/**
 * Nothing changes when the form is sent: the new address gets a confirmation link, the old one a
 * notice, and the sign-in address moves only when the link is opened (see ConfirmEmailPage).
 */
function ChangeEmailCard() {
  const session = useSession();
  const [pending, setPending] = useState<string | null>(null);
  const changeEmail = useRequestEmailChange();
  const form = useForm<TChangeEmail>({
    resolver: zodResolver(ZChangeEmail),
    defaultValues: { email: session.user.email },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { pendingEmail } = await changeEmail.mutateAsync(values);
      setPending(pendingEmail);
      toast.success('Check your email!', {
        description: `A confirmation link was sent to ${pendingEmail}. Your email changes when you open it.`,
      });
    } catch (err) {
      toast.error('Failed to update email', { description: reason(err) });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Email</CardTitle>
        <p className="text-sm text-slate-600">
          You sign in with <span className="font-medium text-slate-800">{session.user.email}</span>.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="New Email" error={errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Email'}
          </Button>
          {pending ? (
            <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
              We sent a confirmation link to <span className="font-medium">{pending}</span>. Open it to finish; until
              then you keep signing in with {session.user.email}.
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<TChangePassword>({
    resolver: zodResolver(ZChangePassword),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      toast.success('Password changed');
      form.reset({ currentPassword: '', newPassword: '' });
    } catch (err) {
      toast.error('Failed to update password', { description: reason(err) });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <p className="text-sm text-slate-600">Other devices are signed out when the password changes.</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Current Password" error={errors.currentPassword?.message}>
            {(p) => <PasswordInput {...p} autoComplete="current-password" {...form.register('currentPassword')} />}
          </Field>
          <Field label="New Password" error={errors.newPassword?.message}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" {...form.register('newPassword')} />}
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
