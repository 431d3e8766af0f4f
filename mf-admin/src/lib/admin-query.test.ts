import { describe, expect, it } from 'vitest';
import { auditQuery, queueQuery, readAuditFilters, readHistoryRemote, readQueueFilters, readUserFilters, userQuery, withQuery } from './admin-query.ts';

const read = (query: string) => new URLSearchParams(query);

describe('the console’s query', () => {
  it('reads the queue’s reason and page, dropping what the API would refuse', () => {
    expect(readQueueFilters(read('reason=illegal&page=3'))).toEqual({ reason: 'illegal', page: 3 });
    expect(readQueueFilters(read('reason=spam&page=0'))).toEqual({ reason: null, page: 1 });
    expect(readQueueFilters(read('page=100001'))).toEqual({ reason: null, page: 1 });
    expect(readQueueFilters(read('page=2x'))).toEqual({ reason: null, page: 1 });
  });

  it('reads the platform history’s remote, only one the site has', () => {
    expect(readHistoryRemote(read('remote=mf-product'))).toBe('mf-product');
    expect(readHistoryRemote(read('remote=mf-nothing'))).toBeNull();
    expect(readHistoryRemote(read(''))).toBeNull();
  });

  it('reads the users’ search trimmed and cut to the API’s length, and only known statuses', () => {
    expect(readUserFilters(read(`q=${encodeURIComponent('  ana  ')}&status=suspended`))).toEqual({ q: 'ana', status: 'suspended', page: 1 });
    expect(readUserFilters(read(`q=${'a'.repeat(150)}&status=banned`))).toEqual({ q: 'a'.repeat(100), status: null, page: 1 });
  });

  it('reads the audit filters; a target id counts only with its type, and “@” is taken off a username', () => {
    expect(readAuditFilters(read('action=user.suspend&actor=%40mia_mod&target_type=user&target_id=7&page=2'))).toEqual({
      action: 'user.suspend',
      actor: 'mia_mod',
      targetType: 'user',
      targetId: 7,
      page: 2,
    });
    expect(readAuditFilters(read('action=user.delete&target_id=7'))).toEqual({ action: null, actor: '', targetType: null, targetId: null, page: 1 });
    expect(readAuditFilters(read('target_type=product&target_id=99999999999'))).toMatchObject({ targetType: 'product', targetId: null });
  });

  it('writes only what is set, leaving page 1 out', () => {
    expect(withQuery('/admin/reports', queueQuery({ reason: null, page: 1 }))).toBe('/admin/reports');
    expect(withQuery('/admin/reports', queueQuery({ reason: 'other', page: 2 }))).toBe('/admin/reports?reason=other&page=2');
    expect(withQuery('/admin/users', userQuery({ q: 'ana p', status: 'active', page: 1 }))).toBe('/admin/users?q=ana+p&status=active');
    expect(withQuery('/admin/audit', auditQuery({ action: 'role.grant', actor: 'mia', targetType: null, targetId: 3, page: 1 }))).toBe(
      '/admin/audit?action=role.grant&actor=mia',
    );
  });
});
