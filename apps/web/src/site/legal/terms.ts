import type { LegalDocument } from './types';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  summary:
    'These Terms of Service (“Terms”) govern your use of Pennant’s website and sponsorship and fundraising software (the “Service”). By creating an account or using the Service, you agree to these Terms on behalf of yourself and the organization you represent. If you do not agree, please do not use the Service.',
  sections: [
    {
      heading: '1. Accounts and eligibility',
      paragraphs: [
        'You must be at least 18 years old and able to form a binding contract to create an account. If you sign up on behalf of a booster club, team, school group, alumni association or other organization (an “Organization”), you confirm that you are authorized to accept these Terms for it.',
        'You are responsible for the accuracy of your account information, for keeping your password confidential, and for all activity under your account. Tell us promptly at support@pennant.app if you suspect unauthorized access.',
      ],
    },
    {
      heading: '2. Plans, trials and billing',
      list: [
        'Free plan: $0 per month, up to 10 active sponsors, 1 team member, basic reports and templates, and recording of check or bank transfer payments.',
        'Premium plan: $9.99 per month or $99.99 per year, with unlimited sponsors and team members, advanced reporting, custom templates, season rollover, bulk import, invoicing, card processing, AI assistance and an audit log.',
        'Free trial: new Organizations may try Premium free for 30 days without a credit card. At the end of the trial the account moves to the Free plan unless you choose to subscribe.',
        'Billing: Premium subscriptions are billed in advance and renew automatically at the end of each monthly or yearly period until cancelled. You can cancel at any time; cancellation takes effect at the end of the current period.',
        'Refunds: fees already paid are non-refundable except where required by law.',
        'Price changes: we will give at least 30 days’ notice by email before a price change affects your subscription.',
      ],
    },
    {
      heading: '3. Downgrades',
      paragraphs: [
        "If you downgrade to Free, or a paid subscription ends, all of your existing data is kept, but you can't have more than 10 active sponsors and you can't start new campaigns. Premium-only features become unavailable until you upgrade again.",
      ],
    },
    {
      heading: '4. Payments from sponsors and donors',
      paragraphs: [
        'Card payments from sponsors and donors are processed by Stripe. To accept card payments, your Organization must connect a Stripe account and agree to Stripe’s terms, including the Stripe Connected Account Agreement. Stripe charges its processing fee, currently 2.9% + 30¢ per successful card transaction; Pennant does not charge an additional platform fundraising fee.',
        'Pennant is not a party to the transactions between your Organization and its sponsors or donors, and is not a bank, money transmitter or charitable fundraiser. Your Organization is responsible for the accuracy of invoices, honoring sponsorship commitments, issuing refunds, providing any required tax receipts or acknowledgements, and complying with laws that apply to its fundraising, including charitable solicitation registration where required.',
      ],
    },
    {
      heading: '5. Your data',
      paragraphs: [
        'Your Organization owns the data it puts into the Service, including sponsor contacts and donor information (“Customer Data”). You grant Pennant a limited license to host, process, transmit and display Customer Data only as needed to provide and improve the Service and as described in our Privacy Policy.',
        'You confirm that you have the right to upload Customer Data and to contact the people in it, and that you will handle it in line with applicable privacy laws. You can export your data at any time while your account is active.',
      ],
    },
    {
      heading: '6. Email and the AI writing assistant',
      paragraphs: [
        'The Service sends invoices, receipts and reminder emails on your Organization’s behalf. You agree to send messages only to people who have a relationship with your Organization, to comply with the CAN-SPAM Act and similar laws, and to honor unsubscribe requests.',
        'The AI writing assistant generates draft emails that may be inaccurate or incomplete. You are responsible for reviewing, editing and approving any draft before it is sent.',
      ],
    },
    {
      heading: '7. Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'Use the Service for unlawful, fraudulent or deceptive fundraising.',
        'Send spam or messages that harass, threaten or mislead recipients.',
        'Upload malware or attempt to probe, scan, disrupt or gain unauthorized access to the Service or other customers’ data.',
        'Resell or sublicense the Service, or copy or reverse engineer it except where the law allows.',
        'Store full card numbers, bank passwords or government ID numbers in notes or custom fields.',
      ],
    },
    {
      heading: '8. Availability and changes',
      paragraphs: [
        'We work hard to keep the Service available and reliable but do not guarantee uninterrupted access. We may improve, change or discontinue features; if we remove a significant paid feature, we will give reasonable notice.',
      ],
    },
    {
      heading: '9. Suspension and termination',
      paragraphs: [
        'You may stop using the Service and delete your account at any time. We may suspend or terminate accounts that violate these Terms, create risk for others or are required to be closed by law, and will give notice where reasonably possible. After termination, we delete Customer Data as described in our Privacy Policy.',
      ],
    },
    {
      heading: '10. Disclaimers',
      paragraphs: [
        'The Service is provided “as is” and “as available.” To the fullest extent permitted by law, Pennant disclaims all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. Pennant does not guarantee any fundraising result, and examples of savings or results on our website are illustrative.',
      ],
    },
    {
      heading: '11. Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, Pennant will not be liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data. Pennant’s total liability for any claim relating to the Service is limited to the greater of the amount you paid Pennant in the 12 months before the claim or $100.',
      ],
    },
    {
      heading: '12. Indemnification',
      paragraphs: [
        'You agree to defend and indemnify Pennant against claims arising from your Customer Data, your Organization’s fundraising activities, or your violation of these Terms or applicable law.',
      ],
    },
    {
      heading: '13. Governing law and disputes',
      paragraphs: [
        'These Terms are governed by the laws of the State of Delaware and applicable US federal law, without regard to conflict-of-law rules. Before filing a claim, both parties agree to try to resolve the dispute informally by contacting the other for at least 30 days. Courts located in Delaware will have exclusive jurisdiction, except that either party may seek relief in small claims court.',
      ],
    },
    {
      heading: '14. Changes to these Terms',
      paragraphs: [
        'We may update these Terms from time to time. We will post the new version here with a new “Last updated” date and notify account owners by email of material changes at least 30 days before they take effect. Continuing to use the Service after that means you accept the updated Terms.',
      ],
    },
    {
      heading: '15. Contact',
      paragraphs: ['Questions about these Terms can be sent to support@pennant.app.'],
    },
  ],
};
