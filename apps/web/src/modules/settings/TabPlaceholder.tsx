import { Construction } from 'lucide-react';
import { Card } from '@/components/ui/Card';

/**
 * A settings tab whose area is not built yet: it opens (the address keeps working) and says so in a
 * sentence, across the full width of the page like the built tabs.
 */
export function TabPlaceholder({ title, sentence, detail }: { title: string; sentence: string; detail: string }) {
  return (
    <Card className="flex w-full flex-col items-center gap-3 px-6 py-12 text-center">
      <Construction className="h-10 w-10 text-amber-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-base text-slate-800">{sentence}</p>
      <p className="max-w-xl text-sm text-slate-600">{detail}</p>
    </Card>
  );
}
