import { describe, expect, it } from 'vitest';
import { smokePaths } from './smoke-paths.ts';

describe('smokePaths', () => {
  it('opens each exposed page through an unguarded route, parameters filled, the home page for a page no route shows', () => {
    expect(smokePaths('mf-catalogue')).toEqual(['/es/index', '/es/brand/smoke-check', '/es/cat/smoke-check']);
    expect(smokePaths('mf-product')).toEqual(['/es/product/smoke-check']);
    expect(smokePaths('mf-search')).toEqual(['/es/index', '/es/search']);
    // The product form is only behind the guard: the home page stands for it.
    expect(smokePaths('mf-account')).toContain('/es/user/smoke-check');
    expect(smokePaths('mf-account')).not.toContain('/es/product/new');
    expect(smokePaths('mf-admin')).toEqual(['/es/admin', '/es/admin/users', '/es/admin/audit', '/es/admin/platform']);
  });
});
