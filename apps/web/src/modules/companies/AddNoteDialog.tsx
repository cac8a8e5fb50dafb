import { Dialog } from '@/components/ui/Dialog';
import { NoteComposer } from './NoteComposer';

interface TAddNoteDialogProps {
  company: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}

export function AddNoteDialog({ company, onOpenChange }: TAddNoteDialogProps) {
  return (
    <Dialog open={company !== null} onOpenChange={onOpenChange} title="Add Note" description={company?.name}>
      {company ? (
        <NoteComposer
          companyId={company.id}
          autoFocus
          onAdded={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}
