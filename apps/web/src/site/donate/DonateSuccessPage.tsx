import { cleanQueryId, donationTransactionId } from '@pennant/shared/fundraising/rules';
import { CircleCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { LinkButton, PlainCard } from '../pages/PlainLayout';
import { fetchPublicCampaign } from './public-api';

/**
 * /donate/success (spec 002 §2.7): where the provider's checkout returns after payment. The
 * receipt is e-mailed once the provider's webhook marks the donation paid.
 */
export function DonateSuccessPage({ search = window.location.search }: { search?: string }) {
  const { sessionId, campaignId } = useMemo(() => {
    const q = new URLSearchParams(search);
    return { sessionId: cleanQueryId(q.get('session_id')), campaignId: cleanQueryId(q.get('campaign_id')) };
  }, [search]);
  const [campaignName, setCampaignName] = useState<string | null>(null);

  useEffect(() => {
    if (!campaignId) return;
    let active = true;
    // The name is a courtesy: if it cannot be read, the thanks stands without it.
    fetchPublicCampaign(campaignId).then(
      (campaign) => {
        if (active) setCampaignName(campaign.name);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [campaignId]);

  return (
    <PlainCard>
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-600" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Thank You!</h1>
        {campaignName ? (
          <p className="mt-3 text-lg text-slate-700">
            Your donation to <strong className="font-semibold text-slate-900">{campaignName}</strong> was received.
          </p>
        ) : null}
        <p className="mt-3 text-slate-600">Email receipt will be sent shortly.</p>
        {sessionId ? (
          <p className="mt-4 text-sm text-slate-500">
            Transaction ID: <span className="font-mono text-slate-700">{donationTransactionId(sessionId)}</span>
          </p>
        ) : null}
        <div className="mt-8">
          <LinkButton href="/">Return to Homepage</LinkButton>
        </div>
      </div>
    </PlainCard>
  );
}
