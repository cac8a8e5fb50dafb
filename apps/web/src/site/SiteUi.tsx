import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

export const SIGNUP_URL = '/auth?mode=signup';
export const SIGNIN_URL = '/auth?mode=signin';
export const DASHBOARD_URL = '/dashboard';
export const SUPPORT_EMAIL = 'support@pennant.app';

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const BUTTON_VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-brand-500 hover:text-brand-700',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  accent: 'bg-accent-400 text-slate-900 shadow-sm hover:bg-amber-300',
  light: 'border border-white/40 text-white hover:bg-white/10',
} as const;

const BUTTON_SIZES = {
  sm: 'px-3.5 py-2 text-sm',
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  variant?: keyof typeof BUTTON_VARIANTS;
  size?: keyof typeof BUTTON_SIZES;
  className?: string;
}

export function ButtonLink({ href, children, variant = 'primary', size = 'md', className = '' }: ButtonLinkProps) {
  return (
    <a
      href={href}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors ${FOCUS_RING} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]} ${className}`}
    >
      {children}
    </a>
  );
}

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 md:px-6 lg:px-8 ${className}`}>{children}</div>;
}

interface SectionProps {
  id?: string;
  children: ReactNode;
  tone?: 'white' | 'muted' | 'brand';
  className?: string;
}

const SECTION_TONES = {
  white: 'bg-white',
  muted: 'bg-slate-50',
  brand: 'bg-brand-700 text-white',
} as const;

export function Section({ id, children, tone = 'white', className = '' }: SectionProps) {
  return (
    <section id={id} className={`scroll-mt-20 py-16 md:py-24 ${SECTION_TONES[tone]} ${className}`}>
      <Container>{children}</Container>
    </section>
  );
}

interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
}

export function SectionHeading({ eyebrow, title, description }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      {eyebrow ? <p className="mb-3 text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p> : null}
      <h2 className="text-3xl font-bold tracking-tight text-balance text-slate-900 md:text-4xl">{title}</h2>
      {description ? <p className="mt-4 text-lg text-pretty text-slate-600">{description}</p> : null}
    </div>
  );
}

interface PageHeroProps {
  eyebrow: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** Top banner for inner pages; holds the page's only h1. */
export function PageHero({ eyebrow, title, description, children }: PageHeroProps) {
  return (
    <div className="relative overflow-hidden border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
      <Container className="py-16 text-center md:py-20">
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
          <span className="size-2 rounded-full bg-accent-400" aria-hidden="true" />
          {eyebrow}
        </p>
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 md:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-600">{description}</p>
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </Container>
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}

export function CheckList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface DataTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Index of a column to emphasise (e.g. the "with Pennant" column). */
  highlight?: number;
  /** Render the last row in bold, as a total. */
  totalRow?: boolean;
  note?: string;
}

/** A responsive, accessible table; the first cell of each row is its header. */
export function DataTable({ caption, columns, rows, highlight, totalRow, note }: DataTableProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {/* Wide tables scroll sideways on phones (Chromium and Firefox let keyboards focus such scrollers). */}
      <div className="overflow-x-auto">
        <table className={`w-full text-left text-sm ${columns.length > 3 ? 'min-w-[44rem]' : ''}`}>
          <caption className="px-4 pt-5 pb-3 text-left md:px-6 text-base font-semibold text-slate-900">
            {caption}
          </caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-4 py-3 font-semibold md:px-6 ${i === highlight ? 'text-brand-700' : ''}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.join('|')} className={totalRow ? 'last:bg-slate-50 last:font-semibold' : undefined}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]} scope="row" className="px-4 py-3.5 md:px-6 font-medium text-slate-900">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={columns[i]}
                      className={`px-4 py-3.5 md:px-6 ${i === highlight ? 'bg-brand-50/60 font-semibold text-brand-700' : 'text-slate-700'}`}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="border-t border-slate-100 px-4 py-3 text-xs md:px-6 text-slate-500">{note}</p> : null}
    </div>
  );
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Native disclosure widgets: keyboard and screen-reader accessible without extra script. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group px-6 py-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600">
            {item.question}
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-50 text-lg leading-none text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
