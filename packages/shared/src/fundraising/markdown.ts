import { Marked, type Tokens } from 'marked';
import TurndownService from 'turndown';
import { fillTextPlaceholders, type TPlaceholderValues } from './rules';

/**
 * The campaign e-mail body both ways (spec 002 §5.5: "The body is converted between markdown-like
 * text and HTML"). The subset: paragraphs, **bold**, *italic*, - and 1. lists, [links](https://…)
 * and line breaks (a single newline is a <br>). The placeholders ([Recipient], [Donate Buttons] …)
 * are plain bracketed text in both forms, never links.
 *
 * Safety: the HTML is built by marked with a renderer that escapes every raw HTML token (a
 * <script> typed in the body is text), keeps only http, https and mailto links, and shows images
 * as their alt text. The way back is turndown: in the browser it parses with the browser's inert
 * DOMParser, in Node with its bundled DOM (domino); neither needs a global document, and the
 * package's browser field leaves domino out of the web build.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value → HTML that shows it as written. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Links the e-mail may carry: web pages and mail addresses, nothing a client would run. */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(href.trim());
}

// ---------------------------------------------------------------------------------------------
// markdown → HTML
// ---------------------------------------------------------------------------------------------

/** marked's own URL cleaning (encodeURI, keeping existing %-escapes); null when it cannot be encoded. */
function cleanUrl(href: string): string | null {
  try {
    return encodeURI(href).replace(/%25/g, '%');
  } catch {
    return null;
  }
}

const toHtml = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  tokenizer: {
    // No reference definitions: '[Recipient]: …' must not turn the placeholder into a link, and
    // '[x][y]' stays text. Returning undefined (not false) skips marked's own def tokenizer.
    def: () => undefined,
  },
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag) {
      if (!block) return escapeHtml(text);
      return `<p>${escapeHtml(text.trim()).replace(/\n/g, '<br>\n')}</p>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const clean = isSafeHref(href) ? cleanUrl(href.trim()) : null;
      return clean === null ? inner : `<a href="${escapeHtml(clean)}">${inner}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

/** The editor's markdown-like body → the e-mail's HTML (safe to place in a page or message). */
export function markdownToHtml(md: string): string {
  return toHtml.parse(md, { async: false }).trim();
}

// ---------------------------------------------------------------------------------------------
// HTML → markdown
// ---------------------------------------------------------------------------------------------

/**
 * The part of a DOM element the rules below read. turndown hands over a browser element or a
 * domino one; both have these (kept structural so the shared package needs no DOM typings).
 */
interface TDomElement {
  readonly nodeName: string;
  readonly textContent: string | null;
  readonly parentElement: TDomElement | null;
  readonly previousElementSibling: TDomElement | null;
  readonly previousSibling: { readonly textContent: string | null } | null;
  readonly nextSibling: { readonly textContent: string | null } | null;
  getAttribute(name: string): string | null;
}

/**
 * turndown hands its rules DOM elements, typed by the including app's DOM typings (the server has
 * none of its own): each callback takes `unknown` and checks the few fields it reads.
 */
function isDomElement(node: unknown): node is TDomElement {
  return (
    typeof node === 'object' &&
    node !== null &&
    'nodeName' in node &&
    typeof node.nodeName === 'string' &&
    'getAttribute' in node &&
    typeof node.getAttribute === 'function'
  );
}
const named = (name: string) => (node: unknown) => isDomElement(node) && node.nodeName === name;

/**
 * turndown's escapes (so text never turns into markup) with three changes that keep the editor's
 * text readable and the placeholders intact: brackets are escaped only where they would open a
 * link ('](' ), '_' only where it could start or end emphasis (not inside words like
 * john_doe), and '&' before something that reads like an entity. '<' is left alone: raw HTML in
 * the markdown is always shown as text.
 */
const MARKDOWN_ESCAPES: [RegExp, string][] = [
  [/\\/g, '\\\\'],
  [/\*/g, '\\*'],
  [/^-/g, '\\-'],
  [/^\+ /g, '\\+ '],
  [/^(=+)/g, '\\$1'],
  [/^(#{1,6}) /g, '\\$1 '],
  [/`/g, '\\`'],
  [/^~~~/g, '\\~~~'],
  [/\](?=\()/g, '\\]'],
  [/^>/g, '\\>'],
  [/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_'],
  [/&(?=#?[a-z0-9]+;)/gi, '\\&'],
  [/^(\d+)\. /g, '$1\\. '],
];

function escapeMarkdown(text: string): string {
  return MARKDOWN_ESCAPES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Elements whose content is never e-mail text. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'head',
  'title',
  'meta',
  'link',
  'svg',
  'math',
  'canvas',
  'select',
  'textarea',
]);

/** A bare web address or e-mail that marked's GFM autolinking turns back into the same link. */
const BARE_URL = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/[\w\-./%?=&#+]*)?$/i;
const BARE_EMAIL = /^[\w.+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const endsCleanly = (s: string) => /[a-z0-9/]$/i.test(s);
/**
 * Autolinking finds the same address again only when nothing glues onto it: a space (or the
 * start) before, and a space, the end, or closing punctuation and then a space after.
 */
function standsAlone(node: TDomElement): boolean {
  const before = node.previousSibling?.textContent ?? '';
  const after = node.nextSibling?.textContent ?? '';
  return (before === '' || /\s$/.test(before)) && (after === '' || /^(\s|[.,;:!?](\s|$))/.test(after));
}

/** Link destinations: spaces encoded, parentheses escaped (markdown's own escape). */
const linkDestination = (href: string) => href.replace(/\s/g, (c) => encodeURIComponent(c)).replace(/([()])/g, '\\$1');

function linkMarkdown(content: string, node: TDomElement): string {
  const href = (node.getAttribute('href') ?? '').trim();
  if (!isSafeHref(href) || content.trim() === '') return content;
  const text = (node.textContent ?? '').trim();
  const alone = standsAlone(node) && endsCleanly(text);
  if (text === href && BARE_URL.test(text)) return alone ? text : `<${text}>`;
  if (href === `mailto:${text}` && BARE_EMAIL.test(text)) return alone ? text : `<${text}>`;
  if (text === href && /^https?:\/\//i.test(href) && !/[\s<>]/.test(href)) return `<${href}>`;
  return `[${content}](${linkDestination(href)})`;
}

/** Lists as people type them: '- item' and '1. item', continuation lines indented under the text. */
function listItemMarkdown(content: string, node: TDomElement): string {
  const parent = node.parentElement;
  let prefix = '- ';
  if (parent?.nodeName === 'OL') {
    const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10);
    let index = 0;
    for (let s = node.previousElementSibling; s; s = s.previousElementSibling) index += 1;
    prefix = `${(Number.isFinite(start) ? start : 1) + index}. `;
  }
  const isParagraph = /\n$/.test(content);
  const body = content.replace(/^\n+/, '').replace(/\n+$/, '') + (isParagraph ? '\n' : '');
  const indented = body.replace(/\n(?=.)/g, `\n${' '.repeat(prefix.length)}`);
  return prefix + indented + (node.nextSibling && !/\n$/.test(indented) ? '\n' : '');
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    codeBlockStyle: 'fenced',
    hr: '---',
    // A <br> becomes a plain newline, which markdownToHtml (breaks: true) turns back into a <br>.
    br: '',
  });
  service.escape = escapeMarkdown;
  service.remove((node: unknown) => isDomElement(node) && DROPPED.has(node.nodeName.toLowerCase()));
  service.addRule('safeLink', {
    filter: named('A'),
    replacement: (content: string, node: unknown) => (isDomElement(node) ? linkMarkdown(content, node) : content),
  });
  service.addRule('imageAlt', {
    filter: named('IMG'),
    replacement: (_content: string, node: unknown) =>
      isDomElement(node) ? escapeMarkdown(node.getAttribute('alt') ?? '') : '',
  });
  service.addRule('listItem', {
    filter: named('LI'),
    replacement: (content: string, node: unknown) => (isDomElement(node) ? listItemMarkdown(content, node) : content),
  });
  return service;
}

let turndown: TurndownService | null = null;

/** E-mail HTML (the editor's, or an AI draft's) → the editor's markdown-like text. */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return '';
  turndown ??= createTurndown();
  return turndown.turndown(html);
}

/**
 * The text placeholders filled into HTML made by markdownToHtml: the values are escaped, so a
 * contact's name is only ever text. [Donate Buttons] and [Unsubscribe] stay for the template.
 */
export function fillHtmlPlaceholders(html: string, v: TPlaceholderValues): string {
  return fillTextPlaceholders(html, {
    ...v,
    recipient: escapeHtml(v.recipient),
    playerName: escapeHtml(v.playerName),
    campaignName: escapeHtml(v.campaignName),
    organizationName: escapeHtml(v.organizationName),
  });
}
