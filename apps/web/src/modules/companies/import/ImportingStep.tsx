import { Progress } from '@/components/ui/Progress';

export function ImportingStep({ progress, count }: { progress: number; count: number }) {
  const phase = progress < 60 ? 'Uploading file...' : progress < 100 ? `Importing ${count} companies...` : 'Done';
  return (
    <div className="space-y-4 py-6" aria-live="polite">
      <p className="text-sm font-medium text-slate-800">{phase}</p>
      <Progress value={progress} aria-label="Import progress" />
      <p className="text-xs text-slate-500">
        {Math.round(progress)}% · Keep this window open until the import finishes.
      </p>
    </div>
  );
}
