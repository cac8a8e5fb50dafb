import { describe, expect, it } from 'vitest';
import { escapeHtml, fillHtmlPlaceholders, htmlToMarkdown, isSafeHref, markdownToHtml } from './markdown';
import { PLACEHOLDERS } from './rules';

/** A canonical body in the supported subset: what the editor writes and reads back unchanged. */
const BODY = [
  'Dear [Recipient],',
  '',
  'This season **[Player Name]** is raising money with *[Organization Name]* for [Campaign Name].',
  'Our goal is [Goal Amount].',
  '',
  '- new uniforms',
  '- travel to **two** tournaments',
  '  - and the *regional* final',
  '',
  '1. Pick an amount',
  '2. Press the button below',
  '',
  '[Donate Buttons]',
  '',
  'Questions? Read [our FAQ](https://club.example/faq?season=2025&team=u12) or write to coach_sam@club.example.',
  'Thank you!',
  '',
  '[Unsubscribe]',
].join('\n');

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'hr']);

/**
 * True when the HTML can run nothing: only the subset's tags, and no attribute but an http(s) or
 * mailto href on a link and a numeric start on a list.
 */
function isInert(html: string): boolean {
  for (const [, name = '', attrs = ''] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    const tag = name.toLowerCase();
    if (!ALLOWED_TAGS.has(tag) && !/^h[1-6]$/.test(tag)) return false;
    const rest = attrs
      .replace(/^\s*href="(https?:\/\/|mailto:)[^"]*"/i, '')
      .replace(/^\s*start="\d+"/, '')
      .trim();
    if (rest !== '' && rest !== '/') return false;
  }
  return true;
}

describe('markdownToHtml', () => {
  it('renders the subset: paragraphs, bold, italic, lists, links and line breaks', () => {
    expect(markdownToHtml(BODY)).toBe(
      [
        '<p>Dear [Recipient],</p>',
        '<p>This season <strong>[Player Name]</strong> is raising money with <em>[Organization Name]</em> for [Campaign Name].<br>Our goal is [Goal Amount].</p>',
        '<ul>',
        '<li>new uniforms</li>',
        '<li>travel to <strong>two</strong> tournaments<ul>',
        '<li>and the <em>regional</em> final</li>',
        '</ul>',
        '</li>',
        '</ul>',
        '<ol>',
        '<li>Pick an amount</li>',
        '<li>Press the button below</li>',
        '</ol>',
        '<p>[Donate Buttons]</p>',
        '<p>Questions? Read <a href="https://club.example/faq?season=2025&amp;team=u12">our FAQ</a> or write to <a href="mailto:coach_sam@club.example">coach_sam@club.example</a>.<br>Thank you!</p>',
        '<p>[Unsubscribe]</p>',
      ].join('\n'),
    );
  });

  it('keeps every placeholder as plain text, even with a reference definition for it', () => {
    for (const placeholder of PLACEHOLDERS) {
      expect(markdownToHtml(`Hi ${placeholder}!`)).toBe(`<p>Hi ${placeholder}!</p>`);
    }
    const html = markdownToHtml('[Donate Buttons]\n\n[Donate Buttons]: https://evil.example');
    expect(html).toMatch(/^<p>\[Donate Buttons\]<\/p>/);
    expect(html).not.toContain('<a href="https://evil.example">[Donate Buttons]');
    expect(markdownToHtml('[Recipient][1]\n\n[1]: https://evil.example')).not.toContain('>Recipient<');
  });

  it('shows raw HTML as text, never as markup', () => {
    expect(markdownToHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(markdownToHtml('Hi <img src=x onerror=alert(1)> there')).toBe(
      '<p>Hi &lt;img src=x onerror=alert(1)&gt; there</p>',
    );
    expect(markdownToHtml('<div onclick="steal()">\n**x**\n</div>')).toBe(
      '<p>&lt;div onclick=&quot;steal()&quot;&gt;<br>\n**x**<br>\n&lt;/div&gt;</p>',
    );
  });

  it('keeps only http, https and mailto links; others become their text', () => {
    expect(markdownToHtml('[a](http://x.example) [b](mailto:pat@x.example)')).toBe(
      '<p><a href="http://x.example">a</a> <a href="mailto:pat@x.example">b</a></p>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:x',
      'data:text/html,hi',
      '/relative/page',
      '#top',
      'www.club.example',
    ]) {
      expect(markdownToHtml(`[click](${href})`)).toBe('<p>click</p>');
    }
    expect(markdownToHtml('<javascript:alert(1)>')).not.toContain('href');
  });

  it('shows an image as its alt text', () => {
    expect(markdownToHtml('![Team photo](https://club.example/team.png)')).toBe('<p>Team photo</p>');
  });

  it('encodes link addresses so they cannot leave the attribute', () => {
    const html = markdownToHtml('[w](<https://a.example/" onclick="x>)');
    expect(html).toBe('<p><a href="https://a.example/%22%20onclick=%22x">w</a></p>');
  });

  it('is empty for an empty body', () => {
    expect(markdownToHtml('')).toBe('');
  });
});

describe('htmlToMarkdown', () => {
  it('works without a browser document (turndown brings its own in Node)', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    expect(htmlToMarkdown('<p>Hi <b>there</b></p>')).toBe('Hi **there**');
  });

  it('reads an AI draft: headings, bold, italic, lists, links and breaks', () => {
    const html = [
      '<h2>Support [Player Name]</h2>',
      '<p>Dear [Recipient],<br>thanks for <strong>everything</strong>, <i>truly</i>.</p>',
      '<ul><li>Uniforms</li><li>Travel</li></ul>',
      '<ol start="3"><li>Three</li><li>Four</li></ol>',
      '<p><a href="https://club.example/donate">Give now</a></p>',
      '<p>[Donate Buttons]</p><p>[Unsubscribe]</p>',
    ].join('');
    expect(htmlToMarkdown(html)).toBe(
      [
        '## Support [Player Name]',
        '',
        'Dear [Recipient],',
        'thanks for **everything**, *truly*.',
        '',
        '- Uniforms',
        '- Travel',
        '',
        '3. Three',
        '4. Four',
        '',
        '[Give now](https://club.example/donate)',
        '',
        '[Donate Buttons]',
        '',
        '[Unsubscribe]',
      ].join('\n'),
    );
  });

  it('drops scripts and styles, unwraps unsafe links and turns images into their alt text', () => {
    const html =
      '<style>p{color:red}</style><p>Hi<script>alert(1)</script> <a href="javascript:alert(1)">there</a> <img src="x" onerror="alert(1)" alt="logo"></p>';
    expect(htmlToMarkdown(html)).toBe('Hi there logo');
  });

  it('escapes text that would read as markup, but not placeholders or words like john_doe', () => {
    const md = htmlToMarkdown('<p>*not bold* and [a](b) for john_doe and _x_ at [Recipient]</p>');
    expect(md).toBe('\\*not bold\\* and [a\\](b) for john_doe and \\_x\\_ at [Recipient]');
    expect(markdownToHtml(md)).toBe('<p>*not bold* and [a](b) for john_doe and _x_ at [Recipient]</p>');
  });

  it('is empty for empty HTML', () => {
    expect(htmlToMarkdown('')).toBe('');
    expect(htmlToMarkdown('   ')).toBe('');
  });
});

describe('round trips', () => {
  it('markdown → HTML → markdown gives the same text for the subset', () => {
    expect(htmlToMarkdown(markdownToHtml(BODY))).toBe(BODY);
  });

  it.each([
    'One paragraph.',
    'Line one\nline two\n\nNext paragraph',
    '**bold** and *italic* and ***both***',
    '- a\n- b\n\n1. one\n2. two',
    '10. ten\n11. eleven',
    'Visit https://club.example/donate, or <https://club.example/(2025)>.',
    'Mail pat.lee+fund@club.example today',
    'Costs $25 & up: 100% to [Player Name]',
    'Literal \\*stars\\* and \\[brackets\\](here)',
    '<b>typed tags</b> stay text',
  ])('HTML → markdown → HTML is stable for %j', (md) => {
    const html = markdownToHtml(md);
    const back = htmlToMarkdown(html);
    expect(markdownToHtml(back)).toBe(html);
    expect(htmlToMarkdown(markdownToHtml(back))).toBe(back);
  });

  it('keeps every placeholder unchanged both ways', () => {
    for (const placeholder of PLACEHOLDERS) {
      const md = `Before ${placeholder} after\n\n${placeholder}`;
      expect(htmlToMarkdown(markdownToHtml(md))).toBe(md);
      expect(htmlToMarkdown(`<p>${placeholder}</p>`)).toBe(placeholder);
    }
  });
});

describe('XSS payloads never come out live', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><circle/></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
    '<a href="https://ok.example" onclick="alert(1)">ok</a>',
    '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">hi</p>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '<javascript:alert(1)>',
    '![x](javascript:alert(1))',
    '[x](https://ok.example "t" onclick="alert(1)")',
    '[<img src=x onerror=alert(1)>](https://ok.example)',
    '`<script>`\n\n```\n<script>alert(1)</script>\n```',
  ];

  it.each(payloads)('markdownToHtml(%j) is inert', (payload) => {
    expect(isInert(markdownToHtml(payload))).toBe(true);
  });

  it.each(payloads)('markdownToHtml(htmlToMarkdown(%j)) is inert', (payload) => {
    expect(isInert(markdownToHtml(htmlToMarkdown(payload)))).toBe(true);
  });

  it('the inertness check itself catches live markup', () => {
    expect(isInert('<p onclick="x">a</p>')).toBe(false);
    expect(isInert('<img src=x>')).toBe(false);
    expect(isInert('<a href="javascript:x">a</a>')).toBe(false);
    expect(isInert('<p>a<br><a href="https://x.example">b</a></p>')).toBe(true);
  });
});

describe('helpers', () => {
  it('isSafeHref accepts only web and mail links', () => {
    expect(isSafeHref('https://x.example')).toBe(true);
    expect(isSafeHref(' HTTP://x.example ')).toBe(true);
    expect(isSafeHref('mailto:pat@x.example')).toBe(true);
    expect(isSafeHref('https://')).toBe(false);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref('//evil.example')).toBe(false);
  });

  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('fillHtmlPlaceholders fills escaped values and leaves the buttons and the link', () => {
    const html = markdownToHtml('Dear [Recipient], from [Organization Name]\n\n[Donate Buttons]\n\n[Unsubscribe]');
    expect(
      fillHtmlPlaceholders(html, {
        recipient: '<img src=x onerror=alert(1)>',
        playerName: '',
        campaignName: 'Drive',
        organizationName: 'A & B FC',
        goalCents: null,
      }),
    ).toBe(
      '<p>Dear &lt;img src=x onerror=alert(1)&gt;, from A &amp; B FC</p>\n<p>[Donate Buttons]</p>\n<p>[Unsubscribe]</p>',
    );
  });
});
