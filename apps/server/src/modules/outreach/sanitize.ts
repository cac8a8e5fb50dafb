import sanitizeHtml from 'sanitize-html';

/*
 * The blast editor's HTML, cleaned on the server before it is stored or sent (issue 16): only what
 * the editor makes survives — paragraphs, line breaks, bold, italic, underline, bullet and numbered
 * lists, links to web and mail addresses (opened in a new tab, no referrer), and a font size on a
 * span. Everything else goes: scripts, styles, frames, SVG, event handlers, javascript: and data:
 * links, and every other CSS property (position, background images …).
 */

/** A font size as the editor writes it: 0.5em–3em, or 8px–48px. */
const FONT_SIZE = [/^(?:0?\.\d{1,3}|[12](?:\.\d{1,3})?|3)em$/, /^(?:[89]|[1-3]\d|4[0-8])px$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: { span: { 'font-size': FONT_SIZE } },
  // The contents of these go with them (the default keeps the text of unknown tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'title', 'head'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeEmailHtml(html: string): string {
  return (
    sanitizeHtml(html, OPTIONS)
      // A span left without a size carries nothing: its text only.
      .replace(/<span>([\s\S]*?)<\/span>/g, '$1')
      .trim()
  );
}
