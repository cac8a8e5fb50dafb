import { applyMergeTags, defaultQuoteSubject } from '@pennant/shared/ai/rules';
import { AI_MESSAGES, EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '@pennant/shared/ai/schemas';
import { EMAIL_MESSAGE } from '@pennant/shared/fields';
import { defaultQuoteBody, type TEditorLine } from '@pennant/shared/quotes/rules';
import { QUOTE_MESSAGES, ZQuoteSend } from '@pennant/shared/quotes/schemas';
import { Eye, Send, Sparkles } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useBundles, useProducts } from '../catalogue/catalogue-api';
import {
  chosenLines,
  emptyLine,
  lineItemName,
  lineProblem,
  QuoteLineEditor,
  QuoteTotals,
  type TLineCatalogue,
} from './QuoteLineEditor';
import { useCreateQuote, useDraftQuoteEmail, useQuoteCompanyContacts, useSendQuote } from './quotes-api';
import { CompanyPicker, type TPickedCompany } from './wizard/CompanyPicker';
import { DEFAULT_AI_PROMPT } from './wizard/EmailStep';

type TTab = 'compose' | 'preview';

interface TComposeProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The company the dialog starts with (the company page's). */
  company: TPickedCompany | null;
}

/**
 * The quick presentation of a quote (spec §2): Compose (company, AI message, subject, message,
 * a copy to me, the lines) and Preview (recipient, subject, body, totals). Send Quote creates the
 * draft and sends it to the company's primary contact at once. Preview and Send wait for a
 * company, a line, a subject and a body.
 */
export function QuoteComposeDialog({ open, onOpenChange, company: initial }: TComposeProps) {
  const ids = useId();
  const session = useSession();
  const organization = session.org?.name ?? '';
  const [tab, setTab] = useState<TTab>('compose');
  const [company, setCompany] = useState<TPickedCompany | null>(initial);
  const [lines, setLines] = useState<TEditorLine[]>(() => [emptyLine()]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [sendCopy, setSendCopy] = useState(false);
  const [copyEmail, setCopyEmail] = useState(session.user.email);
  const [sending, setSending] = useState(false);

  // Each opening starts a fresh quote with the default subject and body.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opening) return;
    setTab('compose');
    setCompany(initial);
    setLines([emptyLine()]);
    setSubject(defaultQuoteSubject(organization));
    setBody(defaultQuoteBody(organization));
    setSendCopy(false);
    setCopyEmail(session.user.email);
  });

  const products = useProducts({ picker: true });
  const bundles = useBundles('all', { picker: true });
  const catalogue: TLineCatalogue = useMemo(
    () => ({ products: products.data ?? [], bundles: bundles.data?.bundles ?? [] }),
    [products.data, bundles.data],
  );
  const contacts = useQuoteCompanyContacts(open ? (company?.id ?? null) : null);
  const primary = (contacts.data ?? []).find((c) => c.isActive && c.isPrimary && c.email) ?? null;

  const chosen = chosenLines(lines);
  const linesValid = chosen.some((l) => !l.isSetupFee) && chosen.every((l) => lineProblem(l) === null);
  const copyValid = !sendCopy || (copyEmail.trim() !== '' && ZQuoteSend.shape.copyEmail.safeParse(copyEmail).success);
  const ready = company !== null && linesValid && subject.trim() !== '' && body.trim() !== '';

  const draftEmail = useDraftQuoteEmail({
    onSuccess: (draft) => {
      setSubject(draft.subject);
      setBody(draft.body);
      toast.success(AI_MESSAGES.generated);
    },
    onError: () => toast.error(AI_MESSAGES.errorTitle, { description: AI_MESSAGES.couldNotGenerate }),
  });
  const create = useCreateQuote();
  const send = useSendQuote();

  const generate = () => {
    if (!company || chosen.length === 0) {
      toast.error(AI_MESSAGES.missingInformation);
      return;
    }
    draftEmail.mutate({
      companyId: company.id,
      lines: chosen.map((l) => ({
        itemName: lineItemName(l, catalogue),
        qty: l.qty,
        unitPriceCents: l.unitPriceCents,
        isSetupFee: l.isSetupFee,
      })),
      customPrompt: DEFAULT_AI_PROMPT,
    });
  };

  const sendQuote = async () => {
    if (!company || !ready || !copyValid) return;
    if (!primary) {
      toast.error(QUOTE_MESSAGES.sendFailed, { description: QUOTE_MESSAGES.noContacts(company.name) });
      return;
    }
    setSending(true);
    try {
      let quoteId: string;
      try {
        const created = await create.mutateAsync({
          companyId: company.id,
          lines: chosen.map(({ productId, bundleId, qty, unitPriceCents, isSetupFee }) => ({
            productId,
            bundleId,
            qty,
            unitPriceCents,
            isSetupFee,
          })),
        });
        quoteId = created.id;
      } catch (err) {
        toast.error(QUOTE_MESSAGES.createFailed, { description: errorMessage(err, QUOTE_MESSAGES.createError) });
        return;
      }
      try {
        await send.mutateAsync({
          id: quoteId,
          body: {
            subject,
            body,
            contactIds: [primary.id],
            ...(sendCopy ? { copyEmail: copyEmail.trim() } : {}),
          },
        });
      } catch (err) {
        toast.error(QUOTE_MESSAGES.sendFailed, { description: errorMessage(err, QUOTE_MESSAGES.sendEmailFailed) });
        return;
      }
      toast.success(QUOTE_MESSAGES.sentTitle, { description: QUOTE_MESSAGES.sentDescription });
      onOpenChange(false);
    } finally {
      setSending(false);
    }
  };

  const busy = sending || draftEmail.isPending;
  const disabled = !session.permissions.quotes.canCreate || busy;
  const merge = (text: string) => applyMergeTags(text, { company_name: company?.name, contact_name: primary?.name });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !sending && onOpenChange(next)}
      title="Create Quote"
      description={company ? `A quote for ${company.name}, sent to its primary contact.` : undefined}
      dismissOnOutsideClick={false}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={sending}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => setTab('preview')} disabled={!ready || busy || tab === 'preview'}>
            <Eye className="h-4 w-4" aria-hidden /> Preview
          </Button>
          <Button onClick={() => void sendQuote()} disabled={!ready || !copyValid || disabled}>
            {sending ? <Spinner size="sm" /> : <Send className="h-4 w-4" aria-hidden />}
            {sending ? 'Sending...' : 'Send Quote'}
          </Button>
        </>
      }
    >
      <Tabs value={tab} onValueChange={(v) => setTab(v === 'preview' && ready ? 'preview' : 'compose')}>
        <TabsList aria-label="Quote">
          <TabsTrigger value="compose">Compose</TabsTrigger>
          <TabsTrigger value="preview" disabled={!ready}>
            Preview
          </TabsTrigger>
        </TabsList>
        <TabsContent value="compose" className="space-y-5">
          <CompanyPicker value={company} onChange={setCompany} disabled={disabled} />
          <div>
            <Button variant="outline" size="sm" onClick={generate} disabled={disabled || !company}>
              {draftEmail.isPending ? <Spinner size="sm" /> : <Sparkles className="h-4 w-4" aria-hidden />}
              {draftEmail.isPending ? 'Generating...' : 'Generate Message via AI'}
            </Button>
          </div>
          <Field label="Subject">
            {(p) => (
              <Input
                {...p}
                value={subject}
                maxLength={EMAIL_SUBJECT_MAX}
                disabled={disabled}
                onChange={(e) => setSubject(e.target.value)}
              />
            )}
          </Field>
          <Field label="Message" hint="Merge tags: {{company_name}} and {{contact_name}}.">
            {(p) => (
              <Textarea
                {...p}
                value={body}
                rows={8}
                maxLength={EMAIL_BODY_MAX}
                disabled={disabled}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </Field>
          <div className="space-y-3">
            <div className="flex items-center gap-2">
              <Checkbox id={`${ids}-copy`} checked={sendCopy} onCheckedChange={setSendCopy} disabled={disabled} />
              <label htmlFor={`${ids}-copy`} className="cursor-pointer text-sm font-medium text-slate-700">
                Send me a copy
              </label>
            </div>
            {sendCopy ? (
              <Field label="Copy email" error={copyValid ? undefined : EMAIL_MESSAGE}>
                {(p) => (
                  <Input
                    {...p}
                    type="email"
                    value={copyEmail}
                    maxLength={254}
                    disabled={disabled}
                    onChange={(e) => setCopyEmail(e.target.value)}
                  />
                )}
              </Field>
            ) : null}
          </div>
          <QuoteLineEditor
            {...catalogue}
            lines={lines}
            onChange={setLines}
            disabled={disabled}
            loading={products.isPending || bundles.isPending}
            showErrors
          />
        </TabsContent>
        <TabsContent value="preview" className="space-y-4 text-sm">
          {company && !contacts.isPending && !primary ? (
            <Alert tone="warning">{QUOTE_MESSAGES.noContacts(company.name)}</Alert>
          ) : null}
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[6rem_minmax(0,1fr)]">
            <dt className="font-medium text-slate-500">To</dt>
            <dd className="break-words text-slate-900">
              {primary ? `${primary.name} <${primary.email}>` : '—'}
              {sendCopy && copyEmail.trim() ? (
                <span className="block text-slate-600">Copy to {copyEmail.trim()}</span>
              ) : null}
            </dd>
            <dt className="font-medium text-slate-500">Subject</dt>
            <dd className="break-words text-slate-900">{merge(subject)}</dd>
          </dl>
          <div className="whitespace-pre-line break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">
            {merge(body)}
          </div>
          <QuoteTotals lines={chosen} />
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}
