import { ZCustomAdType } from '@pennant/shared/onboarding/schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field, Input } from '@/components/ui/Field';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { ONBOARDING_KEYS, readKey, writeKey } from '@/lib/storage';
import { useAddAdType, useAdTypes, useFinishMenu } from './onboarding-api';

const SUB_STEPS = ['Choose Ad Types', 'Add Custom Types', 'Review & Confirm'] as const;

export function MenuWizardStep({ onDone }: { onDone: () => void }) {
  const types = useAdTypes();
  const addAdType = useAddAdType();
  const finishMenu = useFinishMenu();
  const [sub, setSub] = useState(() => Math.min(Math.max(Number(readKey(ONBOARDING_KEYS.menuStep)) || 0, 0), 2));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [finishing, setFinishing] = useState(false);

  function goSub(n: number) {
    writeKey(ONBOARDING_KEYS.menuStep, String(n));
    setSub(n);
  }

  function toggle(id: string, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function addType() {
    const parsed = ZCustomAdType.safeParse({ label });
    if (!parsed.success) {
      setLabelError(parsed.error.issues[0]?.message ?? 'Label required');
      return;
    }
    setLabelError(null);
    setAdding(true);
    try {
      const created = await addAdType.mutateAsync(parsed.data.label);
      toggle(created.id, true);
      setLabel('');
    } catch (err) {
      toast.error('Failed to add type', { description: errorMessage(err, 'Please try again') });
    } finally {
      setAdding(false);
    }
  }

  async function finish() {
    setFinishing(true);
    try {
      await finishMenu.mutateAsync([...selected]);
      writeKey(ONBOARDING_KEYS.menuStep, '0');
      onDone();
    } catch (err) {
      toast.error('Failed to finalize', { description: errorMessage(err, 'Please try again') });
    } finally {
      setFinishing(false);
    }
  }

  if (types.isPending) return <PageLoading label="Loading ad types..." />;
  if (types.isError) {
    return (
      <Card className="p-6 text-center">
        <p className="text-slate-700">Error loading organization data</p>
        <Button className="mt-3" variant="outline" onClick={() => void types.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const all = types.data;
  const chosen = all.filter((t) => selected.has(t.id));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Products Menu</CardTitle>
        <p className="text-sm text-slate-600">
          Pick the kinds of sponsorship you sell. Each becomes a product you can price later.
        </p>
        <ol className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Products Menu steps">
          {SUB_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === sub ? 'step' : undefined}
              className={
                i === sub
                  ? 'rounded-full bg-brand-600 px-3 py-1 text-white'
                  : 'rounded-full bg-slate-100 px-3 py-1 text-slate-600'
              }
            >
              {i + 1}. {s}
            </li>
          ))}
        </ol>
      </CardHeader>
      <CardContent>
        {sub === 0 ? (
          <section aria-labelledby="choose-heading">
            <h2 id="choose-heading" className="mb-3 text-base font-semibold">
              Choose Ad Types
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {all.map((t) => (
                <li key={t.id}>
                  <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
                    <Checkbox
                      id={`ad-type-${t.id}`}
                      checked={selected.has(t.id)}
                      onCheckedChange={(on) => toggle(t.id, on)}
                    />
                    <label
                      htmlFor={`ad-type-${t.id}`}
                      className="flex-1 cursor-pointer text-sm font-medium text-slate-800"
                    >
                      {t.label}
                    </label>
                    {t.isCustom ? <Badge tone="accent">Custom</Badge> : null}
                  </div>
                </li>
              ))}
            </ul>
            {selected.size === 0 ? (
              <p className="mt-3 text-sm text-slate-500">Select at least one ad type to continue.</p>
            ) : null}
            <div className="mt-6 flex justify-end">
              <Button onClick={() => goSub(1)} disabled={selected.size === 0}>
                Next
              </Button>
            </div>
          </section>
        ) : null}

        {sub === 1 ? (
          <section aria-labelledby="custom-heading">
            <h2 id="custom-heading" className="mb-1 text-base font-semibold">
              Add Custom Types
            </h2>
            <p className="mb-4 text-sm text-slate-600">Optional: anything your club sells that is not listed.</p>
            <form
              className="flex items-start gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void addType();
              }}
            >
              <Field label="Custom type label" error={labelError ?? undefined} className="flex-1">
                {(p) => (
                  <Input
                    {...p}
                    value={label}
                    onChange={(e) => setLabel(e.target.value)}
                    placeholder="e.g. Dugout Sign"
                  />
                )}
              </Field>
              <Button type="submit" variant="outline" className="mt-6.5" disabled={adding}>
                {adding ? 'Adding...' : 'Add'}
              </Button>
            </form>
            {all.some((t) => t.isCustom) ? (
              <ul className="mt-4 flex flex-wrap gap-2">
                {all
                  .filter((t) => t.isCustom)
                  .map((t) => (
                    <li key={t.id}>
                      <Badge tone="accent">{t.label}</Badge>
                    </li>
                  ))}
              </ul>
            ) : null}
            <div className="mt-6 flex justify-between">
              <Button variant="outline" onClick={() => goSub(0)}>
                Back
              </Button>
              <Button onClick={() => goSub(2)} disabled={selected.size === 0}>
                Next
              </Button>
            </div>
          </section>
        ) : null}

        {sub === 2 ? (
          <section aria-labelledby="review-heading">
            <h2 id="review-heading" className="mb-3 text-base font-semibold">
              Review & Confirm
            </h2>
            {chosen.length === 0 ? (
              <p className="text-sm text-slate-600">No ad types selected. Go back and choose at least one.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {chosen.map((t) => (
                  <li key={t.id} className="flex items-center justify-between px-4 py-2.5 text-sm">
                    <span>{t.label}</span>
                    {t.isCustom ? <Badge tone="accent">Custom</Badge> : null}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 flex justify-between">
              <Button variant="outline" onClick={() => goSub(1)} disabled={finishing}>
                Back
              </Button>
              <Button onClick={() => void finish()} disabled={finishing || chosen.length === 0}>
                {finishing ? 'Saving...' : 'Finish & Continue'}
              </Button>
            </div>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
