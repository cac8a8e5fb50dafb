import type { LegalDocument } from './types';

export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  summary:
    'Pennant uses essential session cookies only. In practice that means exactly one cookie: an httpOnly session cookie that keeps you signed in. We do not use advertising cookies, analytics cookies or third-party tracking cookies. This policy explains the details.',
  sections: [
    {
      heading: '1. What cookies are',
      paragraphs: [
        'Cookies are small text files that a website stores in your browser. They are commonly used to remember that you are signed in, and some websites also use them to track visitors for analytics or advertising. Pennant does not.',
      ],
    },
    {
      heading: '2. The one cookie we use',
      paragraphs: ['When you sign in, Pennant sets one session cookie:'],
      list: [
        'Purpose: strictly necessary. It identifies your signed-in session so you stay logged in as you move between pages, and it protects your account.',
        'httpOnly: it cannot be read by JavaScript running in the page, which helps protect it from cross-site scripting attacks.',
        'First-party only: it is sent only to Pennant’s own servers and is never shared with other websites or used for tracking.',
        'Contents: a random session identifier. It contains no personal details such as your name or email address.',
        'Duration: it is removed when you log out, and it expires automatically after a period of inactivity.',
      ],
    },
    {
      heading: '3. No advertising or analytics cookies',
      paragraphs: [
        'We do not use advertising cookies, cross-site tracking, social media pixels or third-party analytics cookies, and we do not sell or share browsing data. Because we only use a strictly necessary cookie, we do not show a cookie consent banner.',
      ],
    },
    {
      heading: '4. Payments handled by Stripe',
      paragraphs: [
        'When a sponsor or donor pays by card, the payment form is provided by Stripe. Stripe may set its own cookies on its payment pages for fraud prevention and security. Those cookies are set and controlled by Stripe, not Pennant, and are described in Stripe’s own cookie policy at stripe.com.',
      ],
    },
    {
      heading: '5. Managing cookies',
      paragraphs: [
        'You can view and delete cookies in your browser settings. If you block or delete Pennant’s session cookie you will be signed out, and you will not be able to sign in while it is blocked, because the Service needs it to know who you are. Browsing the public pages of our website works without any cookies.',
      ],
    },
    {
      heading: '6. Changes to this policy',
      paragraphs: [
        'If we ever add another cookie, we will update this policy first and change the “Last updated” date above. If a new cookie is not strictly necessary, we will ask for your consent before setting it.',
      ],
    },
    {
      heading: '7. Contact',
      paragraphs: [
        'Questions about cookies can be sent to support@pennant.app. See our Privacy Policy for how we handle personal information more generally.',
      ],
    },
  ],
};
