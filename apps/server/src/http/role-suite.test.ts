import { ALL_CONTRACTS } from '@pennant/shared/contracts';
import { isRestricted } from '@pennant/shared/session/permissions';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { teammate } from '../test/team-fixtures';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Generated from the route contracts: every route whose permission is more than reading (an
 * area action, a manage right, the owner's) refuses a read-only member with 403, with no body at
 * all: the permission is checked before the input. A new contract is covered as soon as it exists.
 */
forEachDatabase('role suite', (env) => {
  it('refuses a read-only member on every route that needs more than reading, before reading the body', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Role Suite Boosters');
    const { client: reader } = await teammate(env(), owner, orgId, ['read_only'], 'Reed Only');

    const restricted = ALL_CONTRACTS.filter((c) => isRestricted(c.permission));
    const refused: string[] = [];
    for (const c of restricted) {
      const url = `/api${c.path.replace(/\{[^}]+\}/g, SOME_ID)}`;
      const res = await reader.request(c.method.toUpperCase(), url);
      expect.soft(res.status, `${c.method.toUpperCase()} ${c.path} (${c.permission})`).toBe(403);
      refused.push(`${c.method.toUpperCase()} ${c.path}`);
    }
    process.stdout.write(`role suite: ${refused.length} of ${ALL_CONTRACTS.length} routes refused to read-only\n`);
    expect(refused.length).toBeGreaterThan(15);
  });
});
