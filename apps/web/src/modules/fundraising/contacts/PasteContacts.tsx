import { EMAIL_MAX } from '@pennant/shared/fields';
import { parsePastedContacts, type TPlayerCsvRow } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_LIMITS } from '@pennant/shared/fundraising/schemas';
import { ClipboardPaste } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field, Textarea } from '@/components/ui/Field';

const L = FUNDRAISING_LIMITS;
/** A line holds a player, a name and an address, with separators. */
const PASTE_MAX = L.contactsPerSaveMax * (L.playerNameMax + L.contactNameMax + EMAIL_MAX + 4);

interface TPasteContactsProps {
  players: readonly string[];
  existingEmails: readonly string[];
  disabled: boolean;
  /** The pasted lines, checked like a file's rows, for the preview. */
  onRows: (rows: TPlayerCsvRow[]) => void;
}

/**
 * The Paste Data tab (spec 002 §5.3): one contact per line as Player, Name, Email, split by tab
 * (a spreadsheet's copy) or comma. An empty paste: 'Please paste contact lines (Player, Name, Email)'.
 */
export function PasteContacts({ players, existingEmails, disabled, onRows }: TPasteContactsProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const check = () => {
    const result = parsePastedContacts(text, players, existingEmails);
    if (result.error !== null) {
      setError(result.error);
      return;
    }
    if (result.rows.length > L.contactsPerSaveMax) {
      setError(`At most ${L.contactsPerSaveMax} contacts at a time`);
      return;
    }
    setError(null);
    setText('');
    onRows(result.rows);
  };

  return (
    <div className="space-y-3">
      <Field
        label="Contact lines"
        error={error ?? undefined}
        hint="One contact per line: Player, Name, Email — separated by tabs (copied from a spreadsheet) or commas."
      >
        {(a11y) => (
          <Textarea
            {...a11y}
            rows={8}
            value={text}
            disabled={disabled}
            maxLength={PASTE_MAX}
            placeholder={'Alex Rivera, Maria Rivera, maria@example.com\nJordan Lee\tSam Lee\tsam@example.com'}
            className="font-mono text-xs sm:text-sm"
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button variant="outline" onClick={check} disabled={disabled}>
        <ClipboardPaste className="h-4 w-4" aria-hidden /> Preview Contacts
      </Button>
    </div>
  );
}
