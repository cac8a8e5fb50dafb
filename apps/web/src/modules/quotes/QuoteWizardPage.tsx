import { defaultQuoteSubject } from '@pennant/shared/ai/rules';
import { AI_MESSAGES } from '@pennant/shared/ai/schemas';
import { COMPANY_STATUSES } from '@pennant/shared/companies/schemas';
import { EMAIL_MESSAGE } from '@pennant/shared/fields';
import {
  defaultQuoteBody,
  isEditableQuote,
  quoteNumber,
  quoteSendBlock,
  type TEditorLine,
} from '@pennant/shared/quotes/rules';
import {
  QUOTE_MESSAGES,
  type TQuoteDetail,
  type TQuoteInput,
  type TQuoteStatus,
  ZQuoteSend,
} from '@pennant/shared/quotes/schemas';
import { refusal } from '@pennant/shared/session/permissions';
import { ArrowLeft, ArrowRight, FileDown, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Field, Textarea } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Progress } from '@/components/ui/Progress';
import { Loading, Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useBundles, useProducts } from '../catalogue/catalogue-api';
import { PriceSheetImportDialog } from './PriceSheetImportDialog';
import {
  chosenLines,
  emptyLine,
  lineItemName,
  lineProblem,
  mergeImportedLines,
  newLineKey,
  QuoteLineEditor,
  type TLineCatalogue,
} from './QuoteLineEditor';
import {
  useCreateQuote,
  useDraftQuoteEmail,
  useQuote,
  useQuoteCompany,
  useQuoteCompanyContacts,
  useSaveQuoteEmail,
  useSendQuote,
  useUpdateQuote,
} from './quotes-api';
import { CompanyPicker, type TPickedCompany } from './wizard/CompanyPicker';
import { DEFAULT_AI_PROMPT, EmailStep, type TAiSource } from './wizard/EmailStep';
import { RecipientsStep } from './wizard/RecipientsStep';
import { ReviewStep } from './wizard/ReviewStep';

export const WIZARD_STEPS = ['Quote Details', 'Email Composition', 'Select Recipients', 'Review & Send'] as const;
const NOTES_MAX = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const validId = (v: string | null) => (v && UUID.test(v) ? v : null);

interface TErrors {
  company?: string;
  lines?: string;
  subject?: string;
  body?: string;
  recipients?: string;
  copyEmail?: string;
}

function companyOf(q: Pick<TQuoteDetail, 'companyId' | 'companyName' | 'companyStatus'>): TPickedCompany {
  return {
    id: q.companyId,
    name: q.companyName,
    status: COMPANY_STATUSES.find((s) => s === q.companyStatus) ?? 'prospect',
  };
}

/** 'Step n of 4' with a bar, and the four steps' names from a tablet's width. */
function WizardProgress({ step }: { step: number }) {
  return (
    <nav aria-label="Quote progress" className="space-y-2">
      <p className="text-sm font-medium text-slate-700">
        Step {step + 1} of {WIZARD_STEPS.length}
      </p>
      <Progress value={((step + 1) / WIZARD_STEPS.length) * 100} aria-label={`Step ${step + 1} of 4`} />
      <ol className="hidden grid-cols-4 gap-2 text-xs sm:grid">
        {WIZARD_STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === step ? 'step' : undefined}
            className={cn(
              'flex items-center gap-1.5',
              i === step ? 'font-semibold text-brand-700' : i < step ? 'text-slate-700' : 'text-slate-500',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[0.7rem]',
                i <= step ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600',
              )}
            >
              {i + 1}
            </span>
            {name}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * /dashboard/quotes/new: the four-step quote wizard (spec §2, §4, §5). The draft is created on
 * leaving Quote Details (or its lines replaced when it exists), the e-mail kept on leaving Email
 * Composition, and Review & Send sends it. `company_id` (or `company`) preselects the company;
 * `quote_id` loads a draft for editing.
 */
export function QuoteWizardPage() {
  const session = useSession();
  const rights = session.permissions.quotes;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const editParam = validId(params.get('quote_id'));
  const companyParam = validId(params.get('company_id') ?? params.get('company'));

  const [step, setStep] = useState(0);
  const [quoteId, setQuoteId] = useState<string | null>(null);
  const [quoteStatus, setQuoteStatus] = useState<TQuoteStatus | null>(null);
  const [editingLoaded, setEditingLoaded] = useState(false);
  const [company, setCompany] = useState<TPickedCompany | null>(null);
  const [lines, setLines] = useState<TEditorLine[]>(() => [emptyLine()]);
  const [notes, setNotes] = useState('');
  const [originPriceListId, setOriginPriceListId] = useState<string | null>(null);
  const [knownNames, setKnownNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [prompt, setPrompt] = useState(DEFAULT_AI_PROMPT);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sendCopy, setSendCopy] = useState(false);
  const [copyEmail, setCopyEmail] = useState(session.user.email);
  const [errors, setErrors] = useState<TErrors>({});
  const [showLineErrors, setShowLineErrors] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  useEffect(() => {
    document.title = `${editParam ? 'Edit Quote' : 'Create Quote'} — Pennant`;
  }, [editParam]);

  const products = useProducts({ picker: true });
  const bundles = useBundles('all', { picker: true });
  const catalogue: TLineCatalogue = useMemo(
    () => ({ products: products.data ?? [], bundles: bundles.data?.bundles ?? [], knownNames }),
    [products.data, bundles.data, knownNames],
  );

  // ----- A draft to edit (quote_id) -------------------------------------------------------------
  const loadedId = useRef<string | null>(null);
  const savedRecipients = useRef<string | null>(null);
  const editQuery = useQuote(editParam);
  useEffect(() => {
    if (!editParam || loadedId.current === editParam) return;
    if (editQuery.data) {
      loadedId.current = editParam;
      const q = editQuery.data;
      setQuoteId(q.id);
      setQuoteStatus(q.status);
      setEditingLoaded(true);
      setCompany(companyOf(q));
      const loaded = q.lines.map((l) => ({
        key: newLineKey(),
        productId: l.productId,
        bundleId: l.bundleId,
        qty: l.qty,
        unitPriceCents: l.unitPriceCents,
        isSetupFee: l.isSetupFee,
      }));
      setLines(loaded.length ? loaded : [emptyLine()]);
      setKnownNames(
        new Map(
          q.lines.flatMap((l) => {
            const id = l.productId ?? l.bundleId;
            return id && !l.isSetupFee ? [[id, l.itemName] as const] : [];
          }),
        ),
      );
      setNotes(q.notes ?? '');
      setOriginPriceListId(q.originPriceListId);
      setSubject(q.emailSubject ?? '');
      setBody(q.emailBody ?? '');
      savedRecipients.current = q.recipientEmails;
      toast.success(QUOTE_MESSAGES.loadedForEditing);
    } else if (editQuery.isError) {
      loadedId.current = editParam;
      toast.error(QUOTE_MESSAGES.loadForEditingFailed, {
        description: errorMessage(editQuery.error, QUOTE_MESSAGES.notFound),
      });
    }
  }, [editParam, editQuery.data, editQuery.isError, editQuery.error]);

  // ----- The company from the address (company_id or company) -----------------------------------
  const preset = useQuoteCompany(editParam ? null : companyParam);
  const presetApplied = useRef(false);
  useEffect(() => {
    if (presetApplied.current || !preset.data) return;
    presetApplied.current = true;
    const c = preset.data;
    setCompany((current) => current ?? { id: c.id, name: c.name, status: c.status });
  }, [preset.data]);

  // ----- Recipients: the company's active contacts, the primary one chosen first ----------------
  const contacts = useQuoteCompanyContacts(company?.id ?? null);
  const recipientsFor = useRef<string | null>(null);
  useEffect(() => {
    if (!company || !contacts.data || recipientsFor.current === company.id) return;
    recipientsFor.current = company.id;
    const reachable = contacts.data.filter((c) => c.isActive && c.email);
    const saved = savedRecipients.current?.toLowerCase() ?? '';
    const before = saved ? reachable.filter((c) => c.email && saved.includes(c.email.toLowerCase())) : [];
    setSelected(new Set((before.length ? before : reachable.filter((c) => c.isPrimary)).map((c) => c.id)));
  }, [company, contacts.data]);
  const recipients = (contacts.data ?? []).flatMap((c) =>
    selected.has(c.id) && c.isActive && c.email ? [{ id: c.id, name: c.name, email: c.email }] : [],
  );

  // ----- Mutations ------------------------------------------------------------------------------
  const prefillEmail = (q: TQuoteDetail) => {
    const organization = session.org?.name ?? '';
    setSubject((s) => (s.trim() ? s : q.emailSubject || defaultQuoteSubject(organization)));
    setBody((b) => (b.trim() ? b : q.emailBody || defaultQuoteBody(organization)));
  };
  const afterDetails = (q: TQuoteDetail) => {
    setQuoteStatus(q.status);
    prefillEmail(q);
    setErrors({});
    setStep(1);
  };
  const create = useCreateQuote({
    onSuccess: (created) => {
      loadedId.current = created.id;
      setQuoteId(created.id);
      toast.success(QUOTE_MESSAGES.created);
      // The draft's id in the address: a reload edits this draft rather than making another.
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('quote_id', created.id);
          return next;
        },
        { replace: true },
      );
      afterDetails(created);
    },
    onError: (err) =>
      toast.error(QUOTE_MESSAGES.createFailed, { description: errorMessage(err, QUOTE_MESSAGES.createError) }),
  });
  const update = useUpdateQuote({
    onSuccess: afterDetails,
    onError: (err) => toast.error(QUOTE_MESSAGES.updateError, { description: errorMessage(err, 'Please try again.') }),
  });
  const saveEmail = useSaveQuoteEmail({
    onSuccess: () => {
      setErrors({});
      setStep(2);
    },
    onError: (err) => toast.error('Failed to save email', { description: errorMessage(err, 'Please try again.') }),
  });
  const send = useSendQuote({
    onSuccess: () => {
      toast.success(QUOTE_MESSAGES.sentWizard, { description: QUOTE_MESSAGES.sentDescription });
      navigate('/dashboard/quotes');
    },
    onError: (err) =>
      toast.error(QUOTE_MESSAGES.sendFailed, { description: errorMessage(err, QUOTE_MESSAGES.sendEmailFailed) }),
  });
  const draftEmail = useDraftQuoteEmail();

  const linesLocked = quoteStatus !== null && !isEditableQuote(quoteStatus);
  const sendBlock = quoteStatus ? quoteSendBlock(quoteStatus) : null;
  const canWrite = editParam || quoteId ? rights.canEdit : rights.canCreate;
  const busy = create.isPending || update.isPending || saveEmail.isPending || send.isPending;
  const disabled = !canWrite || busy;
  const chosen = chosenLines(lines);

  // ----- Steps ----------------------------------------------------------------------------------
  const nextFromDetails = () => {
    const itemLines = chosen.filter((l) => !l.isSetupFee);
    const found: TErrors = {
      company: company ? undefined : QUOTE_MESSAGES.company,
      lines: itemLines.length ? undefined : QUOTE_MESSAGES.lines,
    };
    setErrors(found);
    setShowLineErrors(true);
    if (!company || found.lines || chosen.some((l) => lineProblem(l) !== null)) return;
    if (quoteId && linesLocked) {
      setStep(1);
      return;
    }
    const input: TQuoteInput = {
      companyId: company.id,
      lines: chosen.map(({ productId, bundleId, qty, unitPriceCents, isSetupFee }) => ({
        productId,
        bundleId,
        qty,
        unitPriceCents,
        isSetupFee,
      })),
      notes,
      originPriceListId,
    };
    if (quoteId) update.mutate({ id: quoteId, body: input });
    else create.mutate(input);
  };

  const nextFromEmail = () => {
    const found: TErrors = {
      subject: subject.trim() ? undefined : QUOTE_MESSAGES.subject,
      body: body.trim() ? undefined : QUOTE_MESSAGES.body,
    };
    setErrors(found);
    if (found.subject || found.body) return;
    if (!quoteId) {
      toast.error(QUOTE_MESSAGES.noQuote);
      return;
    }
    if (linesLocked) setStep(2);
    else saveEmail.mutate({ id: quoteId, body: { subject, body } });
  };

  const nextFromRecipients = () => {
    const found: TErrors = { recipients: recipients.length ? undefined : QUOTE_MESSAGES.recipients };
    if (sendCopy) {
      const copy = ZQuoteSend.shape.copyEmail.safeParse(copyEmail);
      if (!copyEmail.trim() || !copy.success) found.copyEmail = EMAIL_MESSAGE;
    }
    setErrors(found);
    if (found.recipients || found.copyEmail) return;
    setStep(3);
  };

  const sendNow = () => {
    if (!quoteId) {
      toast.error(QUOTE_MESSAGES.noQuote);
      return;
    }
    if (recipients.length === 0) {
      toast.error(QUOTE_MESSAGES.noValidEmail);
      return;
    }
    send.mutate({
      id: quoteId,
      body: {
        subject,
        body,
        contactIds: recipients.map((r) => r.id),
        ...(sendCopy ? { copyEmail: copyEmail.trim() } : {}),
      },
    });
  };

  const generate = async (customPrompt: string, source: TAiSource): Promise<boolean> => {
    const items = chosen.map((l) => ({
      itemName: lineItemName(l, catalogue),
      qty: l.qty,
      unitPriceCents: l.unitPriceCents,
      isSetupFee: l.isSetupFee,
    }));
    if (!company || items.length === 0) {
      toast.error(AI_MESSAGES.missingInformation);
      return false;
    }
    if (!customPrompt.trim()) {
      toast.error(QUOTE_MESSAGES.promptEmpty);
      return false;
    }
    try {
      const draft = await draftEmail.mutateAsync({ companyId: company.id, lines: items, customPrompt });
      setSubject(draft.subject);
      setBody(draft.body);
      setErrors((e) => ({ ...e, subject: undefined, body: undefined }));
      toast.success(AI_MESSAGES.generated);
      return true;
    } catch {
      if (source === 'dialog') toast.error(AI_MESSAGES.errorTitle, { description: AI_MESSAGES.couldNotGenerate });
      else toast.error(AI_MESSAGES.failedEmail);
      return false;
    }
  };

  const back = () => {
    setErrors({});
    setStep((s) => Math.max(0, s - 1));
  };
  const next = [nextFromDetails, nextFromEmail, nextFromRecipients, sendNow][step] ?? nextFromDetails;
  const loadingDraft = editParam !== null && editParam !== quoteId && !editQuery.isError;

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <PageHeader
        title={editingLoaded && quoteId ? `Edit ${quoteNumber(quoteId)}` : 'Create Quote'}
        description={company ? `For ${company.name}` : 'Build a proposal, write the email, choose who gets it.'}
      />
      <WizardProgress step={step} />

      {!canWrite ? (
        <Alert tone="warning">{refusal(editParam || quoteId ? 'quotes.edit' : 'quotes.create')}</Alert>
      ) : null}
      {linesLocked ? (
        <Alert tone="warning">{sendBlock ?? `${QUOTE_MESSAGES.notDraft}; its e-mail can still be sent again.`}</Alert>
      ) : null}

      <Card className="p-4 sm:p-6">
        <h2 className="mb-5 text-lg font-semibold text-slate-900">{WIZARD_STEPS[step]}</h2>
        {loadingDraft ? (
          <Loading>Loading quote...</Loading>
        ) : step === 0 ? (
          <div className="space-y-6">
            <CompanyPicker
              value={company}
              onChange={(c) => {
                setCompany(c);
                if (c) setErrors((e) => ({ ...e, company: undefined }));
              }}
              error={errors.company}
              disabled={disabled}
            />
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setImportOpen(true)}
                  disabled={disabled || linesLocked}
                >
                  <FileDown className="h-4 w-4" aria-hidden /> Import from Price Sheet
                </Button>
              </div>
              <QuoteLineEditor
                {...catalogue}
                lines={lines}
                onChange={(nextLines) => {
                  setLines(nextLines);
                  if (chosenLines(nextLines).length) setErrors((e) => ({ ...e, lines: undefined }));
                }}
                disabled={disabled || linesLocked}
                loading={products.isPending || bundles.isPending}
                showErrors={showLineErrors}
                error={errors.lines}
              />
              {products.isError || bundles.isError ? (
                <Alert
                  action={
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        void products.refetch();
                        void bundles.refetch();
                      }}
                    >
                      Try Again
                    </Button>
                  }
                >
                  Error loading products or bundles
                </Alert>
              ) : null}
            </div>
            <Field label="Notes" hint="Internal notes kept with the quote.">
              {(p) => (
                <Textarea
                  {...p}
                  value={notes}
                  rows={3}
                  maxLength={NOTES_MAX}
                  disabled={disabled || linesLocked}
                  onChange={(e) => setNotes(e.target.value)}
                />
              )}
            </Field>
          </div>
        ) : step === 1 ? (
          <EmailStep
            subject={subject}
            body={body}
            onSubject={(v) => {
              setSubject(v);
              if (v.trim()) setErrors((e) => ({ ...e, subject: undefined }));
            }}
            onBody={(v) => {
              setBody(v);
              if (v.trim()) setErrors((e) => ({ ...e, body: undefined }));
            }}
            errors={errors}
            prompt={prompt}
            onPrompt={setPrompt}
            generating={draftEmail.isPending}
            onGenerate={generate}
            disabled={disabled}
          />
        ) : step === 2 ? (
          <RecipientsStep
            companyName={company?.name ?? ''}
            contacts={contacts.data}
            loading={contacts.isPending}
            loadError={contacts.isError}
            onRetry={() => void contacts.refetch()}
            selected={selected}
            onToggle={(id, on) => {
              setSelected((current) => {
                const nextSet = new Set(current);
                if (on) nextSet.add(id);
                else nextSet.delete(id);
                return nextSet;
              });
              if (on) setErrors((e) => ({ ...e, recipients: undefined }));
            }}
            sendCopy={sendCopy}
            onSendCopy={setSendCopy}
            copyEmail={copyEmail}
            onCopyEmail={setCopyEmail}
            errors={errors}
            disabled={disabled}
          />
        ) : (
          <ReviewStep
            companyName={company?.name ?? ''}
            recipients={recipients}
            copyEmail={sendCopy ? copyEmail.trim() : null}
            subject={subject}
            body={body}
            lines={chosen.map((l) => ({ ...l, itemName: lineItemName(l, catalogue) }))}
            notes={notes}
          />
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-between">
          {step === 0 ? (
            <Button variant="outline" onClick={() => navigate('/dashboard/quotes')} disabled={busy}>
              Cancel
            </Button>
          ) : (
            <Button variant="outline" onClick={back} disabled={busy}>
              <ArrowLeft className="h-4 w-4" aria-hidden /> Back
            </Button>
          )}
          {step < 3 ? (
            <Button onClick={next} disabled={disabled || loadingDraft}>
              {busy ? <Spinner size="sm" /> : null}
              {busy ? 'Saving...' : 'Next'}
              {busy ? null : <ArrowRight className="h-4 w-4" aria-hidden />}
            </Button>
          ) : (
            <Button onClick={next} disabled={disabled || sendBlock !== null}>
              {send.isPending ? <Spinner size="sm" /> : <Send className="h-4 w-4" aria-hidden />}
              {send.isPending ? 'Sending...' : 'Send Quote'}
            </Button>
          )}
        </div>
      </Card>

      <PriceSheetImportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        products={catalogue.products}
        bundles={catalogue.bundles}
        onImport={(imported, priceListId) => {
          setLines((current) => mergeImportedLines(current, imported));
          setOriginPriceListId(priceListId);
          setErrors((e) => ({ ...e, lines: undefined }));
        }}
      />
    </div>
  );
}
