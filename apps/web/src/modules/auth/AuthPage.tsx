import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignIn, type TSignUp, ZSignIn, ZSignUp } from '@pennant/shared/auth/schemas';
import { PASSWORD_MIN } from '@pennant/shared/fields';
import { FREE_LIMITS } from '@pennant/shared/organization/plans';
import type { TSession } from '@pennant/shared/session/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '@/app/Sidebar';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Field, Input } from '@/components/ui/Field';
import { PageLoading } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { destinationAfterSignIn, SESSION_KEY, useSessionQuery } from '@/lib/session';
import { useSignIn, useSignUp } from './auth-api';
import { PasswordInput } from './PasswordInput';

type TMode = 'signin' | 'signup';

function modeFrom(params: URLSearchParams): TMode {
  const raw = params.get('mode') ?? params.get('tab') ?? 'signin';
  return raw === 'signup' ? 'signup' : 'signin';
}

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const mode = modeFrom(params);
  const { data: session, isPending } = useSessionQuery();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    document.title = mode === 'signup' ? 'Sign up — Pennant' : 'Sign in — Pennant';
  }, [mode]);

  useEffect(() => {
    if (session) navigate(destinationAfterSignIn(session), { replace: true });
  }, [session, navigate]);

  async function enter() {
    const fresh = await queryClient.fetchQuery<TSession | null>({ queryKey: SESSION_KEY, staleTime: 0 });
    navigate(destinationAfterSignIn(fresh ?? null), { replace: true });
  }

  if (isPending) return <PageLoading />;

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-900 via-brand-800 to-brand-700">
      <div className="p-4 sm:p-6">
        <a href="/" className="inline-flex items-center gap-2 text-sm font-medium text-white/90 hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Home
        </a>
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="rounded-lg bg-slate-900 p-2">
              <Logo />
            </span>
            <h1 className="text-2xl font-semibold text-slate-900">
              {mode === 'signup' ? 'Create your account' : 'Welcome back'}
            </h1>
            <p className="text-sm text-slate-600">
              {mode === 'signup'
                ? `Start free: up to ${FREE_LIMITS.activeSponsors} sponsors, no credit card.`
                : 'Sign in to manage your sponsors and fundraising.'}
            </p>
          </div>
          {mode === 'signup' ? <SignUpForm onDone={enter} /> : <SignInForm onDone={enter} />}
          <p className="mt-6 text-center text-sm text-slate-600">
            {mode === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => setParams({ mode: mode === 'signup' ? 'signin' : 'signup' })}
            >
              {mode === 'signup' ? 'Log in' : 'Sign up'}
            </button>
          </p>
        </Card>
      </main>
    </div>
  );
}

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const signIn = useSignIn();
  const form = useForm<TSignIn>({ resolver: zodResolver(ZSignIn), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      await onDone();
    } catch (err) {
      const description =
        err instanceof ApiError && err.code !== 'internal' ? err.message : 'Please check your credentials';
      toast.error('Login failed', { description });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Email" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(p) => <PasswordInput {...p} autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm({ onDone }: { onDone: () => Promise<void> }) {
  const signUp = useSignUp();
  const form = useForm<TSignUp>({
    resolver: zodResolver(ZSignUp),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      await onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast.error('Email already registered', { description: 'Please use a different email or log in instead' });
      } else if (err instanceof ApiError && err.code === 'validation_failed') {
        toast.error('Sign up failed', { description: err.message });
      } else {
        toast.error('Error creating account', {
          description: err instanceof ApiError ? err.message : 'Please try again',
        });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Display Name" error={errors.name?.message}>
        {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters`}>
        {(p) => <PasswordInput {...p} autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
      <p className="text-center text-xs text-slate-500">
        By signing up you agree to the{' '}
        <a href="/terms-of-service" className="underline">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy-policy" className="underline">
          Privacy Policy
        </a>
        .
      </p>
    </form>
  );
}
