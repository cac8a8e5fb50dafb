import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize';

describe('the blast e-mail sanitiser', () => {
  it('keeps what the editor makes: paragraphs, breaks, bold, italic, lists, links and font sizes', () => {
    const html =
      '<p>Hi <strong>Alice</strong>, <em>thanks</em><br>for <u>everything</u>.</p>' +
      '<ul><li>Banner</li></ul><ol><li>Scoreboard</li></ol>' +
      '<p><a href="https://club.example/sponsor">Our options</a> or <a href="mailto:lead@club.example">write</a></p>' +
      '<p><span style="font-size: 1.25em">Big</span> <span style="font-size: 14px">small</span></p>';
    const clean = sanitizeEmailHtml(html);
    expect(clean).toContain('<strong>Alice</strong>');
    expect(clean).toContain('<em>thanks</em><br />');
    expect(clean).toContain('<ul><li>Banner</li></ul><ol><li>Scoreboard</li></ol>');
    expect(clean).toContain(
      '<a href="https://club.example/sponsor" target="_blank" rel="noopener noreferrer">Our options</a>',
    );
    expect(clean).toContain('<a href="mailto:lead@club.example" target="_blank" rel="noopener noreferrer">write</a>');
    expect(clean).toContain('<span style="font-size:1.25em">Big</span>');
    expect(clean).toContain('<span style="font-size:14px">small</span>');
  });

  it.each([
    ['a script', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an event handler', '<p onclick="alert(1)">Hi<img src=x onerror="alert(1)"></p>', '<p>Hi</p>'],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">Click</a>',
      '<a target="_blank" rel="noopener noreferrer">Click</a>',
    ],
    [
      'an encoded javascript: link',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      'a data: link',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['a style element', '<style>p{display:none}</style><p>Hi</p>', '<p>Hi</p>'],
    ['style injection', '<p style="position:fixed;top:0">Hi</p>', '<p>Hi</p>'],
    [
      'a background image beside a size',
      '<span style="font-size:1.25em;background:url(https://evil.example/x.png)">Hi</span>',
      '<span style="font-size:1.25em">Hi</span>',
    ],
    ['a size that is an expression', '<span style="font-size:expression(alert(1))">Hi</span>', 'Hi'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>Hi</p>', '<p>Hi</p>'],
    ['svg', '<svg onload="alert(1)"><circle r="1"/></svg><p>Hi</p>', '<p>Hi</p>'],
    ['a form', '<form action="https://evil.example"><input name="x"></form><p>Hi</p>', '<p>Hi</p>'],
  ])('removes %s', (_what, dirty, clean) => {
    expect(sanitizeEmailHtml(dirty)).toBe(clean);
  });
});
