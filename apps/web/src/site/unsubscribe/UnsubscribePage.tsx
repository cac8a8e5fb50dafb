import {
  type TUnsubscribeReason,
  UNSUBSCRIBE_REASON_MESSAGES,
  UNSUBSCRIBE_REASONS,
} from '@pennant/shared/fundraising/schemas';
import { useMemo } from 'react';
import { LinkButton, PlainCard } from '../pages/PlainLayout';
import { SUPPORT_EMAIL } from '../SiteUi';

type TResult = { kind: 'success' } | { kind: 'error'; message: string } | { kind: 'invalid' };

function isReason(value: string | null): value is TUnsubscribeReason {
  return UNSUBSCRIBE_REASONS.some((r) => r === value);
}

function readResult(search: string): TResult {
  const q = new URLSearchParams(search);
  const outcome = q.get('unsubscribe');
  if (outcome === 'success') return { kind: 'success' };
  if (outcome === 'error') {
    const reason = q.get('reason');
    return { kind: 'error', message: UNSUBSCRIBE_REASON_MESSAGES[isReason(reason) ? reason : 'other'] };
  }
  return { kind: 'invalid' };
}

const SUPPORT_HREF = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Unsubscribe help')}`;

/**
 * /unsubscribe (spec 002 §2.8, §8.4): where the unsubscribe link of a campaign e-mail lands after
 * the opt-out (GET /api/public/unsubscribe), with its outcome in the query.
 */
export function UnsubscribePage({ search = window.location.search }: { search?: string }) {
  const result = useMemo(() => readResult(search), [search]);
  return (
    <PlainCard>
      <div className="text-center">
        {result.kind === 'success' ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Successfully Unsubscribed</h1>
            <p className="mt-3 text-slate-600">You won’t receive any more fundraising emails from this organization.</p>
          </>
        ) : result.kind === 'error' ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Unsubscribe Error</h1>
            <p className="mt-3 text-slate-700">{result.message}</p>
            <p className="mt-2 text-slate-600">Please contact support and we’ll remove you from the list.</p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Invalid Request</h1>
            <p className="mt-3 text-slate-600">
              This page is reached from the unsubscribe link in a fundraising email. Please use that link again.
            </p>
          </>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {result.kind === 'error' ? <LinkButton href={SUPPORT_HREF}>Contact Support</LinkButton> : null}
          <LinkButton href="/" variant={result.kind === 'error' ? 'secondary' : 'primary'}>
            Return to Main Website
          </LinkButton>
        </div>
      </div>
    </PlainCard>
  );
}
