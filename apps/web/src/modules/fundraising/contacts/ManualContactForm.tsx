import { EMAIL_MAX } from '@pennant/shared/fields';
import { validateManualContact } from '@pennant/shared/fundraising/contacts';
import { FUNDRAISING_LIMITS } from '@pennant/shared/fundraising/schemas';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { InlineError } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { cn } from '@/lib/cn';

const L = FUNDRAISING_LIMITS;

export interface TNewContact {
  playerIndex: number;
  name: string;
  /** Trimmed and lower-cased, like an imported row's. */
  email: string;
}

interface TManualContactFormProps {
  players: readonly string[];
  /** The detail view adds to its own player: no player select then. */
  playerIndex?: number;
  existingEmails: readonly string[];
  disabled?: boolean;
  onAdd: (contact: TNewContact) => void;
  className?: string;
}

/**
 * Manual Entry (spec 002 §5.3): player, name, e-mail and Add, with the spec's messages in order
 * ('Please select a player', 'Contact name is required', 'Contact email is required', 'Invalid
 * email format', 'This email is already in your contacts list' — case-insensitive across the CSV
 * and manual contacts). The player stays chosen after an add, for entering a family in a row.
 */
export function ManualContactForm({
  players,
  playerIndex,
  existingEmails,
  disabled = false,
  onAdd,
  className,
}: TManualContactFormProps) {
  const fixed = playerIndex !== undefined && playerIndex >= 0;
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const index = fixed ? playerIndex : chosen === '' ? null : Number(chosen);
    const problem = validateManualContact({ playerIndex: index, name, email }, true, existingEmails);
    if (problem !== null || index === null) {
      setError(problem);
      return;
    }
    onAdd({ playerIndex: index, name: name.trim(), email: email.trim().toLowerCase() });
    setName('');
    setEmail('');
    setError(null);
  };

  return (
    <form
      noValidate
      className={cn('space-y-3', className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset
        disabled={disabled}
        className={cn(
          'grid gap-3 sm:grid-cols-2',
          fixed ? 'lg:grid-cols-[repeat(2,minmax(0,1fr))_auto]' : 'lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]',
        )}
      >
        {fixed ? null : (
          <Field label="Player">
            {(a11y) => (
              <Select
                {...a11y}
                value={chosen}
                onChange={(e) => {
                  setChosen(e.target.value);
                  setError(null);
                }}
              >
                <option value="">Select a player</option>
                {players.map((p, i) => (
                  <option key={p} value={i}>
                    {p}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <NameEmailFields
          labels={{ name: 'Contact Name', email: 'Contact Email' }}
          placeholders={{ name: 'Maria Rivera', email: 'maria@example.com' }}
          name={name}
          email={email}
          onName={(v) => {
            setName(v);
            setError(null);
          }}
          onEmail={(v) => {
            setEmail(v);
            setError(null);
          }}
        />
        <div className="flex items-end">
          <Button type="submit" className="w-full sm:w-auto">
            <Plus className="h-4 w-4" aria-hidden /> Add Contact
          </Button>
        </div>
      </fieldset>
      {error ? <InlineError>{error}</InlineError> : null}
    </form>
  );
}

interface TNameEmailFieldsProps {
  labels: { name: string; email: string };
  placeholders: { name: string; email: string };
  name: string;
  email: string;
  onName: (value: string) => void;
  onEmail: (value: string) => void;
}

/** A contact's name and e-mail inputs, limited as the save limits them (the manual and alumni add forms). */
export function NameEmailFields({ labels, placeholders, name, email, onName, onEmail }: TNameEmailFieldsProps) {
  return (
    <>
      <Field label={labels.name}>
        {(a11y) => (
          <Input
            {...a11y}
            value={name}
            maxLength={L.contactNameMax}
            autoComplete="off"
            placeholder={placeholders.name}
            onChange={(e) => onName(e.target.value)}
          />
        )}
      </Field>
      <Field label={labels.email}>
        {(a11y) => (
          <Input
            {...a11y}
            type="email"
            value={email}
            maxLength={EMAIL_MAX}
            autoComplete="off"
            placeholder={placeholders.email}
            onChange={(e) => onEmail(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
