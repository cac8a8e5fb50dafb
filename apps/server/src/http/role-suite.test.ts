import { expect, it } from 'vitest';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { teammate } from '../test/team-fixtures';

/**
 * Routes a read-only member may call on purpose: their own account and session, the onboarding of
 * an organization of their own, accepting invitations, and their personal timezone.
 */
const PERSONAL = [
  /^\/api\/auth\//,
  /^\/api\/account\//,
  /^\/api\/onboarding\//,
  /^\/api\/invites\//,
  /^\/api\/profile\//,
];

const MUTATING = ['post', 'put', 'patch', 'delete'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A valid body for each mutating route, so the refusal tested is the permission, not validation.
 * A new route without a sample fails this suite until one is added here.
 */
const SAMPLES: Record<string, unknown> = {
  'PUT /api/organization/settings': { name: 'Renamed Boosters', seasonLabel: '2025', fiscalStartMonth: 1 },
  'POST /api/team/invites': { email: 'someone@example.com', roles: ['treasurer'] },
  'POST /api/team/invites/{id}/resend': {},
  'POST /api/team/invites/{id}/cancel': {},
  'POST /api/companies': { name: 'Read Only Hardware', status: 'prospect' },
  'PATCH /api/companies/{id}': { name: 'Renamed' },
  'DELETE /api/companies/{id}': undefined,
  'PATCH /api/companies/{id}/status': { status: 'contacted' },
  'POST /api/companies/bulk-status': { ids: [SOME_ID], status: 'contacted' },
  'POST /api/companies/imports/{id}/duplicates': { mapping: { 'Company Name': 'name' } },
  'POST /api/companies/imports/{id}/start': {},
  'POST /api/companies/{id}/contacts': { name: 'Pat', email: 'pat@example.com' },
  'PATCH /api/companies/{id}/contacts/{contactId}': { name: 'Pat', email: 'pat@example.com' },
  'POST /api/companies/{id}/contacts/{contactId}/primary': {},
  'DELETE /api/companies/{id}/contacts/{contactId}': undefined,
  'POST /api/companies/{id}/notes': { description: 'Called them' },
  'DELETE /api/companies/{id}/notes/{noteId}': undefined,
};

/** Multipart routes get a small, valid file. */
function importForm(): FormData {
  const form = new FormData();
  form.set('file', new File(['Company Name\nAcme\n'], 'companies.csv', { type: 'text/csv' }));
  return form;
}

/**
 * Walks the whole route table: every mutating organization route refuses a read-only member with
 * 403 before doing anything, whatever the body. New routes are covered as soon as they exist.
 */
forEachDatabase('role suite', (env) => {
  it('refuses a read-only member on every mutating organization route', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Role Suite Boosters');
    const { client: reader } = await teammate(env(), owner, orgId, ['read_only'], 'Reed Only');

    const doc = await reader.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.body.paths)) {
      if (PERSONAL.some((re) => re.test(path))) continue;
      for (const method of Object.keys(methods).filter((m) => MUTATING.includes(m))) {
        const key = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{[^}]+\}/g, SOME_ID);
        let status: number;
        if (key === 'POST /api/companies/imports') {
          const cookie = [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const res = await env().app.request(`http://localhost:3999${url}`, {
            method: 'POST',
            headers: { cookie, origin: 'http://localhost:3999' },
            body: importForm(),
          });
          status = res.status;
        } else {
          expect.soft(key in SAMPLES, `${key} needs a sample body in the role suite`).toBe(true);
          status = (await reader.request(method.toUpperCase(), url, SAMPLES[key])).status;
        }
        checked.push(`${key} → ${status}`);
        expect.soft(status, key).toBe(403);
      }
    }
    expect(checked.length).toBeGreaterThan(5);
  });
});
