import { BLAST_MESSAGES } from '@pennant/shared/outreach/schemas';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/lib/session';
import { BlastDialog } from './BlastDialog';

/**
 * The dashboard's Prospect Email Blast card (spec 002 §2.6, §6): for admins and sponsorship leads
 * only (the outreach right), it opens the four-step dialog.
 */
export function BlastCard() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session.permissions.outreach.canCreate) return null;
  return (
    <section
      aria-labelledby="blast-card-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <span className="hidden rounded-lg bg-brand-50 p-2.5 text-brand-700 sm:block">
        <Mail className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="blast-card-title" className="text-base font-semibold text-slate-900">
          {BLAST_MESSAGES.cardTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{BLAST_MESSAGES.cardText}</p>
      </div>
      <Button onClick={() => setOpen(true)} className="w-full sm:w-auto">
        Start Email Blast
      </Button>
      <BlastDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
