import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LegalDocument } from '../legal/types';
import { Container, SUPPORT_EMAIL } from '../SiteUi';

/** Turns the support address inside legal copy into a mailto link. */
function withLinks(text: string): ReactNode {
  const parts = text.split(SUPPORT_EMAIL);
  return parts.flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <a
            key={`mail-${part}`}
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {SUPPORT_EMAIL}
          </a>,
          part,
        ],
  );
}

/** Bolds a short "Label:" prefix on list items, e.g. "httpOnly: it cannot be read…". */
function ListItem({ text }: { text: string }) {
  const match = /^([^:]{2,40}):\s(.*)$/s.exec(text);
  if (!match?.[1] || match[2] === undefined) return withLinks(text);
  return (
    <>
      <strong className="font-semibold text-slate-900">{match[1]}:</strong> {withLinks(match[2])}
    </>
  );
}

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function LegalPage({ doc }: { doc: LegalDocument }) {
  const updated = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className="bg-slate-50 py-12 md:py-16">
      <Container className="max-w-3xl">
        <a
          href="/"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </a>
        <article className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <header className="border-b border-slate-200 pb-6">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">{doc.title}</h1>
            <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>
            <p className="mt-4 leading-relaxed text-slate-700">{withLinks(doc.summary)}</p>
          </header>

          <nav aria-label="On this page" className="mt-6 rounded-xl bg-slate-50 p-5">
            <p className="text-sm font-semibold text-slate-900">On this page</p>
            <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
              {doc.sections.map((section) => (
                <li key={section.heading}>
                  <a href={`#${slug(section.heading)}`} className="text-brand-700 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {doc.sections.map((section) => (
            <section key={section.heading} id={slug(section.heading)} className="mt-10 scroll-mt-24">
              <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
              {section.paragraphs?.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700">
                  {withLinks(p)}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-brand-500">
                  {section.list.map((item) => (
                    <li key={item}>
                      <ListItem text={item} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {section.after?.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700">
                  {withLinks(p)}
                </p>
              ))}
            </section>
          ))}
        </article>
        <p className="mt-8 text-center text-sm text-slate-500">
          Questions about this policy? Email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline underline-offset-2">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </Container>
    </div>
  );
}
