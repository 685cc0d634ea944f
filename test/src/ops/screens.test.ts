// What the screens send: the arguments of the commands they build from their forms, and who may decide what.
import { describe, expect, it } from 'vitest';
import { decidable } from '../../../src/ops/pages/ApprovalsPage.tsx';
import { changedArgs } from '../../../src/ops/pages/EarnPage.tsx';
import { publishArgs, saveArgs } from '../../../src/ops/pages/ContentEditorPage.tsx';
import { articleState } from '../../../src/ops/pages/ContentPage.tsx';
import { auditQuery } from '../../../src/ops/pages/AuditPage.tsx';
import type { OpsApprovalItem } from '../../../src/contract.ts';
import type { EarnProductRow } from '../../../src/ops/views.ts';

describe('screens', () => {
  it('four eyes: a pending request is decided by someone other than who asked', () => {
    const a: OpsApprovalItem = {
      id: 1, command: 'balance credit', args: {}, summary: '', reason: 'r', requestedBy: 'alice', requestedAt: 1, status: 'pending', decidedBy: null, decidedAt: null,
      decisionReason: null, outcome: null,
    };
    expect(decidable(a, 'bob')).toBe(true);
    expect(decidable(a, 'alice')).toBe(false);
    expect(decidable({ ...a, status: 'approved' }, 'bob')).toBe(false);
  });

  it('earn product set gets only what changed', () => {
    const p = { id: 4, name: 'Pool', minAmount: '10', maxAmount: '100', quota: '1000', status: 'open', sortOrder: 0 } as EarnProductRow;
    expect(changedArgs(p, { name: 'Pool', min: '10', max: '200', quota: '1000', status: 'closed', sort: '0' })).toEqual({ max: '200', status: 'closed' });
    expect(changedArgs(p, { name: ' Pool ', min: '', max: '100', quota: '1000', status: 'open', sort: '0' })).toEqual({});
  });

  it('content save: one language, with the revision it was edited from', () => {
    const text = { title: ' Maintenance ', summary: '', markdown: '# Tonight\n' };
    expect(saveArgs({ id: null, kind: 'announcement', category: 'account', slug: 'about', revision: null }, 'en', text)).toEqual({
      kind: 'announcement', locale: 'en', title: 'Maintenance', body: '# Tonight\n',
    });
    expect(saveArgs({ id: 9, kind: 'help', category: 'funds', slug: 'about', revision: 3 }, 'th', { ...text, summary: 'x' })).toEqual({
      kind: 'help', category: 'funds', locale: 'th', title: 'Maintenance', summary: 'x', body: '# Tonight\n', id: '9', revision: '3',
    });
    expect(saveArgs({ id: 2, kind: 'page', category: 'funds', slug: 'privacy-policy', revision: 1 }, 'ja', text)).toMatchObject({ slug: 'privacy-policy' });
  });

  it('content publish: now, or at the picked local time as ISO', () => {
    expect(publishArgs(5, '')).toEqual({ id: '5' });
    expect(publishArgs(5, '2030-01-02T03:04')).toEqual({ id: '5', at: new Date(2030, 0, 2, 3, 4).toISOString() });
    expect(articleState({ status: 'published', publishAt: 200 }, 100)).toBe('scheduled');
    expect(articleState({ status: 'published', publishAt: 50 }, 100)).toBe('published');
    expect(articleState({ status: 'draft', publishAt: null }, 100)).toBe('draft');
  });

  it('the audit filter is the same for the list and the CSV', () => {
    const q = auditQuery({ operator: ' alice ', command: '', from: '2026-01-05', to: '2026-01-05' });
    expect(q.operator).toBe('alice');
    expect(q.command).toBeUndefined();
    expect(Number(q.to) - Number(q.from)).toBe(86_400_000 - 1);
  });
});
