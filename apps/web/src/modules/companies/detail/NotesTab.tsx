import type { TCompanyNote } from '@pennant/shared/companies/schemas';
import { History, MessageSquareText, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCompanyNotes, useDeleteNote } from '../companies-api';
import { NoteComposer } from '../NoteComposer';

const EVENT_LABELS: Record<string, string> = {
  status_changed: 'Status change',
  quote_sent: 'Quote sent',
  invoice_email_sent: 'Invoice email',
  agreement_email_sent: 'Agreement email',
  prospect_email_sent: 'Prospect email',
};

function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase());
}

export function NotesTab({ companyId }: { companyId: string }) {
  const session = useSession();
  const rights = session.permissions.companies;
  const notes = useCompanyNotes(companyId);
  /** The note whose delete waits for the confirmation. */
  const [deleting, setDeleting] = useState<TCompanyNote | null>(null);

  // Spec §8: a failed load says 'Failed to load company notes' and shows an empty list.
  useEffect(() => {
    if (notes.isError) toast.error('Failed to load company notes');
  }, [notes.isError]);

  const remove = useDeleteNote(companyId, {
    onSuccess: () => {
      toast.success('Note deleted successfully');
      setDeleting(null);
    },
    onError: (err) => toast.error('Failed to delete note', { description: errorMessage(err, 'Please try again.') }),
  });

  const list = notes.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Card className="h-fit p-4 lg:order-2">
        {rights.canCreate ? (
          <NoteComposer companyId={companyId} />
        ) : (
          <p className="text-sm text-slate-600">You do not have permission to add notes.</p>
        )}
      </Card>
      <section aria-label="Notes" className="space-y-3 lg:order-1 lg:col-span-2">
        {notes.isPending ? (
          <Loading className="py-8">Loading notes...</Loading>
        ) : list.length === 0 ? (
          <Card>
            <EmptyState icon={MessageSquareText} title="No notes yet">
              Notes record calls, meetings and next steps with this company.
            </EmptyState>
          </Card>
        ) : (
          <ol className="space-y-3">
            {list.map((n) => {
              const isNote = n.eventType === 'note';
              return (
                <li key={n.id}>
                  <Card className={isNote ? 'p-4' : 'border-dashed bg-slate-50 p-4'}>
                    <div className="flex items-start gap-3">
                      <span
                        className={
                          isNote
                            ? 'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
                            : 'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600'
                        }
                      >
                        {isNote ? (
                          <MessageSquareText className="h-4 w-4" aria-hidden />
                        ) : (
                          <History className="h-4 w-4" aria-hidden />
                        )}
                      </span>
                      <div className="min-w-0 flex-1 space-y-1">
                        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                          <time dateTime={n.occurredAt}>{formatDateTime(n.occurredAt, session.timezone)}</time>
                          {!isNote ? <Badge tone="neutral">{eventLabel(n.eventType)}</Badge> : null}
                        </div>
                        <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{n.description}</p>
                      </div>
                      {isNote && rights.canDelete ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="h-8 w-8 shrink-0 text-slate-500 hover:text-red-700"
                          aria-label="Delete note"
                          disabled={remove.isPending}
                          onClick={() => setDeleting(n)}
                        >
                          <Trash2 className="h-4 w-4" />
                        </Button>
                      ) : null}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Note"
        message="Are you sure you want to delete this note? This action cannot be undone."
        confirmLabel="Delete Note"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
