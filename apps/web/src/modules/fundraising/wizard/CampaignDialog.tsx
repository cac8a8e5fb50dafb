import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import { FUNDRAISING_MESSAGES, ZCampaignInput } from '@pennant/shared/fundraising/schemas';
import { zonedToday } from '@pennant/shared/months';
import { ArrowLeft, ArrowRight, Check, History, Save, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useFocusReturn } from '@/components/ui/focus-return';
import { Progress } from '@/components/ui/Progress';
import { Loading, Spinner } from '@/components/ui/Spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { usePaymentAccount } from '../../billing/billing-api';
import { AlumniContactsStep } from '../contacts/AlumniContactsStep';
import { PlayerContactsStep } from '../contacts/PlayerContactsStep';
import { useAllCampaignContacts, useCampaign, useCreateCampaign, useUpdateCampaign } from '../fundraising-api';
import { clearCampaignDraft, hasDraftContent, readCampaignDraft, writeCampaignDraft } from './campaign-draft';
import {
  CAMPAIGN_STEPS,
  clampStep,
  formContacts,
  formFromCampaign,
  newCampaignForm,
  STEP_LABELS,
  type TCampaignFormState,
  type TDetailsErrors,
  type TDetailsField,
  type TEditableCampaign,
  toCampaignInput,
  validateDetails,
} from './campaign-form';
import { DetailsStep } from './DetailsStep';
import { PerspectiveStep } from './PerspectiveStep';
import { PlayersStep } from './PlayersStep';
import { ReviewStep } from './ReviewStep';

const M = FUNDRAISING_MESSAGES;
/** Draft writes wait for a pause in typing: a 10,000-contact form is a large string to store. */
const DRAFT_WRITE_MS = 400;

/** The server's field names (ZCampaignInput) → the Details step's fields, for its 400 replies. */
const SERVER_FIELDS: Record<string, TDetailsField> = {
  name: 'name',
  behalfOfName: 'behalf_of_name',
  goalCents: 'goal_dollars',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  minContactsPerPlayer: 'min_contacts_per_player',
  'reminderSchedule.maxReminders': 'max_reminders',
  'reminderSchedule.customIntervalsDays': 'custom_days',
};

function detailsErrorsOf(err: unknown): TDetailsErrors {
  const errors: TDetailsErrors = {};
  if (!(err instanceof ApiError && err.fields)) return errors;
  for (const [key, message] of Object.entries(err.fields)) {
    const field = SERVER_FIELDS[key];
    if (field) errors[field] = message;
  }
  return errors;
}

/** Keeps the form as the draft, or drops the draft when the form holds nothing. */
function storeDraft(orgId: string, userId: string, form: TCampaignFormState) {
  if (hasDraftContent(form)) writeCampaignDraft(orgId, userId, form);
  else clearCampaignDraft(orgId, userId);
}

/** The Details fields a change touches: their messages go once they change. */
const TOUCHES: Partial<Record<keyof TCampaignFormState, readonly TDetailsField[]>> = {
  name: ['name'],
  behalf_of_name: ['behalf_of_name'],
  goal_dollars: ['goal_dollars'],
  // A new start can move the end.
  starts_at: ['starts_at', 'ends_at'],
  ends_at: ['ends_at'],
  min_contacts_per_player: ['min_contacts_per_player'],
  reminder_schedule: ['max_reminders', 'custom_days'],
};

function withoutErrorsOf(errors: TDetailsErrors, change: Partial<TCampaignFormState>): TDetailsErrors {
  const touched = new Set<string>();
  for (const [key, fields] of Object.entries(TOUCHES)) if (key in change) for (const f of fields ?? []) touched.add(f);
  if (touched.size === 0) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !touched.has(field)));
}

interface TCampaignDialogProps {
  /** null: a new campaign; else the campaign to edit. */
  campaignId: string | null;
  onClose: () => void;
}

/**
 * The campaign dialog (spec 002 §2.2, §4.3): fullscreen, create or edit, its steps by type
 * (player: Details, Players, Perspective, Contacts, Review; alumni: Details, Contacts, Review).
 * X and Escape close it; a click outside does not. A new campaign's form is kept as a draft in
 * the browser (recent for 24 hours) and cleared once the campaign is created.
 */
export function CampaignDialog({ campaignId, onClose }: TCampaignDialogProps) {
  const editing = campaignId !== null;
  const campaign = useCampaign(campaignId ?? '');
  // The detail carries no contacts; the editor reads them all (it saves the whole list back).
  const contacts = useAllCampaignContacts(campaignId ?? '');
  const loaded: TEditableCampaign | null =
    campaign.data && contacts.data ? { ...campaign.data, contacts: contacts.data.contacts } : null;
  const failed = campaign.isError ? campaign.error : contacts.isError ? contacts.error : null;
  const title = editing ? 'Edit Campaign' : 'New Campaign';
  const returnFocus = useFocusReturn(true);
  return (
    <D.Root open onOpenChange={(open) => !open && onClose()}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex h-dvh w-full flex-col bg-slate-50 focus:outline-none"
        >
          {editing && !loaded ? (
            <>
              <DialogHeader title={title} />
              {failed ? (
                <div className="p-5">
                  <Alert tone="error" title="Failed to load campaign">
                    {M.loadFailed(errorMessage(failed, M.notFoundText))}
                  </Alert>
                </div>
              ) : (
                <Loading>Loading campaign...</Loading>
              )}
            </>
          ) : (
            <CampaignWizard campaign={editing ? loaded : null} title={title} onClose={onClose} />
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

function DialogHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-start justify-between gap-4 px-4 py-3 sm:px-6">
        <D.Title className="text-lg font-semibold text-slate-900 sm:text-xl">{title}</D.Title>
        <D.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
          <X className="h-5 w-5" />
        </D.Close>
      </div>
      {children}
    </div>
  );
}

/** The wizard itself, once the form can start: from a draft or fresh (new), or from the campaign (edit). */
function CampaignWizard({
  campaign,
  title,
  onClose,
}: {
  campaign: TEditableCampaign | null;
  title: string;
  onClose: () => void;
}) {
  const session = useSession();
  const orgId = session.org?.id ?? '';
  const userId = session.user.id;
  const today = zonedToday(new Date(), session.timezone);
  const editing = campaign !== null;

  // Read once: the campaign (edit), else a recent draft, else a fresh form.
  const [initial] = useState(() => {
    if (campaign) return { form: formFromCampaign(campaign), restoredAt: null };
    const draft = readCampaignDraft(orgId, userId);
    return draft ? { form: draft, restoredAt: draft.lastSaved } : { form: newCampaignForm(today), restoredAt: null };
  });
  const [restoredAt, setRestoredAt] = useState<string | null>(initial.restoredAt);
  const [form, setForm] = useState<TCampaignFormState>(initial.form);
  const [errors, setErrors] = useState<TDetailsErrors>({});
  const [contactsError, setContactsError] = useState(false);
  const [saving, setSaving] = useState(false);

  const patch = (p: Partial<TCampaignFormState>) => {
    setForm((f) => ({ ...f, ...p }));
    setContactsError(false);
  };

  // The draft follows the form (new campaigns only); a form with nothing in it is no draft. The
  // write waits for a pause, and a pending one is made at once when the dialog closes.
  const keepDraft = !editing && orgId !== '';
  const latest = useRef(form);
  latest.current = form;
  const created = useRef(false);
  useEffect(() => {
    if (!keepDraft) return;
    const timer = setTimeout(() => storeDraft(orgId, userId, form), DRAFT_WRITE_MS);
    return () => clearTimeout(timer);
  }, [keepDraft, form, orgId, userId]);
  useEffect(
    () => () => {
      if (keepDraft && !created.current) storeDraft(orgId, userId, latest.current);
    },
    [keepDraft, orgId, userId],
  );

  // The sent campaign's contacts: locked, and those already e-mailed marked (§4.1).
  const locked = editing && campaign.status === 'sent';
  const sentEmails = useMemo(
    () => new Set((campaign?.contacts ?? []).filter((c) => c.emailSent).map((c) => c.email.toLowerCase())),
    [campaign],
  );

  const alumni = form.campaign_type === 'alumni';
  const account = usePaymentAccount({ enabled: alumni });
  const accountReady = alumni && account.data ? canAcceptCardPayments(account.data) : null;
  // A new alumni campaign needs the ready account (the server refuses one without it, §5.1).
  const blockedByAccount = alumni && !editing && accountReady === false;

  const steps = CAMPAIGN_STEPS[form.campaign_type];
  const step = clampStep(form);
  const stepKey = steps[step] ?? 'details';
  const last = step === steps.length - 1;

  // Focus moves to the step's heading when the step changes, so a screen reader hears where it is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  });

  const goTo = (n: number) => {
    setForm((f) => ({ ...f, currentStep: n }));
    // The restored-draft note speaks about opening the dialog; once the user moves on it goes.
    setRestoredAt(null);
  };

  const checkDetails = (): boolean => {
    const found = validateDetails(form, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || blockedByAccount) {
      toast.error(blockedByAccount && Object.keys(found).length === 0 ? M.paymentAccountNotConfigured : M.fixErrors);
      return false;
    }
    return true;
  };
  const checkContacts = (): boolean => {
    if (formContacts(form).length > 0) return true;
    setContactsError(true);
    toast.error(M.contactRequired);
    return false;
  };

  const next = () => {
    if (stepKey === 'details' && !checkDetails()) return;
    if (stepKey === 'contacts' && !checkContacts()) return;
    goTo(step + 1);
  };

  const create = useCreateCampaign();
  const update = useUpdateCampaign(campaign?.id ?? '');

  /** Saves the campaign; `leave` returns to the list afterwards (the last step's button). */
  const save = async (leave: boolean) => {
    if (!checkDetails()) {
      goTo(0);
      return;
    }
    if (!checkContacts()) {
      goTo(steps.indexOf('contacts'));
      return;
    }
    const body = toCampaignInput(form, campaign?.status);
    const parsed = ZCampaignInput.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? M.saveError;
      toast.error(editing ? M.changesFailed : M.createFailed(message), editing ? { description: message } : undefined);
      return;
    }
    setSaving(true);
    try {
      if (campaign) {
        await update.mutateAsync(body);
        toast.success(M.changesSaved);
      } else {
        await create.mutateAsync(body);
        created.current = true;
        clearCampaignDraft(orgId, userId);
        toast.success(M.created);
      }
      if (leave || !campaign) onClose();
    } catch (err) {
      const message = errorMessage(err, M.saveError);
      const fieldErrors = detailsErrorsOf(err);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        goTo(0);
      }
      toast.error(editing ? M.changesFailed : M.createFailed(message), editing ? { description: message } : undefined);
    } finally {
      setSaving(false);
    }
  };

  const startOver = () => {
    clearCampaignDraft(orgId, userId);
    setRestoredAt(null);
    setErrors({});
    setForm(newCampaignForm(today));
  };

  const contactsProps = { form, onChange: patch, locked, sentEmails };

  return (
    <>
      <DialogHeader title={title}>
        <nav aria-label="Campaign steps" className="mx-auto max-w-6xl space-y-2 px-4 pb-3 sm:px-6">
          <Progress value={((step + 1) / steps.length) * 100} aria-label={`Step ${step + 1} of ${steps.length}`} />
          <ol className="flex gap-1 overflow-x-auto text-xs sm:gap-3 sm:text-sm">
            {steps.map((key, i) => (
              <li
                key={key}
                aria-current={i === step ? 'step' : undefined}
                className={cn(
                  'flex shrink-0 items-center gap-1.5',
                  i === step ? 'font-semibold text-brand-700' : i < step ? 'text-slate-700' : 'text-slate-500',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex h-5 w-5 items-center justify-center rounded-full text-[0.7rem]',
                    i < step
                      ? 'bg-green-600 text-white'
                      : i === step
                        ? 'bg-brand-600 text-white'
                        : 'bg-slate-200 text-slate-600',
                  )}
                >
                  {i < step ? <Check className="h-3 w-3" /> : i + 1}
                </span>
                <span className={cn(i !== step && 'hidden sm:inline')}>{STEP_LABELS[key]}</span>
              </li>
            ))}
          </ol>
        </nav>
      </DialogHeader>

      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-6xl space-y-4 px-4 py-5 sm:px-6">
          {restoredAt ? (
            <Alert
              tone="info"
              icon={History}
              action={
                <Button variant="outline" size="sm" onClick={startOver}>
                  Start Over
                </Button>
              }
            >
              Restored your unsaved draft from {formatDateTime(restoredAt, session.timezone)}.
            </Alert>
          ) : null}
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            Step {step + 1} of {steps.length}: {STEP_LABELS[stepKey]}
          </h2>

          {stepKey === 'details' ? (
            <DetailsStep
              form={form}
              onChange={(p) => {
                patch(p);
                setErrors((e) => withoutErrorsOf(e, p));
              }}
              errors={errors}
              editing={editing}
              locked={locked}
              today={today}
              organizationName={session.org?.name ?? ''}
              paymentAccountReady={accountReady}
            />
          ) : null}
          {stepKey === 'players' ? (
            <PlayersStep form={form} onChange={patch} locked={locked} sentEmails={sentEmails} />
          ) : null}
          {stepKey === 'perspective' ? <PerspectiveStep form={form} onChange={patch} /> : null}
          {stepKey === 'contacts' ? (
            <div className="space-y-3">
              {contactsError ? <Alert tone="error">{M.contactRequired}</Alert> : null}
              {alumni ? <AlumniContactsStep {...contactsProps} /> : <PlayerContactsStep {...contactsProps} />}
            </div>
          ) : null}
          {stepKey === 'review' ? <ReviewStep form={form} onChange={patch} editing={editing} /> : null}
        </div>
      </div>

      <div className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0 || saving}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
          <div className="flex flex-wrap items-center gap-2">
            {editing && !last ? (
              <Button variant="outline" onClick={() => void save(false)} disabled={saving}>
                <Save className="h-4 w-4" aria-hidden /> Save
              </Button>
            ) : null}
            {last ? (
              <Button onClick={() => void save(true)} disabled={saving || blockedByAccount}>
                {saving ? (
                  <Spinner size="sm" className="border-white/40 border-t-white" />
                ) : (
                  <Check className="h-4 w-4" aria-hidden />
                )}
                {editing ? 'Save Changes' : 'Create Campaign'}
              </Button>
            ) : (
              <Button onClick={next} disabled={saving}>
                Next <ArrowRight className="h-4 w-4" aria-hidden />
              </Button>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
