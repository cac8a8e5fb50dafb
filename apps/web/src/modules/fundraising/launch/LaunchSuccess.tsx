import { FUNDRAISING_MESSAGES, type TLaunchResult } from '@pennant/shared/fundraising/schemas';
import { ArrowLeft, CheckCircle2, Eye } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { campaignPath } from '../list/CampaignRows';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'about 1 minute', 'about 17 minutes' (the estimate: e-mails × 10 s, rounded up, §4.2). */
export const estimateText = (minutes: number) => `Estimated completion: about ${plural(minutes, 'minute', 'minutes')}`;

/** After a launch (§4.2): the queue summary, the estimate, and the way back. */
export function LaunchSuccess({ result, campaignId }: { result: TLaunchResult; campaignId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-6 text-center">
      <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden />
      {/* Focus moves here, so a screen reader hears the outcome and continues from it. */}
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {FUNDRAISING_MESSAGES.launched}
      </h2>
      <ul className="w-full space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left text-sm text-slate-700">
        <li>
          <span className="font-semibold text-slate-900">{plural(result.queued, 'e-mail', 'e-mails')}</span> queued, one
          every 10 seconds.
        </li>
        {result.skipped > 0 ? (
          <li>{plural(result.skipped, 'opted-out contact', 'opted-out contacts')} skipped.</li>
        ) : null}
        {result.incremental ? <li>Only contacts not e-mailed before were included.</li> : null}
        <li className="font-medium text-slate-900">{estimateText(result.estimatedMinutes)}</li>
      </ul>
      <p className="text-sm text-slate-600">Reminders follow on the campaign's schedule, skipping anyone who gives.</p>
      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <ButtonLink to="/dashboard/fundraising" variant="outline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaigns
        </ButtonLink>
        <ButtonLink to={campaignPath(campaignId)}>
          <Eye className="h-4 w-4" aria-hidden /> View Campaign
        </ButtonLink>
      </div>
    </div>
  );
}
