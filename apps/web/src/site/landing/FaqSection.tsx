import { FREE_LIMITS, teamMembersLabel } from '@pennant/shared/organization/plans';
import { type FaqItem, FaqList, Section, SectionHeading, SUPPORT_EMAIL } from '../SiteUi';

const FAQS: readonly FaqItem[] = [
  {
    question: 'Does Pennant take a fee from the money we raise?',
    answer:
      'No. Pennant charges no platform fundraising fee on any plan. When a sponsor or donor pays by card, the payment processor (Stripe) charges its standard 2.9% + 30¢ per transaction, and that’s it — you keep 97 cents of every dollar. Recording checks, cash and bank transfers costs nothing.',
  },
  {
    question: 'Do I need a credit card to get started?',
    answer:
      'No credit card required. The Free plan is free forever, and you can try Premium free for 30 days without entering a card. You only add payment details if you decide to keep Premium.',
  },
  {
    question: 'What happens if I downgrade from Premium to Free?',
    answer: `If you downgrade to Free, all of your existing data is kept, but you can't have more than ${FREE_LIMITS.activeSponsors} sponsors and you can't start new campaigns. Upgrade again at any time and everything picks up where you left off.`,
  },
  {
    question: 'How many team members can we add?',
    answer: `The Free plan includes ${teamMembersLabel(FREE_LIMITS.teamMembers)}. Premium includes unlimited team members, so your president, treasurer and sponsorship chair can all work from the same records, with an audit log showing who changed what.`,
  },
  {
    question: 'Can sponsors pay by card, or only by check?',
    answer:
      'Both. On Premium, sponsors can pay invoices online by card through Stripe, and you can also record checks, cash and bank transfers so every payment is tracked in one place. The Free plan supports recording check and bank transfer payments only.',
  },
  {
    question: 'Is our data secure?',
    answer:
      'Yes. Everything is encrypted in transit over HTTPS, card details are handled by Stripe and never stored on our servers, and each organization’s records are kept separate. We never sell your sponsor or donor data, and we use only a single essential session cookie — no advertising trackers.',
  },
  {
    question: 'Can we use Pennant year after year?',
    answer:
      'Absolutely. Premium’s season rollover copies your sponsors and packages into the next season so renewals start with one click, and your full history stays with the organization when volunteers change.',
  },
  {
    question: 'How do I get help?',
    answer: `Email ${SUPPORT_EMAIL} and a real person will reply within 24 hours. We’re happy to help you import your spreadsheet or set up your first campaign.`,
  },
];

export function FaqSection() {
  return (
    <Section id="faq">
      <SectionHeading
        eyebrow="FAQ"
        title="Frequently asked questions"
        description="Straight answers for busy volunteers. Still curious? Email us any time."
      />
      <FaqList items={FAQS} />
    </Section>
  );
}
