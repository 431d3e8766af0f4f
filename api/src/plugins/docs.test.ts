import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { API_TAGS } from './docs.js';

interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
}

interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

// What a generated client and a reader of /docs rely on, checked here so it fails in the API suite; the whole
// of Spectral's OpenAPI ruleset runs in `pnpm lint:openapi`.
let t: TestApp;
let doc: Document;
let operations: { label: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request('GET', '/docs/json')).body as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation })),
  );
});
afterAll(async () => t.close());

describe('the OpenAPI document', () => {
  it('names every operation with a unique lowerCamelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(({ operation }) => !/^[a-z][a-zA-Z]+$/.test(operation.operationId ?? '')).map(({ label }) => label)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('describes every operation', () => {
    expect(operations.filter(({ operation }) => !operation.description?.trim()).map(({ label }) => label)).toEqual([]);
  });

  it('files every operation under exactly one declared tag, and declares only tags in use, each described', () => {
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(declared).toEqual(API_TAGS.map((tag) => tag.name));
    expect((doc.tags ?? []).filter((tag) => !tag.description?.trim())).toEqual([]);
    const misfiled = operations.filter(({ operation }) => operation.tags?.length !== 1 || !declared.includes(operation.tags[0] ?? ''));
    expect(misfiled.map(({ label, operation }) => `${label}: ${operation.tags?.join(', ') ?? 'no tag'}`)).toEqual([]);
    const used = new Set(operations.map(({ operation }) => operation.tags?.[0]));
    expect(declared.filter((name) => !used.has(name))).toEqual([]);
  });
});
