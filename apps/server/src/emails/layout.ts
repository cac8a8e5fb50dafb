/**
 * The one layout every Pennant e-mail uses: a heading, paragraphs, an optional button with the
 * link repeated as text, and a footer. Values are escaped here, so templates pass plain text.
 */
export interface TEmailContent {
  subject: string;
  heading: string;
  /** Plain-text paragraphs; `**bold**` spans become <strong>. */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Smaller lines under the button. */
  notes?: string[];
  footer?: string;
}

export interface TRenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const strong = (s: string) => escapeHtml(s).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
const plain = (s: string) => s.replace(/\*\*(.+?)\*\*/g, '$1');

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderEmail(content: TEmailContent): TRenderedEmail {
  const { button } = content;
  const text = [
    ...content.paragraphs.map(plain),
    ...(button ? [`${button.label}:`, button.url] : []),
    ...(content.notes ?? []).map(plain),
    ...(content.footer ? [content.footer] : []),
    'Pennant: sponsorships and fundraising for volunteer sports organizations',
  ].join('\n\n');

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px 0;font-size:16px;line-height:1.5;">${strong(p)}</p>`)
    .join('\n          ');
  const buttonHtml = button
    ? `<tr><td style="padding:8px 32px 8px 32px;">
          <a href="${escapeHtml(button.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-size:16px;font-weight:600;padding:12px 24px;border-radius:8px;">${escapeHtml(button.label)}</a>
        </td></tr>`
    : '';
  const notes = [
    ...(content.notes ?? []).map((n) => `<p style="margin:0 0 12px 0;">${strong(n)}</p>`),
    ...(button
      ? [
          `<p style="margin:0 0 12px 0;">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(button.url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(button.url)}</a></p>`,
        ]
      : []),
  ].join('\n          ');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:${FONT};color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 16px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb;">
        <tr><td style="padding:28px 32px 8px 32px;font-size:14px;font-weight:700;letter-spacing:0.04em;color:#1d4ed8;text-transform:uppercase;">Pennant</td></tr>
        <tr><td style="padding:8px 32px 0 32px;">
          <h1 style="margin:0 0 12px 0;font-size:22px;line-height:1.3;color:#111827;">${escapeHtml(content.heading)}</h1>
          ${paragraphs}
        </td></tr>
        ${buttonHtml}
        <tr><td style="padding:16px 32px 0 32px;font-size:14px;line-height:1.5;color:#4b5563;">
          ${notes}
        </td></tr>
        <tr><td style="padding:8px 32px 28px 32px;font-size:12px;line-height:1.5;color:#9ca3af;border-top:1px solid #f3f4f6;">
          <p style="margin:12px 0 0 0;">${escapeHtml(content.footer ?? 'Pennant: sponsorships and fundraising for volunteer sports organizations')}</p>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { subject: content.subject, html, text };
}
