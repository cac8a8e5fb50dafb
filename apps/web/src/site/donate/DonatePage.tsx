import { EMAIL_MAX } from '@pennant/shared/fields';
import { donationErrorMessage } from '@pennant/shared/fundraising/rules';
import {
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES as M,
  type TPublicCampaign,
  ZDonationCheckoutInput,
} from '@pennant/shared/fundraising/schemas';
import { dollarsToCents } from '@pennant/shared/money';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { ErrorAlert, PlainCard, PRIMARY_BUTTON } from '../pages/PlainLayout';
import { readDonateQuery } from './donate-query';
import { fetchPublicCampaign, PublicApiError, startDonation } from './public-api';

type TLoad = { kind: 'loading' } | { kind: 'ready'; campaign: TPublicCampaign } | { kind: 'failed'; message: string };

const QUICK_AMOUNTS: readonly number[] = FUNDRAISING_LIMITS.quickAmounts;

/** The server's refusal as a donor reads it (§8.3): the two payment-setup phrases translated. */
export function donorMessage(err: unknown): string {
  const server = err instanceof PublicApiError ? err.serverMessage : null;
  return donationErrorMessage(server, {
    providerNotSetUp: M.providerNotSetUp,
    chargesNotEnabled: M.chargesNotEnabled,
    notYet: M.paymentNotYetAvailable,
    temporarily: M.paymentTemporarilyUnavailable,
    fallback: M.donationFailed,
  });
}

/** The amount's cents, or the message that says why there are none (§5.6). */
function amountCents(dollars: string): { cents: number } | { error: string } {
  const cents = dollarsToCents(dollars);
  if (cents === null || Number.isNaN(cents) || cents <= 0) return { error: M.validAmount };
  if (cents < FUNDRAISING_LIMITS.donationMinCents) return { error: M.minimumDonation };
  return { cents };
}

function useCampaign(campaignId: string | null): TLoad {
  const [load, setLoad] = useState<TLoad>({ kind: 'loading' });
  useEffect(() => {
    if (!campaignId) return;
    let active = true;
    setLoad({ kind: 'loading' });
    fetchPublicCampaign(campaignId).then(
      (campaign) => {
        if (active) setLoad({ kind: 'ready', campaign });
      },
      (err: unknown) => {
        if (!active) return;
        const notFound = err instanceof PublicApiError && err.status === 404;
        setLoad({ kind: 'failed', message: notFound ? M.campaignNotFound : M.failedToLoad });
      },
    );
    return () => {
      active = false;
    };
  }, [campaignId]);
  return load;
}

interface TDonatePageProps {
  /** The query string (window.location.search). */
  search?: string;
  /** Sends the browser to the provider's checkout. */
  redirect?: (url: string) => void;
}

/**
 * /donate (spec 002 §2.7, §4.6, §5.6, §8.3): the campaign and its organization, quick amounts or
 * a custom one, an optional e-mail for the receipt, then the provider's checkout.
 */
export function DonatePage({
  search = window.location.search,
  redirect = (url) => window.location.assign(url),
}: TDonatePageProps) {
  const query = useMemo(() => readDonateQuery(search), [search]);
  const load = useCampaign(query.campaignId);

  if (!query.campaignId) {
    return (
      <PlainCard>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Donate</h1>
        <ErrorAlert>{M.idRequired}</ErrorAlert>
      </PlainCard>
    );
  }
  if (load.kind === 'loading') {
    return (
      <PlainCard>
        <div role="status" className="flex items-center gap-3 py-8 text-slate-600">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
          />
          Loading campaign…
        </div>
      </PlainCard>
    );
  }
  if (load.kind === 'failed') {
    return (
      <PlainCard>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Donate</h1>
        <ErrorAlert>{load.message}</ErrorAlert>
      </PlainCard>
    );
  }
  return <DonateForm campaign={load.campaign} query={query} redirect={redirect} />;
}

function DonateForm({
  campaign,
  query,
  redirect,
}: {
  campaign: TPublicCampaign;
  query: ReturnType<typeof readDonateQuery>;
  redirect: (url: string) => void;
}) {
  const ids = useId();
  const prefillQuick = QUICK_AMOUNTS.find((q) => query.amount !== '' && Number(query.amount) === q) ?? null;
  const [quick, setQuick] = useState<number | null>(prefillQuick);
  const [custom, setCustom] = useState(prefillQuick === null ? query.amount : '');
  const [email, setEmail] = useState(query.email);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Donate to ${campaign.name} — Pennant`;
  }, [campaign.name]);

  // Back from the provider's page, the browser may show this page from its cache, still processing.
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => {
      if (e.persisted) setProcessing(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const amount = custom.trim() !== '' ? custom.trim() : quick !== null ? String(quick) : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing || amount === '') return;
    const checked = amountCents(amount);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    const body = ZDonationCheckoutInput.safeParse({
      campaignId: campaign.id,
      amountCents: checked.cents,
      donorEmail: email.trim() === '' ? null : email.trim(),
      playerId: query.playerId,
      contactId: query.contactId,
    });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? M.donationFailed);
      return;
    }
    setError(null);
    setProcessing(true);
    try {
      const url = await startDonation(body.data);
      if (!url) {
        setError(M.noCheckoutUrl);
        setProcessing(false);
        return;
      }
      // Processing stays on while the browser leaves for the checkout: no second donation.
      redirect(url);
    } catch (err) {
      setError(donorMessage(err));
      setProcessing(false);
    }
  };

  const behalf = campaign.campaignType === 'alumni' && campaign.behalfOfName ? campaign.behalfOfName : null;

  return (
    <PlainCard>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{campaign.organizationName}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-slate-900 md:text-3xl">
        {campaign.name}
      </h1>
      {behalf ? <p className="mt-2 text-slate-600">On behalf of {behalf}</p> : null}

      <form className="mt-6 space-y-6" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-slate-900">Choose an amount</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {QUICK_AMOUNTS.map((q) => {
              const pressed = custom.trim() === '' && quick === q;
              return (
                <button
                  key={q}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => {
                    setQuick(pressed ? null : q);
                    setCustom('');
                    setError(null);
                  }}
                  className={`rounded-lg border px-4 py-3 text-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    pressed
                      ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                      : 'border-slate-300 bg-white text-slate-900 hover:border-brand-500 hover:text-brand-700'
                  }`}
                >
                  ${q}
                </button>
              );
            })}
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${ids}-custom`} className="mb-1.5 block text-sm font-semibold text-slate-900">
            Custom amount
          </label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
            >
              $
            </span>
            <input
              id={`${ids}-custom`}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              placeholder="Other amount"
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value);
                setError(null);
              }}
              className="block w-full rounded-lg border border-slate-300 bg-white py-3 pr-3 pl-7 text-lg text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
            />
          </div>
        </div>

        <div>
          <label htmlFor={`${ids}-email`} className="mb-1.5 block text-sm font-semibold text-slate-900">
            Email <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={email}
            aria-describedby={`${ids}-email-help`}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
          />
          <p id={`${ids}-email-help`} className="mt-1.5 text-sm text-slate-600">
            We’ll send your receipt here. It also stops reminder emails about this campaign once you’ve given.
          </p>
        </div>

        {error ? <ErrorAlert>{error}</ErrorAlert> : null}

        <button type="submit" disabled={amount === '' || processing} className={`${PRIMARY_BUTTON} sm:w-full`}>
          {processing ? 'Processing…' : 'Donate'}
        </button>
        <p className="text-center text-xs text-slate-500">
          You’ll finish on our payment provider’s secure checkout page.
        </p>
      </form>
    </PlainCard>
  );
}
