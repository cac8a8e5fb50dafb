import { invoiceShortId } from '@pennant/shared/invoices/rules';
import {
  INVOICE_MESSAGES,
  type TInvoiceDetail,
  ZInvoiceEmail,
  ZInvoiceEmailDraftInput,
} from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Eye, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { Switch } from '@/components/ui/Switch';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { invoiceTotal } from './detail/InvoiceSections';
import { useOpenInvoicePdf } from './invoice-pdf';
import { useDraftInvoiceEmail, useEmailInvoice } from './invoices-api';
import { formatDay } from './parts';

export type TEmailInvoice = Pick<
  TInvoiceDetail,
  | 'id'
  | 'companyName'
  | 'companyEmail'
  | 'primaryContactName'
  | 'primaryContactEmail'
  | 'totalCents'
  | 'lines'
  | 'dueDate'
>;

interface TEmailDraft {
  recipientEmail: string;
  recipientName: string;
  ccEmail: string;
  subject: string;
  body: string;
  attachPdf: boolean;
}

type TErrors = Partial<Record<'recipientEmail' | 'recipientName' | 'ccEmail' | 'content', string>>;

/** The default subject and body (spec §5): the short id, the amount, the due date, the sender. */
export function defaultInvoiceContent(
  invoice: TEmailInvoice,
  sender: { name: string; organization: string },
  recipientName: string,
): Pick<TEmailDraft, 'subject' | 'body'> {
  const greeting = recipientName.trim().split(/\s+/)[0] || 'there';
  const signature = [sender.name, sender.organization].filter(Boolean).join('\n');
  return {
    subject: `Invoice ${invoiceShortId(invoice.id)} from ${sender.organization}`,
    body: [
      `Hi ${greeting},`,
      `Thank you for sponsoring ${sender.organization}! Please find invoice ${invoiceShortId(invoice.id)} for ${invoice.companyName} attached, for ${formatMoney(invoiceTotal(invoice))}, due ${formatDay(invoice.dueDate)}.`,
      'If you have any questions, just reply to this email.',
      `Thank you,\n${signature}`,
    ].join('\n\n'),
  };
}

/** The e-mail as it starts: the primary contact (else the company's address) and the default content. */
export function defaultInvoiceEmail(
  invoice: TEmailInvoice,
  sender: { name: string; organization: string },
): TEmailDraft {
  const recipientName = invoice.primaryContactName ?? '';
  return {
    recipientEmail: invoice.primaryContactEmail ?? invoice.companyEmail ?? '',
    recipientName,
    ccEmail: '',
    ...defaultInvoiceContent(invoice, sender, recipientName),
    attachPdf: true,
  };
}

interface TSendInvoiceEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoice: TEmailInvoice;
}

/** Send Invoice Email (spec §2, §5): recipient, CC, subject, body, the PDF attached, AI content, PDF preview. */
export function SendInvoiceEmailDialog({ open, onOpenChange, invoice }: TSendInvoiceEmailDialogProps) {
  const session = useSession();
  const canSend = session.permissions.invoices.canEdit;
  const sender = { name: session.user.name, organization: session.org?.name ?? '' };
  const [draft, setDraft] = useState<TEmailDraft>(() => defaultInvoiceEmail(invoice, sender));
  const [errors, setErrors] = useState<TErrors>({});
  const attachId = useId();

  // Each opening starts from the invoice's current contact and a fresh message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only
  useEffect(() => {
    if (open) {
      setDraft(defaultInvoiceEmail(invoice, sender));
      setErrors({});
    }
  }, [open]);

  const patch = (p: Partial<TEmailDraft>) => setDraft((d) => ({ ...d, ...p }));

  const send = useEmailInvoice(invoice.id, {
    onSuccess: (result) => {
      toast.success(INVOICE_MESSAGES.sent(result.sentTo));
      if (result.ccWarning) toast.warning(result.ccWarning);
      onOpenChange(false);
    },
    onError: (err) => {
      const message = errorMessage(err, INVOICE_MESSAGES.emailFailed);
      toast.error(INVOICE_MESSAGES.emailFailed, {
        description: message === INVOICE_MESSAGES.emailFailed ? undefined : message,
      });
    },
  });
  const generate = useDraftInvoiceEmail(invoice.id, {
    onSuccess: (written) => {
      patch({ subject: written.subject, body: written.body });
      toast.success(INVOICE_MESSAGES.aiDone);
    },
    onError: () => toast.error(INVOICE_MESSAGES.aiFailed),
  });
  const pdf = useOpenInvoicePdf(invoice.id);
  const busy = send.isPending || generate.isPending;
  const disabled = !canSend || busy;

  const noOrganization = () => {
    if (session.org) return false;
    toast.error(INVOICE_MESSAGES.organizationContext);
    return true;
  };

  const applyDefault = () => {
    patch(defaultInvoiceContent(invoice, sender, draft.recipientName));
    setErrors((e) => ({ ...e, content: undefined }));
    toast.success(INVOICE_MESSAGES.defaultApplied);
  };

  const onGenerate = () => {
    if (noOrganization()) return;
    const parsed = ZInvoiceEmailDraftInput.safeParse({
      recipientName: draft.recipientName,
      recipientEmail: draft.recipientEmail,
    });
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'recipientName') next.recipientName ??= INVOICE_MESSAGES.recipientName;
        if (key === 'recipientEmail') next.recipientEmail ??= INVOICE_MESSAGES.recipient;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    generate.mutate(parsed.data);
  };

  const onSend = () => {
    if (noOrganization()) return;
    const parsed = ZInvoiceEmail.safeParse(draft);
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'recipientEmail') next.recipientEmail ??= INVOICE_MESSAGES.recipient;
        else if (key === 'subject' || key === 'body') next.content ??= INVOICE_MESSAGES.subjectAndBody;
        else if (key === 'ccEmail') next.ccEmail ??= issue.message;
        else if (key === 'recipientName') next.recipientName ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Send Invoice Email"
      description={`Send invoice ${invoiceShortId(invoice.id)} to ${invoice.companyName}.`}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onSend} disabled={disabled}>
            {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Recipient Email" error={errors.recipientEmail}>
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="off"
                value={draft.recipientEmail}
                disabled={disabled}
                onChange={(e) => patch({ recipientEmail: e.target.value })}
              />
            )}
          </Field>
          <Field label="Recipient Name" error={errors.recipientName}>
            {(p) => (
              <Input
                {...p}
                autoComplete="off"
                value={draft.recipientName}
                disabled={disabled}
                onChange={(e) => patch({ recipientName: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label="CC (optional)" error={errors.ccEmail}>
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="off"
              value={draft.ccEmail}
              disabled={disabled}
              onChange={(e) => patch({ ccEmail: e.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50/60 p-3">
          <p className="text-sm text-slate-700">Write the message for this recipient with AI, or start over.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={applyDefault} disabled={disabled}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Use default
            </Button>
            <Button variant="outline" size="sm" onClick={onGenerate} disabled={disabled}>
              <Sparkles className="h-4 w-4" aria-hidden />
              {generate.isPending ? 'Generating...' : 'Generate with AI'}
            </Button>
          </div>
        </div>
        <Field label="Subject">
          {(p) => (
            <Input
              {...p}
              aria-invalid={Boolean(errors.content && !draft.subject.trim())}
              value={draft.subject}
              disabled={disabled}
              onChange={(e) => patch({ subject: e.target.value })}
            />
          )}
        </Field>
        <Field label="Body">
          {(p) => (
            <Textarea
              {...p}
              aria-invalid={Boolean(errors.content && !draft.body.trim())}
              rows={9}
              value={draft.body}
              disabled={disabled}
              onChange={(e) => patch({ body: e.target.value })}
            />
          )}
        </Field>
        {errors.content ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.content}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id={attachId}
              checked={draft.attachPdf}
              disabled={disabled}
              onCheckedChange={(attachPdf) => patch({ attachPdf })}
            />
            <label htmlFor={attachId} className="text-sm text-slate-700">
              Attach PDF
            </label>
          </div>
          <Button variant="ghost" size="sm" onClick={() => pdf.mutate()} disabled={pdf.isPending}>
            <Eye className="h-4 w-4" aria-hidden /> {pdf.isPending ? 'Generating...' : 'Preview PDF'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
