import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@pennant/shared/companies/schemas';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface TUploadStepProps {
  /** What the wizard is doing with the file ('Reading your file...', 'Uploading...'), or null. */
  busy: string | null;
  error: string | null;
  onFile: (file: File) => void;
}

export function UploadStep({ busy, error, onFile }: TUploadStepProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div className="space-y-4">
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file && busy === null) onFile(file);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50',
          busy && 'pointer-events-none opacity-60',
        )}
      >
        {busy ? (
          <span
            className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
            aria-hidden
          />
        ) : (
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm">
            <Upload className="h-6 w-6" aria-hidden />
          </span>
        )}
        <span className="text-sm font-medium text-slate-900">{busy ?? 'Choose a file or drag it here'}</span>
        <span className="text-xs text-slate-500">
          CSV or Excel (.csv, .xlsx, .xls), up to {Math.round(IMPORT_MAX_BYTES / 1024 / 1024)}MB and{' '}
          {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows
        </span>
        <input
          id={id}
          type="file"
          accept={IMPORT_ACCEPT}
          aria-label="Upload file"
          className="sr-only"
          disabled={busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
        <FileSpreadsheet className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <p>
          The first row should hold column names, such as Company Name, Contact Name, Email, Phone, Website, Industry
          and Notes. You will match the columns to fields in the next step. Imported companies start as prospects.
        </p>
      </div>
    </div>
  );
}
