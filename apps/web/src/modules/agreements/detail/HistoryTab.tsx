import { AGREEMENT_MESSAGES, type TAgreementDetail, type TAgreementEvent } from '@pennant/shared/agreements/schemas';
import { Clock, FileText, History, Mail, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useDeleteAgreementPdf, useGenerateAgreementPdf } from '../agreements-api';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** What an event recorded, as a line or two: the e-mail's recipient and subject, the file. */
function EventDetails({ event }: { event: TAgreementEvent }) {
  const m = event.metadata ?? {};
  const recipient = text(m.recipient_email) ?? text(m.recipientEmail);
  const subject = text(m.subject);
  const file = text(m.file_name) ?? text(m.fileName);
  if (!recipient && !subject && !file) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-xs text-slate-600">
      {recipient ? (
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-500">To:</dt>
          <dd className="break-all">{recipient}</dd>
        </div>
      ) : null}
      {subject ? (
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-500">Subject:</dt>
          <dd className="break-words">{subject}</dd>
        </div>
      ) : null}
      {file ? (
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-500">File:</dt>
          <dd className="break-all">{file}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function eventIcon(type: string) {
  if (type === 'agreement_email_sent') return Mail;
  if (type.startsWith('agreement_pdf')) return FileText;
  return Clock;
}

interface THistoryTabProps {
  agreement: TAgreementDetail;
  canEdit: boolean;
  timeZone: string;
  pdfReady: boolean;
  onViewPdf: () => void;
}

/** History: the PDF panel (generate, view, regenerate, delete) and the agreement's timeline. */
export function HistoryTab({ agreement: a, canEdit, timeZone, pdfReady, onViewPdf }: THistoryTabProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const generate = useGenerateAgreementPdf(a.id, {
    onSuccess: () => toast.success(AGREEMENT_MESSAGES.pdfReady),
    onError: () => toast.error(AGREEMENT_MESSAGES.pdfFailed),
  });
  const remove = useDeleteAgreementPdf(a.id, {
    onSuccess: () => {
      setConfirmDelete(false);
      toast.success(AGREEMENT_MESSAGES.pdfDeleted);
    },
    onError: (err) => {
      setConfirmDelete(false);
      toast.error(
        err instanceof ApiError && err.status === 404
          ? AGREEMENT_MESSAGES.noPdfToDelete
          : errorMessage(err, 'Please try again.'),
      );
    },
  });
  const doc = a.document;
  const busy = generate.isPending || remove.isPending;

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Card className="h-fit" role="region" aria-labelledby="agreement-pdf-title">
        <CardHeader>
          <CardTitle id="agreement-pdf-title">Agreement PDF</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {doc ? (
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Version</dt>
                <dd className="tabular-nums text-slate-900">{doc.version}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Generated</dt>
                <dd className="text-right text-slate-900">{formatDateTime(doc.generatedAt, timeZone)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Last emailed</dt>
                <dd className="min-w-0 text-right text-slate-900">
                  {doc.emailSentTo ? (
                    <>
                      <span className="block break-all">{doc.emailSentTo}</span>
                      {doc.sentAt ? (
                        <span className="block text-xs text-slate-500">{formatDateTime(doc.sentAt, timeZone)}</span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-slate-500">Not emailed yet</span>
                  )}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="text-sm text-slate-600">{AGREEMENT_MESSAGES.noPdfToView}</p>
          )}
          <div className="flex flex-wrap gap-2">
            {doc ? (
              <>
                <Button variant="outline" size="sm" onClick={onViewPdf} disabled={!pdfReady}>
                  <FileText className="h-4 w-4" aria-hidden /> Preview PDF
                </Button>
                {canEdit ? (
                  <>
                    <Button variant="outline" size="sm" onClick={() => generate.mutate()} disabled={busy}>
                      <RefreshCw className="h-4 w-4" aria-hidden />
                      {generate.isPending ? 'Generating...' : 'Regenerate PDF'}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-red-700 hover:bg-red-50"
                      onClick={() => setConfirmDelete(true)}
                      disabled={busy}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Delete PDF
                    </Button>
                  </>
                ) : null}
              </>
            ) : canEdit ? (
              <Button size="sm" onClick={() => generate.mutate()} disabled={busy}>
                <FileText className="h-4 w-4" aria-hidden />
                {generate.isPending ? 'Generating...' : 'Generate PDF'}
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2" role="region" aria-labelledby="agreement-timeline-title">
        <CardHeader>
          <CardTitle id="agreement-timeline-title">Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          {a.events.length === 0 ? (
            <EmptyState icon={History} title={AGREEMENT_MESSAGES.historyEmpty} className="p-6" />
          ) : (
            <ol aria-label="Agreement history" className="space-y-4">
              {a.events.map((event) => {
                const Icon = eventIcon(event.eventType);
                return (
                  <li key={event.id} className="flex gap-3">
                    <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100">
                      <Icon className="h-3.5 w-3.5 text-slate-600" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="break-words text-sm font-medium text-slate-900">{event.description}</p>
                      <p className="text-xs text-slate-500">
                        {event.createdByName ? `${event.createdByName} · ` : ''}
                        <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt, timeZone)}</time>
                      </p>
                      <EventDetails event={event} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete PDF"
        message="Delete the stored PDF of this agreement? You can generate it again at any time."
        confirmLabel="Delete PDF"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
