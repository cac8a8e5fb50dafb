import { Sheet } from 'lucide-react';
import { cn } from '@/lib/cn';

interface TSheetStepProps {
  fileName: string;
  sheets: string[];
  value: string | null;
  onChange: (sheet: string) => void;
  error: string | null;
}

export function SheetStep({ fileName, sheets, value, onChange, error }: TSheetStepProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm text-slate-700">
        <span className="font-medium">{fileName}</span> has {sheets.length} sheets. Choose the one to import.
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {sheets.map((sheet) => (
          <label
            key={sheet}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
              value === sheet
                ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="import-sheet"
              value={sheet}
              checked={value === sheet}
              onChange={() => onChange(sheet)}
              className="h-4 w-4 accent-brand-600"
            />
            <Sheet className="h-4 w-4 text-slate-400" aria-hidden />
            <span className="truncate font-medium text-slate-800">{sheet}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
