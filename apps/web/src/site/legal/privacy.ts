import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  summary:
    'This Privacy Policy explains what information Pennant (“Pennant”, “we”, “us”) collects when you use our website and our sponsorship and fundraising software (the “Service”), how we use and share it, and the choices you have. We wrote it to be read, not just agreed to. If anything is unclear, email support@pennant.app.',
  sections: [
    {
      heading: '1. Who this policy covers',
      paragraphs: [
        'Pennant is used by volunteer-run sports organizations such as booster clubs, youth and school teams, and alumni groups (“Organizations”). This policy covers the people who create accounts and use the Service on behalf of an Organization (“Users”), visitors to our website, and the sponsors and donors whose information Organizations store in Pennant.',
        'For sponsor and donor information, the Organization decides what to collect and how to use it, and Pennant processes it on the Organization’s behalf as a service provider. If you are a sponsor or donor, please contact the Organization directly with privacy questions; we will help them respond.',
      ],
    },
    {
      heading: '2. Information we collect',
      paragraphs: ['We collect the following categories of information:'],
      list: [
        'Account information: your name, email address, a securely hashed password, and your role within an Organization.',
        'Organization data: your Organization’s name, teams, seasons, sponsorship packages, campaigns, price sheets, invoices, reports and settings.',
        'Sponsor contacts: business names, contact names, email addresses, phone numbers, mailing addresses, notes and sponsorship history that Users enter or import.',
        'Donor information: names, email addresses, donation amounts and dates, and related details such as the player, team or class year a gift supports.',
        'Payment information: card payments are processed by Stripe. Card numbers are entered directly with Stripe and never reach or get stored on our servers. We receive limited details such as the payment amount, status, card brand and last four digits. For checks, cash and bank transfers, we store what Users record, such as the amount, date and check number.',
        'Email content and delivery data: messages sent through the Service, such as invoices and reminders, along with delivery, bounce and open status where available.',
        'Technical information: IP address, browser type, device information, pages requested and timestamps, collected in server logs for security, troubleshooting and abuse prevention.',
      ],
    },
    {
      heading: '3. How we use information',
      list: [
        'To provide, maintain and secure the Service, including sending invoices, receipts and reminder emails that Users set up.',
        'To process subscription billing and facilitate payments between Organizations and their sponsors and donors.',
        'To provide customer support and respond to your requests.',
        'To send service-related messages such as security alerts, billing notices and important changes. We do not send marketing emails to sponsors or donors on our own behalf.',
        'To detect, investigate and prevent fraud, abuse and security incidents.',
        'To understand aggregate usage so we can improve the Service, using de-identified or aggregated data where possible.',
        'To comply with legal obligations and enforce our Terms of Service.',
      ],
    },
    {
      heading: '4. AI writing assistant',
      paragraphs: [
        'Premium includes an optional AI writing assistant that drafts emails such as sponsor reminders and thank-you notes. When you ask for a draft, we send your instructions and the relevant context, such as a sponsor’s name, package and amount due, to a third-party AI model provider to generate the text.',
        'Drafts are suggestions only. Nothing is sent to a sponsor or donor until a User reviews and sends it. We do not use your Organization’s data to train AI models, and we only use AI providers that are contractually prohibited from using the data we send them to train their models. You can simply not use the assistant if you prefer.',
      ],
    },
    {
      heading: '5. How we share information',
      paragraphs: [
        'We do not sell personal information, and we do not share it for cross-context behavioral advertising. We share information only as follows:',
      ],
      list: [
        'Service providers who help us run Pennant, such as cloud hosting, email delivery, Stripe for payment processing and our AI model provider, each bound by contracts that limit their use of the data to providing services to us.',
        'Within your Organization: information in an Organization’s account is visible to that Organization’s Users according to their roles.',
        'Legal and safety: when required by law, subpoena or court order, or when we believe in good faith that disclosure is needed to protect the rights, property or safety of Pennant, our users or others.',
        'Business transfers: in connection with a merger, acquisition or sale of assets, in which case this policy will continue to apply to the transferred information.',
        'With your consent or at your direction.',
      ],
    },
    {
      heading: '6. Payments through Stripe',
      paragraphs: [
        'Subscription payments and card payments from sponsors and donors are processed by Stripe, Inc. Stripe collects and processes payment details under its own privacy policy, available at stripe.com/privacy. Stripe may use this information for fraud prevention and to comply with financial regulations.',
      ],
    },
    {
      heading: '7. Cookies',
      paragraphs: [
        'We use a single essential, httpOnly session cookie to keep you signed in. We do not use advertising cookies or third-party tracking. See our Cookie Policy for details.',
      ],
    },
    {
      heading: '8. Data retention',
      paragraphs: [
        'We keep account and Organization data for as long as the account is active. If you downgrade from Premium to Free, your existing data is kept. If an Organization deletes its account, we delete its data from our active systems within 30 days and from backups within 90 days, except where we must keep certain records, such as billing records, to meet legal, tax or accounting obligations. Server logs are generally kept for no longer than 90 days.',
      ],
    },
    {
      heading: '9. Security',
      paragraphs: [
        'We protect information with industry-standard safeguards, including encryption in transit (HTTPS), hashed passwords, access controls that separate each Organization’s data, and limited internal access on a need-to-know basis. Premium includes an audit log so Organizations can see who changed what. No system is perfectly secure; if we learn of a breach affecting your information, we will notify you as required by law.',
      ],
    },
    {
      heading: '10. Children’s privacy',
      paragraphs: [
        'The Service is intended for adults managing an Organization and is not directed to children under 13. Youth Organizations may record limited information about players, such as a name and fundraising goal. Organizations are responsible for collecting only what they need and for obtaining any parental consent required by law. If you believe a child has provided us personal information directly, contact us and we will delete it.',
      ],
    },
    {
      heading: '11. Your rights and choices',
      paragraphs: [
        'Depending on where you live, including California and other US states with privacy laws, you may have the right to:',
      ],
      list: [
        'Access the personal information we hold about you and receive a copy in a portable format.',
        'Correct inaccurate information.',
        'Delete your personal information, subject to legal exceptions.',
        'Opt out of the sale or sharing of personal information. We do not sell or share it, so no action is needed.',
        'Not be discriminated against for exercising your rights.',
      ],
      after: [
        'Users can update most information directly in the Service. To make a request, email support@pennant.app. We will verify your identity and respond within the time required by law. Requests about sponsor or donor records are handled with the Organization that controls them.',
      ],
    },
    {
      heading: '12. Where data is stored',
      paragraphs: [
        'Pennant is operated in the United States, and information is stored and processed in the United States. If you use the Service from outside the US, you understand your information will be transferred to the US.',
      ],
    },
    {
      heading: '13. Changes to this policy',
      paragraphs: [
        'We may update this policy from time to time. We will post the new version here with a new “Last updated” date, and if the changes are material we will notify account owners by email before they take effect.',
      ],
    },
    {
      heading: '14. Contact us',
      paragraphs: [
        'Questions or requests about privacy can be sent to support@pennant.app. We reply within 24 hours on business days.',
      ],
    },
  ],
};
