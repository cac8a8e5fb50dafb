import { CircleCheck, CircleX } from 'lucide-react';
import { Section, SectionHeading } from '../SiteUi';

const PAIRS = [
  {
    pain: 'Spreadsheets and sticky notes spread across five volunteers’ laptops',
    fix: 'One sponsor CRM your whole board shares: contacts, packages, history and payments in one place',
  },
  {
    pain: 'Chasing checks in the parking lot after practice',
    fix: 'Invoices sponsors can pay by card online, plus tracked check, cash and bank transfer payments',
  },
  {
    pain: 'Forgotten follow-ups and sponsors who quietly lapse',
    fix: 'Automatic reminder e-mails before and after due dates, so nobody has to remember',
  },
  {
    pain: 'Rebuilding the sponsor packet from scratch every season',
    fix: 'Professional price-sheet PDFs generated from your package catalog in one click',
  },
  {
    pain: 'Everything walks out the door when the treasurer’s kid graduates',
    fix: 'Season rollover and a complete history that stays with the organization, not one person',
  },
  {
    pain: 'Platforms that quietly take 5–10% of what your families raise',
    fix: 'No platform fundraising fee: only the payment processor’s 2.9% + 30¢ on card payments',
  },
] as const;

export function WhySection() {
  return (
    <Section id="why" tone="muted">
      <SectionHeading
        eyebrow="Why Pennant"
        title="Why volunteer organizations switch to Pennant"
        description="You signed up to help the team, not to become a part-time bookkeeper. Here is what changes when sponsorships and fundraising live in one place."
      />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {PAIRS.map((pair) => (
          <li
            key={pair.pain}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <p className="flex flex-1 gap-3 bg-rose-50/50 px-6 py-5 text-slate-600">
              <CircleX className="mt-0.5 size-5 shrink-0 text-rose-500" aria-hidden="true" />
              <span>
                <span className="sr-only">Before: </span>
                {pair.pain}
              </span>
            </p>
            <p className="flex flex-[1.4] gap-3 border-t border-slate-100 px-6 py-5 font-medium text-slate-900">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
              <span>
                <span className="sr-only">With Pennant: </span>
                {pair.fix}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
