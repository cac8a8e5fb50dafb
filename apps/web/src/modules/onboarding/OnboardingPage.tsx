import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '@/app/Sidebar';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { SESSION_KEY, useSession } from '@/lib/session';
import { clearOnboardingKeys, ONBOARDING_KEYS, readKey, writeKey } from '@/lib/storage';
import { MenuWizardStep } from './MenuWizardStep';
import { OrganizationStep } from './OrganizationStep';
import { RolesStep } from './RolesStep';

const STEPS = ['Organization Setup', 'Products Menu', 'Choose Your Roles'] as const;

function storedStep(): number {
  const n = Number(readKey(ONBOARDING_KEYS.step));
  return n >= 1 && n <= 3 ? n : 1;
}

function isLocalHost(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

export function OnboardingPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<number>(() => {
    const saved = storedStep();
    // An owner whose organization exists but whose menu is not set up resumes at step 2.
    if (saved === 1 && session.org && session.isOwner && !session.org.hasCompletedMenuWizard) return 2;
    return saved;
  });

  useEffect(() => {
    document.title = 'Set up your organization — Pennant';
  }, []);

  useEffect(() => {
    if (step > 1 && !session.org) {
      toast.error('Organization not found', { description: 'Please restart onboarding' });
      clearOnboardingKeys();
      setStep(1);
    }
  }, [step, session.org]);

  function goTo(next: number) {
    writeKey(ONBOARDING_KEYS.step, String(next));
    setStep(next);
  }

  const stillOnboarding = readKey(ONBOARDING_KEYS.orgId) !== null || readKey(ONBOARDING_KEYS.step) !== null;
  if (session.org && session.roles.length > 0 && session.org.hasCompletedMenuWizard && !stillOnboarding) {
    return <Navigate to="/dashboard" replace />;
  }

  async function finish() {
    clearOnboardingKeys();
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    navigate('/dashboard', { replace: true });
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-slate-900 px-4 py-3 sm:px-8">
        <Logo />
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Let's set up your organization</h1>
        <p className="mt-1 text-slate-600">Three quick steps and you're ready to sell sponsorships.</p>
        <ProgressBar step={step} />
        <div className="mt-8">
          {step === 1 ? (
            <OrganizationStep
              onCreated={async (org) => {
                writeKey(ONBOARDING_KEYS.orgId, org.id);
                writeKey(ONBOARDING_KEYS.orgName, org.name);
                writeKey(ONBOARDING_KEYS.seasonLabel, org.seasonLabel);
                writeKey(ONBOARDING_KEYS.fiscalMonth, String(org.fiscalStartMonth));
                await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
                goTo(2);
              }}
            />
          ) : null}
          {step === 2 && session.org ? <MenuWizardStep onDone={() => goTo(3)} /> : null}
          {step === 3 && session.org ? <RolesStep onDone={finish} /> : null}
        </div>
        {/* Spec §2: a dev-only reset on local hosts. `import.meta.env.DEV` is false in `vite build`, so
            the button exists only in a development build and is not even in the production bundle. */}
        {import.meta.env.DEV && isLocalHost() ? (
          <div className="mt-10 border-t border-dashed border-slate-300 pt-4">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                clearOnboardingKeys();
                setStep(1);
              }}
            >
              Reset onboarding (development only)
            </Button>
          </div>
        ) : null}
      </main>
    </div>
  );
}

function ProgressBar({ step }: { step: number }) {
  return (
    <ol className="mt-8 grid grid-cols-3 gap-2" aria-label="Onboarding progress">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-2">
            <span className={cn('h-2 rounded-full', state === 'todo' ? 'bg-slate-200' : 'bg-brand-600')} aria-hidden />
            <span
              className={cn(
                'flex items-center gap-1.5 text-xs font-medium sm:text-sm',
                state === 'todo' ? 'text-slate-500' : 'text-slate-800',
              )}
            >
              {state === 'done' ? <Check className="h-4 w-4 text-green-600" aria-hidden /> : <span>{n}.</span>}
              {label}
              <span className="sr-only">
                {state === 'done' ? '(completed)' : state === 'current' ? '(current step)' : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
