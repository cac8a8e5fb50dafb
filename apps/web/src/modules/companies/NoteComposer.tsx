import { NOTE_MAX_LENGTH, ZNote } from '@pennant/shared/companies/schemas';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useAddNote } from './companies-api';

interface TNoteComposerProps {
  companyId: string;
  disabled?: boolean;
  /** Called after the note is saved (the dialog closes itself). */
  onAdded?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** The note textarea with its 'n/2000' counter; submit is disabled when empty or over the limit. */
export function NoteComposer({ companyId, disabled, onAdded, onCancel, autoFocus }: TNoteComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const length = text.length;
  const over = length > NOTE_MAX_LENGTH;
  const empty = text.trim().length === 0;

  const add = useAddNote(companyId, {
    onSuccess: () => {
      toast.success('Note added successfully');
      setText('');
      onAdded?.();
    },
    onError: (err) => toast.error('Failed to create note', { description: errorMessage(err, 'Please try again.') }),
  });

  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty && !over) add.mutate(ZNote.parse({ description: text }));
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Add a note
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Call summary, next steps, who you spoke with…"
        rows={4}
        disabled={disabled || add.isPending}
        aria-invalid={over}
        aria-describedby={`${id}-count`}
        autoFocus={autoFocus}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className={cn('text-xs', over ? 'font-medium text-red-600' : 'text-slate-500')}>
          {length}/{NOTE_MAX_LENGTH}
          {over ? <span role="alert"> · Character limit exceeded</span> : null}
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel} disabled={add.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={disabled || empty || over || add.isPending}>
            {add.isPending ? 'Adding…' : 'Add Note'}
          </Button>
        </div>
      </div>
    </form>
  );
}
