import { useMemo } from 'react';
import { LinkButton, PlainCard } from '../pages/PlainLayout';
import { donateAgainHref } from './donate-query';

/** /donate/cancel (spec 002 §2.7): the donor left the provider's checkout; nothing was charged. */
export function DonateCancelPage({ search = window.location.search }: { search?: string }) {
  const again = useMemo(() => donateAgainHref(search), [search]);
  const hasCampaign = again !== '/donate';
  return (
    <PlainCard>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Donation Cancelled</h1>
        <p className="mt-3 text-slate-600">Your donation was cancelled and no charges were made.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {hasCampaign ? <LinkButton href={again}>Try Again</LinkButton> : null}
          <LinkButton href="/" variant={hasCampaign ? 'secondary' : 'primary'}>
            Return to Homepage
          </LinkButton>
        </div>
      </div>
    </PlainCard>
  );
}
