import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { TAppEnv } from '../../http/env';
import { FONT_SANS } from '../../http/page-style';
import { listOutbox, outboxDir } from '../../integrations/mail/outbox';

/** The local outbox, for people and tests: only mounted when mail goes nowhere else. */
export function mountMailbox(app: Hono<TAppEnv>): void {
  // Sizes each preview to its whole message (the page's policy allows only scripts of our own origin).
  app.get('/dev/mailbox/mailbox.js', (c) =>
    c.body(FIT_PREVIEWS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  app.get('/dev/mailbox/messages.json', (c) => c.json({ messages: listOutbox(c.get('deps').config.dataDir) }));

  app.get('/dev/mailbox/files/:file', (c) => {
    const file = basename(c.req.param('file'));
    const dir = outboxDir(c.get('deps').config.dataDir);
    const entry = listOutbox(c.get('deps').config.dataDir)
      .flatMap((m) => m.attachments)
      .find((a) => a.file === file);
    if (!entry) return c.json({ error: { code: 'not_found', message: 'Attachment not found' } }, 404);
    return c.body(readFileSync(join(dir, file)), 200, {
      'Content-Type': entry.contentType,
      'Content-Disposition': `attachment; filename="${entry.name.replace(/"/g, '')}"`,
    });
  });

  app.get('/dev/mailbox', (c) => {
    const messages = listOutbox(c.get('deps').config.dataDir);
    const items = messages.map(
      (m) => html`<article class="msg">
        <header>
          <h2>${m.subject}</h2>
          <dl>
            <dt>From</dt><dd>${m.from}</dd>
            <dt>To</dt><dd>${m.to.join(', ')}</dd>
            ${m.cc?.length ? html`<dt>Cc</dt><dd>${m.cc.join(', ')}</dd>` : ''}
            ${m.replyTo ? html`<dt>Reply-To</dt><dd>${m.replyTo}</dd>` : ''}
            <dt>Sent</dt><dd><time datetime="${m.sentAt}">${new Date(m.sentAt).toUTCString()}</time></dd>
          </dl>
        </header>
        <iframe title="Message: ${m.subject}" sandbox="allow-same-origin" srcdoc="${m.html}"></iframe>
        ${
          m.attachments.length
            ? html`<ul class="att">${m.attachments.map(
                (a) =>
                  html`<li><a href="/dev/mailbox/files/${a.file}" download="${a.name}">${a.name}</a> (${Math.ceil(a.size / 1024)} KB)</li>`,
              )}</ul>`
            : ''
        }
      </article>`,
    );
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox — Pennant</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${raw(`body{font-family:${FONT_SANS};margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:900px;margin:0 auto;padding:24px 16px}h1{font-size:22px}.msg{background:#fff;border:1px solid #e2e8f0;border-radius:10px;margin:16px 0;padding:16px}
.msg h2{font-size:17px;margin:0 0 8px;overflow-wrap:anywhere}dl{display:grid;grid-template-columns:80px minmax(0,1fr);gap:2px 8px;margin:0;font-size:14px}dt{color:#64748b}dd{margin:0;overflow-wrap:anywhere}
iframe{display:block;width:100%;height:480px;border:1px solid #e2e8f0;border-radius:6px;margin-top:12px;background:#fff}.att{font-size:14px;overflow-wrap:anywhere}`)}</style>
<script src="/dev/mailbox/mailbox.js" defer></script></head>
<body><main><h1>Local mailbox</h1><p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first. Mail is kept here because no SMTP or Postmark settings are configured.</p>
${messages.length ? items : html`<p>No messages yet.</p>`}</main></body></html>`);
  });
}

/**
 * Each preview (a sandboxed frame: the message's own scripts never run, but this page may read its
 * size) is as tall as its message, so the whole message shows; again when the width changes.
 */
const FIT_PREVIEWS = `function fit(frame) {
  var doc = frame.contentDocument;
  if (!doc || !doc.documentElement) return;
  frame.style.height = '0px';
  frame.style.height = Math.max(doc.documentElement.scrollHeight, doc.body ? doc.body.scrollHeight : 0) + 2 + 'px';
}
function fitAll() { document.querySelectorAll('iframe').forEach(fit); }
document.querySelectorAll('iframe').forEach(function (frame) {
  frame.addEventListener('load', function () { fit(frame); });
  fit(frame);
});
window.addEventListener('resize', fitAll);
`;
