import { zodResolver } from '@hookform/resolvers/zod';
import { type TInviteAccountForm, ZInviteAccountForm } from '@pennant/shared/auth/schemas';
import { INVITE_MESSAGES, type TInviteVerification } from '@pennant/shared/team/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { CardPage, StateMessage } from '@/components/ui/CardPage';
import { Field, Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api';
import { SESSION_KEY, signOutEverywhere, useSessionQuery } from '@/lib/session';
import { PENDING_INVITE_KEY, removeKey, writeKey } from '@/lib/storage';
import { PasswordInput } from '@/modules/auth/PasswordInput';
import { useAcceptInvite, useInviteVerification, useSignUpWithInvite } from './team-api';

/** Spec §8: after acceptance the page waits about 1.2 s before going to the dashboard. */
const REDIRECT_MS = 1200;
const NO_ID = 'No invitation ID provided';
const UNVERIFIABLE = 'Unable to verify the invitation';

/** The message the error state shows for a failed verification. */
function verificationError(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return INVITE_MESSAGES.notFound;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return UNVERIFIABLE;
}

/** An invitation that exists but can no longer be accepted. */
function closedMessage(invite: TInviteVerification): string | null {
  if (invite.status === 'expired') return INVITE_MESSAGES.expired;
  if (invite.status === 'accepted' || invite.status === 'cancelled') return INVITE_MESSAGES.usedOrCancelled;
  return null;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type TPhase = { kind: 'ready' } | { kind: 'accepting' } | { kind: 'success' } | { kind: 'failed'; message: string };

/**
 * /auth/accept-invite?invite_id=…&token=… — public, outside the app shell. Verifies the invitation, then
 * accepts it for a signed-in visitor whose e-mail matches, or offers a signed-out visitor the
 * create-account form.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const inviteId = params.get('invite_id')?.trim() ?? '';
  // The link's secret: without it the invitation cannot be opened (the id alone is not enough).
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionQuery = useSessionQuery();
  const session = sessionQuery.data;
  const verification = useInviteVerification(inviteId, token);
  const accept = useAcceptInvite();
  const [phase, setPhase] = useState<TPhase>({ kind: 'ready' });
  const started = useRef(false);

  useEffect(() => {
    document.title = 'Accept Invitation — Pennant';
  }, []);

  const succeed = useCallback(async () => {
    // The refreshed session must not start a second acceptance.
    started.current = true;
    removeKey(PENDING_INVITE_KEY);
    setPhase({ kind: 'success' });
    toast.success('Invitation accepted!', { description: 'Welcome to your team.' });
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    window.setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_MS);
  }, [navigate, queryClient]);

  const invite = verification.data;
  const closed = invite ? closedMessage(invite) : null;
  const wrongEmail = Boolean(invite && session && !sameEmail(invite.email, session.user.email));

  // A signed-in visitor with the invited address accepts as soon as the invitation checks out.
  useEffect(() => {
    if (started.current || !invite || closed || !session || wrongEmail) return;
    started.current = true;
    setPhase({ kind: 'accepting' });
    accept
      .mutateAsync({ inviteId, token })
      .then(succeed)
      .catch((err: unknown) => {
        const message = err instanceof ApiError && err.message ? err.message : 'Please try again';
        toast.error('Error accepting invitation', { description: message });
        setPhase({ kind: 'failed', message });
      });
  }, [invite, closed, session, wrongEmail, inviteId, token, succeed, accept.mutateAsync]);

  // A link that cannot be used should not bring the visitor back here after the next sign-in.
  const errorText = !inviteId
    ? NO_ID
    : !token
      ? INVITE_MESSAGES.notFound
      : verification.isError
        ? verificationError(verification.error)
        : closed
          ? closed
          : wrongEmail && phase.kind === 'ready'
            ? INVITE_MESSAGES.wrongEmail
            : phase.kind === 'failed'
              ? phase.message
              : null;
  useEffect(() => {
    if (errorText) removeKey(PENDING_INVITE_KEY);
  }, [errorText]);

  async function signOut() {
    try {
      await signOutEverywhere();
      queryClient.setQueryData(SESSION_KEY, null);
      started.current = false;
    } catch {
      toast.error('Logout failed', { description: 'Please try again' });
    }
  }

  let body: ReactNode;
  if (phase.kind === 'success') {
    body = (
      <StateMessage icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />} title="You're in!">
        Welcome to your new team! Redirecting you to the dashboard...
      </StateMessage>
    );
  } else if (errorText) {
    body = (
      <StateMessage
        icon={<AlertCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="Invitation problem"
        alert
      >
        {errorText}
        <span className="mt-6 flex flex-wrap justify-center gap-2">
          {wrongEmail && phase.kind === 'ready' ? (
            <Button variant="outline" onClick={() => void signOut()}>
              Sign out
            </Button>
          ) : null}
          <Button onClick={() => navigate('/auth')}>Back to login</Button>
        </span>
      </StateMessage>
    );
  } else if (verification.isPending || sessionQuery.isPending || phase.kind === 'accepting' || (invite && session)) {
    body = (
      <StateMessage icon={<Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />} title="One moment">
        {phase.kind === 'accepting' ? 'Joining your team...' : 'Verifying your invitation...'}
      </StateMessage>
    );
  } else if (invite) {
    body = (
      <CreateAccountForm
        inviteId={inviteId}
        token={token}
        invite={invite}
        onJoined={succeed}
        onSignIn={() => {
          writeKey(PENDING_INVITE_KEY, new URLSearchParams({ invite_id: inviteId, token }).toString());
          navigate('/auth?mode=signin');
        }}
      />
    );
  } else {
    body = (
      <StateMessage
        icon={<AlertCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="Invitation problem"
        alert
      >
        {UNVERIFIABLE}
      </StateMessage>
    );
  }

  return <CardPage>{body}</CardPage>;
}

function CreateAccountForm({
  inviteId,
  token,
  invite,
  onJoined,
  onSignIn,
}: {
  inviteId: string;
  token: string;
  invite: TInviteVerification;
  onJoined: () => Promise<void>;
  onSignIn: () => void;
}) {
  const signUp = useSignUpWithInvite();
  const form = useForm<TInviteAccountForm>({
    resolver: zodResolver(ZInviteAccountForm),
    defaultValues: { email: invite.email, fullName: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({ inviteId, token, account: values });
      await onJoined();
    } catch (err) {
      const description =
        err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please try again';
      toast.error('Error creating account', { description });
    }
  });

  return (
    <div>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Join {invite.orgName}</h1>
        <p className="mt-1 text-sm text-slate-600">Create your Pennant account to accept the invitation.</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" error={errors.email?.message} hint="The address this invitation was sent to.">
          {(p) => <Input {...p} type="email" readOnly className="bg-slate-50" {...form.register('email')} />}
        </Field>
        <Field label="Full Name" error={errors.fullName?.message}>
          {(p) => <Input {...p} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field label="Password" error={errors.password?.message} hint="At least 8 characters.">
          {(p) => <PasswordInput {...p} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account & Join'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onSignIn}>
          Sign in
        </button>
      </p>
    </div>
  );
}
