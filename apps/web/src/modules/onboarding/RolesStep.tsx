import { ZOnboardingRoles } from '@pennant/shared/onboarding/schemas';
import { ONBOARDING_ROLES, ROLE_DESCRIPTIONS, roleLabel, type TRole } from '@pennant/shared/team/roles';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useAssignRoles, useOnboardingState } from './onboarding-api';

export function RolesStep({ onDone }: { onDone: () => Promise<void> }) {
  const state = useOnboardingState();
  const assign = useAssignRoles();
  const [roles, setRoles] = useState<Set<TRole>>(new Set(['admin']));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (state.data) setRoles(new Set<TRole>(['admin', ...state.data.roles]));
  }, [state.data]);

  async function save() {
    const parsed = ZOnboardingRoles.safeParse({ roles: [...roles] });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'At least one role is required.');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await assign.mutateAsync(parsed.data);
      toast.success('Roles assigned!');
      await onDone();
    } catch (err) {
      toast.error('Error assigning roles', { description: errorMessage(err, 'Please try again') });
      setSaving(false);
    }
  }

  if (state.isPending) return <PageLoading />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose Your Roles</CardTitle>
        <p className="text-sm text-slate-600">
          What will you do in Pennant? As the owner you are always an Org Admin; you can invite teammates later.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {ONBOARDING_ROLES.map((role) => (
            <li key={role}>
              <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
                <Checkbox
                  id={`role-${role}`}
                  checked={roles.has(role)}
                  disabled={role === 'admin'}
                  onCheckedChange={(on) =>
                    setRoles((prev) => {
                      const next = new Set(prev);
                      if (on) next.add(role);
                      else next.delete(role);
                      return next;
                    })
                  }
                  className="mt-0.5"
                />
                <label htmlFor={`role-${role}`} className="flex-1 cursor-pointer">
                  <span className="block text-sm font-medium text-slate-900">{roleLabel(role)}</span>
                  <span className="block text-xs text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
                </label>
              </div>
            </li>
          ))}
        </ul>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end">
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Finish Setup & Go to Dashboard'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
