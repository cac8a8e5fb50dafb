import { slugify } from '@pennant/shared/catalogue/rules';
import { CATALOGUE_MESSAGES } from '@pennant/shared/catalogue/schemas';
import { ZCustomAdType } from '@pennant/shared/onboarding/schemas';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { useAdTypes, useCreateAdType } from '../catalogue-api';

/** The custom ad type label's limit (ZCustomAdType). */
const AD_TYPE_LABEL_MAX = 60;

interface TAdTypeFieldProps {
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** May add a custom ad type (products.create). */
  canCreateType: boolean;
}

/**
 * The ad type select: the global types, then the organization's own under 'Custom' (the chosen
 * one shows a 'Custom' badge), and a small inline form that adds a custom type and selects it.
 */
export function AdTypeField({ value, onChange, onBlur, error, disabled, canCreateType }: TAdTypeFieldProps) {
  const id = useId();
  const types = useAdTypes();
  const all = types.data ?? [];
  const standard = all.filter((t) => !t.isCustom);
  const custom = all.filter((t) => t.isCustom);
  const selected = all.find((t) => t.id === value);
  const describedBy = error ? `${id}-error` : types.isError ? `${id}-load` : undefined;

  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Ad Type
        </label>
        {selected?.isCustom ? <Badge tone="accent">Custom</Badge> : null}
      </div>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled || types.isPending}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      >
        <option value="">{types.isPending ? 'Loading ad types...' : 'Select an ad type'}</option>
        {standard.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
        {custom.length > 0 ? (
          <optgroup label="Custom">
            {custom.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
      {types.isError ? (
        <p id={`${id}-load`} className="flex items-center gap-2 text-sm text-red-600">
          Error loading ad types
          <Button variant="link" size="sm" className="h-auto" onClick={() => void types.refetch()}>
            Try Again
          </Button>
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {canCreateType && !disabled ? <CustomTypeForm onCreated={onChange} /> : null}
    </div>
  );
}

/** Not a <form>: it sits inside the product form, so Enter and its button add the type by hand. */
function CustomTypeForm({ onCreated }: { onCreated: (id: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const create = useCreateAdType({
    onSuccess: (created) => {
      onCreated(created.id);
      setLabel('');
      setOpen(false);
    },
    onError: (err) => toast.error('Failed to add type', { description: errorMessage(err, 'Please try again') }),
  });

  if (!open) {
    return (
      <Button variant="link" size="sm" className="h-auto py-0.5" onClick={() => setOpen(true)}>
        <Plus className="h-3.5 w-3.5" aria-hidden /> Create a custom type
      </Button>
    );
  }

  const add = () => {
    const parsed = ZCustomAdType.safeParse({ label });
    if (!parsed.success) {
      setLabelError(parsed.error.issues[0]?.message ?? CATALOGUE_MESSAGES.labelRequired);
      return;
    }
    setLabelError(null);
    create.mutate(parsed.data.label);
  };
  const slug = slugify(label);

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Custom Type Label
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={label}
          maxLength={AD_TYPE_LABEL_MAX}
          placeholder="e.g. Scoreboard Sign"
          aria-invalid={Boolean(labelError)}
          aria-describedby={`${id}-slug${labelError ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setLabel(e.target.value);
            if (labelError) setLabelError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className="min-w-0 flex-1"
        />
        <div className="flex gap-2">
          <Button variant="outline" onClick={add} disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Type'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setOpen(false);
              setLabel('');
              setLabelError(null);
            }}
          >
            Cancel
          </Button>
        </div>
      </div>
      <p id={`${id}-slug`} className="text-xs text-slate-500">
        Slug: <code className="font-mono text-slate-700">{slug || '—'}</code>
      </p>
      {labelError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {labelError}
        </p>
      ) : null}
    </div>
  );
}
