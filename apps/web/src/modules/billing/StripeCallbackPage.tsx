import {
  BILLING_MESSAGES,
  CALLBACK_FIRST_WAIT_MS,
  CALLBACK_POLL_ATTEMPTS,
  CALLBACK_POLL_INTERVAL_MS,
  CALLBACK_REDIRECT_MS,
  type TVerifyResult,
} from '@pennant/shared/billing/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BILLING_TAB_URL } from '@/components/plan/UpgradeDialog';
import { PLAN_KEY } from '@/components/plan/usePlan';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { SESSION_KEY } from '@/lib/session';
import { useVerifyCheckout, useVerifySubscription } from './billing-api';

type TPhase = 'processing' | 'success' | 'issue';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The verification schedule (spec §4 'Payment verification page'): with a session id, verify the
 * checkout once; otherwise, or when that did not find it active yet, wait CALLBACK_FIRST_WAIT_MS and
 * then verify the subscription by hand up to CALLBACK_POLL_ATTEMPTS times, CALLBACK_POLL_INTERVAL_MS
 * apart. Answers whether Premium is active. `alive()` turns false when the page is left.
 */
async function confirmPremium(opts: {
  sessionId: string | null;
  verifyCheckout: (sessionId: string) => Promise<TVerifyResult>;
  verifySubscription: () => Promise<TVerifyResult>;
  alive: () => boolean;
  /** Called once the manual verification (the polling) begins. */
  onPolling: () => void;
}): Promise<boolean> {
  if (opts.sessionId) {
    try {
      if ((await opts.verifyCheckout(opts.sessionId)).active) return true;
    } catch {
      // Not confirmed yet (or the provider failed): the webhook may still land; poll below.
    }
  }
  if (!opts.alive()) return false;
  opts.onPolling();
  await sleep(CALLBACK_FIRST_WAIT_MS);
  for (let attempt = 0; attempt < CALLBACK_POLL_ATTEMPTS; attempt++) {
    if (!opts.alive()) return false;
    if (attempt > 0) await sleep(CALLBACK_POLL_INTERVAL_MS);
    if (!opts.alive()) return false;
    try {
      if ((await opts.verifySubscription()).active) return true;
    } catch {
      // One failed read is not the end: the next attempt asks again.
    }
  }
  return false;
}

/**
 * /stripe-callback, the return from the payment provider (spec §2, §4): reads checkout and
 * session_id; without either it goes straight to Settings → Billing. Otherwise it shows 'Processing
 * your payment...' while it confirms the subscription, then the success text (and the dashboard
 * after CALLBACK_REDIRECT_MS) or 'Processing Issue' with a way back to Billing.
 */
export function StripeCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  const hasParams = Boolean(checkout || sessionId);
  const [phase, setPhase] = useState<TPhase>('processing');
  const [polling, setPolling] = useState(false);

  const verifyCheckout = useVerifyCheckout();
  const verifySubscription = useVerifySubscription();
  // The latest mutation functions, read by the one running schedule.
  const calls = useRef({ checkout: verifyCheckout.mutateAsync, subscription: verifySubscription.mutateAsync });
  calls.current = { checkout: verifyCheckout.mutateAsync, subscription: verifySubscription.mutateAsync };

  // Mounted or not, so the schedule stops when the page is left; StrictMode's second mount revives it.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    document.title = 'Payment — Pennant';
  }, []);

  // The schedule runs once per page visit (not again on StrictMode's remount).
  const started = useRef(false);
  useEffect(() => {
    if (!hasParams) {
      navigate(BILLING_TAB_URL, { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    void confirmPremium({
      sessionId,
      verifyCheckout: (id) => calls.current.checkout(id),
      verifySubscription: () => calls.current.subscription(),
      alive: () => alive.current,
      onPolling: () => setPolling(true),
    }).then((active) => {
      if (!alive.current) return;
      if (active) {
        // The plan badge, gates and menu change at once.
        void qc.invalidateQueries({ queryKey: PLAN_KEY });
        void qc.invalidateQueries({ queryKey: SESSION_KEY });
      }
      setPhase(active ? 'success' : 'issue');
    });
  }, [hasParams, sessionId, navigate, qc]);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  if (!hasParams) return null;

  return (
    <div className="mx-auto max-w-xl py-10">
      <Card className="flex flex-col items-center gap-4 p-8 text-center sm:p-10">
        {phase === 'processing' ? (
          <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
            <Spinner size="lg" />
            <h1 className="text-xl font-semibold text-slate-900">{BILLING_MESSAGES.processing}</h1>
            {polling ? <p className="max-w-sm text-sm text-slate-600">{BILLING_MESSAGES.manualVerification}</p> : null}
          </div>
        ) : null}
        {phase === 'success' ? (
          <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
            <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden />
            <h1 className="text-xl font-semibold text-slate-900">Welcome to Premium</h1>
            <p className="text-sm text-slate-700">{BILLING_MESSAGES.success}</p>
          </div>
        ) : null}
        {phase === 'issue' ? (
          <div role="alert" className="flex flex-col items-center gap-3">
            <AlertTriangle className="h-12 w-12 text-amber-500" aria-hidden />
            <h1 className="text-xl font-semibold text-slate-900">{BILLING_MESSAGES.processingIssue}</h1>
            <p className="text-sm text-slate-700">{BILLING_MESSAGES.unableToConfirm}</p>
            <p className="max-w-sm text-sm text-slate-600">
              If you were charged, your plan will update on its own within a few minutes. You can check it on the
              Billing tab.
            </p>
            <ButtonLink to={BILLING_TAB_URL} variant="primary">
              Go to Billing
            </ButtonLink>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
