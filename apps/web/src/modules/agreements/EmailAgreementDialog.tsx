import { agreementNumber } from '@pennant/shared/agreements/rules';
import {
  AGREEMENT_MESSAGES,
  type TAgreementDetail,
  ZAgreementEmail,
  ZAgreementEmailDraftInput,
} from '@pennant/shared/agreements/schemas';
import { AI_MESSAGES } from '@pennant/shared/ai/schemas';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDraftAgreementEmail, useEmailAgreement } from './agreements-api';
import { formatDay } from './parts';

type TEmailAgreement = Pick<
  TAgreementDetail,
  'id' | 'companyName' | 'companyEmail' | 'primaryContactName' | 'startDate' | 'endDate'
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

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The e-mail as it starts: the company's address, the primary contact's name, a short message. */
export function defaultEmail(agreement: TEmailAgreement, sender: { name: string; organization: string }): TEmailDraft {
  const name = agreement.primaryContactName ?? '';
  const greeting = firstName(name) || 'there';
  const signature = [sender.name, sender.organization].filter(Boolean).join('\n');
  return {
    recipientEmail: agreement.companyEmail ?? '',
    recipientName: name,
    ccEmail: '',
    subject: `Sponsorship Agreement from ${sender.organization}`,
    body: [
      `Hi ${greeting},`,
      `Please find our sponsorship agreement with ${agreement.companyName} attached, for ${formatDay(agreement.startDate)} to ${formatDay(agreement.endDate)}.`,
      'Let us know if you have any questions.',
      `Thank you,\n${signature}`,
    ].join('\n\n'),
    attachPdf: true,
  };
}

interface TEmailAgreementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agreement: TEmailAgreement;
}

/** Email Agreement (spec §2, §5): recipient, CC, subject, body, the PDF attached, AI personalization. */
export function EmailAgreementDialog({ open, onOpenChange, agreement }: TEmailAgreementDialogProps) {
  const session = useSession();
  const canSend = session.permissions.agreements.canEdit;
  const sender = { name: session.user.name, organization: session.org?.name ?? '' };
  const [draft, setDraft] = useState<TEmailDraft>(() => defaultEmail(agreement, sender));
  const [errors, setErrors] = useState<TErrors>({});
  const attachId = useId();

  // Each opening starts from the agreement's current recipient and a fresh message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only
  useEffect(() => {
    if (open) {
      setDraft(defaultEmail(agreement, sender));
      setErrors({});
    }
  }, [open]);

  const patch = (p: Partial<TEmailDraft>) => setDraft((d) => ({ ...d, ...p }));

  const send = useEmailAgreement(agreement.id, {
    onSuccess: (result) => {
      toast.success(AGREEMENT_MESSAGES.sent(result.sentTo));
      onOpenChange(false);
    },
    onError: (err) => {
      const message = errorMessage(err, AGREEMENT_MESSAGES.emailFailed);
      toast.error(AGREEMENT_MESSAGES.emailFailed, {
        description: message === AGREEMENT_MESSAGES.emailFailed ? undefined : message,
      });
    },
  });
  const personalize = useDraftAgreementEmail(agreement.id, {
    onSuccess: (written) => {
      patch({ subject: written.subject, body: written.body });
      toast.success(AI_MESSAGES.personalized);
    },
    onError: (err) => toast.error(errorMessage(err, AI_MESSAGES.failed)),
  });
  const busy = send.isPending || personalize.isPending;
  const disabled = !canSend || busy;

  const noOrganization = () => {
    if (session.org) return false;
    toast.error(AGREEMENT_MESSAGES.organizationContext);
    return true;
  };

  const onPersonalize = () => {
    if (noOrganization()) return;
    const parsed = ZAgreementEmailDraftInput.safeParse({
      recipientName: draft.recipientName,
      recipientEmail: draft.recipientEmail,
    });
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'recipientName') next.recipientName ??= AGREEMENT_MESSAGES.recipientName;
        if (key === 'recipientEmail') next.recipientEmail ??= AGREEMENT_MESSAGES.recipient;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    personalize.mutate(parsed.data);
  };

  const onSend = () => {
    if (noOrganization()) return;
    const parsed = ZAgreementEmail.safeParse(draft);
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'recipientEmail') next.recipientEmail ??= AGREEMENT_MESSAGES.recipient;
        else if (key === 'subject' || key === 'body') next.content ??= AGREEMENT_MESSAGES.subjectAndBody;
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
      title="Email Agreement"
      description={`Send ${agreementNumber(agreement.id)} to ${agreement.companyName}.`}
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
          <p className="text-sm text-slate-700">Let AI write a message for this recipient.</p>
          <Button variant="outline" size="sm" onClick={onPersonalize} disabled={disabled}>
            <Sparkles className="h-4 w-4" aria-hidden />
            {personalize.isPending ? 'Personalizing...' : 'Personalize with AI'}
          </Button>
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
              rows={10}
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
        <div className="flex items-center gap-2">
          <Checkbox
            id={attachId}
            checked={draft.attachPdf}
            disabled={disabled}
            onCheckedChange={(attachPdf) => patch({ attachPdf })}
          />
          <label htmlFor={attachId} className="text-sm text-slate-700">
            Attach PDF
          </label>
        </div>
      </form>
    </Dialog>
  );
}
