import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Logo } from '@/app/Sidebar';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ApiError } from '@/lib/api';
import { SESSION_KEY } from '@/lib/session';
import { settingsApi } from './settings-api';

type TPhase = { kind: 'confirming' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * /auth/confirm-email?token=… — the link sent to a new address. Opening it (in any browser,
 * signed in or not) moves the account to that address. It confirms by a request from the page,
 * never by the GET itself, so a mail scanner that fetches links changes nothing.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TPhase>({ kind: 'confirming' });
  const started = useRef(false);

  useEffect(() => {
    document.title = 'Confirm Email — Pennant';
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setPhase({ kind: 'failed', message: 'This confirmation link is not valid.' });
      return;
    }
    settingsApi
      .confirmEmail(token)
      // The page itself says how it went; a toast would only repeat it.
      .then(async ({ email }) => {
        setPhase({ kind: 'done', email });
        await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      })
      .catch((err: unknown) => {
        const message =
          err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please try again later.';
        setPhase({ kind: 'failed', message });
      });
  }, [token, queryClient]);

  let body: ReactNode;
  if (phase.kind === 'confirming') {
    body = (
      <State icon={<Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />} title="One moment">
        Confirming your new email address...
      </State>
    );
  } else if (phase.kind === 'done') {
    body = (
      <State icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />} title="Email updated">
        You now sign in with <span className="font-medium">{phase.email}</span>.
        <span className="mt-6 flex justify-center">
          <Button onClick={() => navigate('/dashboard')}>Go to the dashboard</Button>
        </span>
      </State>
    );
  } else {
    body = (
      <State icon={<AlertCircle className="h-10 w-10 text-red-600" aria-hidden />} title="Failed to update email" alert>
        {phase.message}
        <span className="mt-6 flex justify-center">
          <Button onClick={() => navigate('/auth')}>Back to login</Button>
        </span>
      </State>
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-900 via-brand-800 to-brand-700">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="mb-6 flex justify-center">
            <span className="rounded-lg bg-slate-900 p-2">
              <Logo />
            </span>
          </div>
          {body}
        </Card>
      </main>
    </div>
  );
}

function State({
  icon,
  title,
  children,
  alert,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  alert?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {icon}
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div role={alert ? 'alert' : 'status'} className="text-sm text-slate-700">
        {children}
      </div>
    </div>
  );
}
