import type { TestClient } from './client';

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function signUp(client: TestClient, email = uniqueEmail(), name = 'Test User', password = 'secret-pass') {
  const res = await client.post('/api/auth/sign-up', { name, email, password });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, name };
}

/** A signed-in owner of a freshly set-up organization. */
export async function ownerWithOrg(client: TestClient, orgName = 'Test Boosters') {
  const user = await signUp(client);
  const res = await client.post<{ orgId: string }>('/api/onboarding/organization', {
    name: orgName,
    seasonLabel: '2025',
    fiscalStartMonth: 7,
  });
  if (res.status !== 201) throw new Error(`org creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...user, orgId: res.body.orgId };
}
