import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink, Container, SIGNUP_URL } from './SiteUi';

interface CtaBannerProps {
  title: string;
  description: string;
  /** Secondary link(s); defaults to "See How It Works". */
  secondary?: ReactNode;
}

/** Closing call to action shown at the bottom of most pages. */
export function CtaBanner({ title, description, secondary }: CtaBannerProps) {
  return (
    <section className="bg-white py-12 md:py-16">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(circle_at_0%_0%,rgb(59_130_246/0.55),transparent_45%),radial-gradient(circle_at_100%_100%,rgb(30_64_175/0.8),transparent_50%)]"
          />
          <div className="relative">
            <h2 className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white md:text-4xl">
              {title}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{description}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink href={SIGNUP_URL} variant="accent" size="lg">
                Get Started Free
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
              {secondary ?? (
                <ButtonLink href="/how-it-works" variant="light" size="lg">
                  See How It Works
                </ButtonLink>
              )}
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
