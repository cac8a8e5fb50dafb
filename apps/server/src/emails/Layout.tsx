/** @jsxRuntime automatic */
/**
 * The one layout every Pennant e-mail uses: the wordmark, a heading, the message, an optional
 * button with the link repeated as text, and a footer. React escapes every value, so templates
 * pass names and addresses as they are and write bold parts as <strong>.
 *
 * Every .tsx file here starts with the automatic-JSX-runtime pragma: `npm run dev` and the benches
 * run tsx from the repository root, where no tsconfig sets the JSX runtime, and classic JSX would
 * need React in scope.
 */
import { Body, Button, Column, Container, Head, Heading, Html, Link, Row, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

export interface TRenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const TAGLINE = 'Pennant: sponsorships and fundraising for volunteer sports organizations';

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BLUE = '#1d4ed8';

export interface TLayoutProps {
  /** The e-mail's subject, also the HTML document's title. */
  subject: string;
  heading: string;
  /** The message, as <Paragraph>s. */
  children: ReactNode;
  button?: { label: string; url: string };
  /** Smaller lines under the button. */
  notes?: string[];
  /** The last line; the tagline when there is none. */
  footer?: string;
}

/** A table cell of the card: padding on a td is what every mail client honours. */
function Block({ style, skipInText, children }: { style: CSSProperties; skipInText?: boolean; children: ReactNode }) {
  return (
    <Row>
      <Column style={style} data-skip-in-text={skipInText ? 'true' : undefined}>
        {children}
      </Column>
    </Row>
  );
}

/** A paragraph of the message. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ margin: '0 0 16px 0', fontSize: '16px', lineHeight: 1.5 }}>{children}</Text>;
}

const small: CSSProperties = { margin: '0 0 12px 0', fontSize: '14px', lineHeight: 1.5, color: '#4b5563' };

export function Layout({ subject, heading, children, button, notes = [], footer }: TLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: FONT, color: '#1f2937', margin: 0, padding: '32px 16px' }}>
        <Container
          style={{ maxWidth: '520px', backgroundColor: '#ffffff', borderRadius: '12px', border: '1px solid #e5e7eb' }}
        >
          <Block
            skipInText
            style={{
              padding: '28px 32px 8px 32px',
              fontSize: '14px',
              fontWeight: 700,
              letterSpacing: '0.04em',
              color: BLUE,
              textTransform: 'uppercase',
            }}
          >
            Pennant
          </Block>
          <Block style={{ padding: '8px 32px 0 32px' }}>
            <Heading as="h1" style={{ margin: '0 0 12px 0', fontSize: '22px', lineHeight: 1.3, color: '#111827' }}>
              {heading}
            </Heading>
            {children}
          </Block>
          {button && (
            <Block style={{ padding: '8px 32px 8px 32px' }}>
              <Button
                href={button.url}
                style={{
                  backgroundColor: BLUE,
                  color: '#ffffff',
                  fontSize: '16px',
                  fontWeight: 600,
                  padding: '12px 24px',
                  borderRadius: '8px',
                }}
              >
                {button.label}
              </Button>
            </Block>
          )}
          <Block style={{ padding: '16px 32px 0 32px' }}>
            {notes.map((note) => (
              <Text key={note} style={small}>
                {note}
              </Text>
            ))}
            {button && (
              <Text style={small} data-skip-in-text="true">
                If the button does not work, copy this address into your browser:
                <br />
                <Link
                  href={button.url}
                  style={{ color: BLUE, textDecorationLine: 'underline', wordBreak: 'break-all' }}
                >
                  {button.url}
                </Link>
              </Text>
            )}
          </Block>
          <Block style={{ padding: '8px 32px 28px 32px', borderTop: '1px solid #f3f4f6' }}>
            <Text style={{ margin: '12px 0 0 0', fontSize: '12px', lineHeight: 1.5, color: '#9ca3af' }}>
              {footer ?? TAGLINE}
            </Text>
          </Block>
        </Container>
      </Body>
    </Html>
  );
}

/** Renders an e-mail both ways: HTML for mail clients, plain text for the text/plain part. */
export async function renderEmail(subject: string, email: ReactElement): Promise<TRenderedEmail> {
  const [html, text] = await Promise.all([
    render(email),
    render(email, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] },
    }),
  ]);
  return { subject, html, text };
}
