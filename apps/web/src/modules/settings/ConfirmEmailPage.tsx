import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { CardPage, StateMessage } from '@/components/ui/CardPage';
import { ApiError } from '@/lib/api';
import { useConfirmEmailChange } from './settings-api';

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
  const { mutateAsync: confirm } = useConfirmEmailChange();
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
    confirm(token)
      // The page itself says how it went; a toast would only repeat it.
      .then(({ email }) => {
        setPhase({ kind: 'done', email });
      })
      .catch((err: unknown) => {
        const message =
          err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please try again later.';
        setPhase({ kind: 'failed', message });
      });
  }, [token, confirm]);

  let body: ReactNode;
  if (phase.kind === 'confirming') {
    body = (
      <StateMessage icon={<Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />} title="One moment">
        Confirming your new email address...
      </StateMessage>
    );
  } else if (phase.kind === 'done') {
    body = (
      <StateMessage icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />} title="Email updated">
        You now sign in with <span className="font-medium">{phase.email}</span>.
        <span className="mt-6 flex justify-center">
          <Button onClick={() => navigate('/dashboard')}>Go to the dashboard</Button>
        </span>
      </StateMessage>
    );
  } else {
    body = (
      <StateMessage
        icon={<AlertCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="Failed to update email"
        alert
      >
        {phase.message}
        <span className="mt-6 flex justify-center">
          <Button onClick={() => navigate('/auth')}>Back to login</Button>
        </span>
      </StateMessage>
    );
  }

  return <CardPage>{body}</CardPage>;
}
