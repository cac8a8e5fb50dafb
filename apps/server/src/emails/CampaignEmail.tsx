/** @jsxRuntime automatic */
import { Button, Link, Section, Text } from '@react-email/components';
import { Fragment } from 'react';
import { Layout } from './Layout';

/**
 * A campaign e-mail's body in order: the editor's text as HTML (markdownToHtml, placeholders
 * filled with escaped values) around the two blocks the placeholders [Donate Buttons] and
 * [Unsubscribe] stand for.
 */
export type TCampaignEmailPart = { kind: 'html'; html: string } | { kind: 'donate' } | { kind: 'unsubscribe' };

export interface TDonateButton {
  /** '$25' … or 'Other amount'. */
  label: string;
  url: string;
}

export interface TCampaignEmailProps {
  subject: string;
  /** The campaign's name. */
  heading: string;
  organizationName: string;
  parts: TCampaignEmailPart[];
  donateButtons: TDonateButton[];
  unsubscribeUrl: string;
}

const BLUE = '#1d4ed8';

function DonateButtons({ buttons }: { buttons: TDonateButton[] }) {
  return (
    <Section style={{ margin: '8px 0 16px 0' }}>
      {buttons.map((b) => (
        <Fragment key={b.label}>
          {/* A space between the buttons: the text part would otherwise run one link into the next. */}{' '}
          <Button
            href={b.url}
            style={{
              backgroundColor: BLUE,
              color: '#ffffff',
              fontSize: '16px',
              fontWeight: 600,
              padding: '10px 18px',
              borderRadius: '8px',
              margin: '0 8px 8px 0',
            }}
          >
            {b.label}
          </Button>
        </Fragment>
      ))}
    </Section>
  );
}

function Unsubscribe({ url }: { url: string }) {
  return (
    <Text style={{ margin: '16px 0 8px 0', fontSize: '13px', lineHeight: 1.5, color: '#6b7280' }}>
      Don't want these e-mails?{' '}
      <Link href={url} style={{ color: '#6b7280', textDecorationLine: 'underline' }}>
        Unsubscribe
      </Link>
    </Text>
  );
}

/** One contact's campaign e-mail: the organization's words, its donate buttons and the opt-out link. */
export function CampaignEmail({
  subject,
  heading,
  organizationName,
  parts,
  donateButtons,
  unsubscribeUrl,
}: TCampaignEmailProps) {
  return (
    <Layout subject={subject} heading={heading} footer={`Sent for ${organizationName} through Pennant.`}>
      {parts.map((part, i) => {
        // biome-ignore-start lint/suspicious/noArrayIndexKey: parts have no identity beyond their order
        if (part.kind === 'donate') return <DonateButtons key={i} buttons={donateButtons} />;
        if (part.kind === 'unsubscribe') return <Unsubscribe key={i} url={unsubscribeUrl} />;
        return (
          <div
            key={i}
            style={{ margin: '0 0 16px 0', fontSize: '16px', lineHeight: 1.5 }}
            // markdownToHtml escapes raw HTML and keeps only http(s)/mailto links; the filled values are escaped.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built by markdownToHtml and fillHtmlPlaceholders
            dangerouslySetInnerHTML={{ __html: part.html }}
          />
        );
        // biome-ignore-end lint/suspicious/noArrayIndexKey: parts have no identity beyond their order
      })}
    </Layout>
  );
}
