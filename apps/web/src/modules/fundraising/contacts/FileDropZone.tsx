import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface TFileDropZoneProps {
  /** The file input's accessible name. */
  label: string;
  title: string;
  hint: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** Drag a file here or click to choose one; keyboard users reach the file input inside it. */
export function FileDropZone({ label, title, hint, accept, disabled = false, onFile }: TFileDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-60'
          : dragging
            ? 'cursor-pointer border-brand-500 bg-brand-50'
            : 'cursor-pointer border-slate-300 bg-slate-50 hover:border-brand-500',
      )}
    >
      <FileUp className="h-6 w-6 text-slate-400" aria-hidden />
      <span className="font-medium text-slate-800">{title}</span>
      <span className="text-xs text-slate-500">{hint}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-label={label}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
