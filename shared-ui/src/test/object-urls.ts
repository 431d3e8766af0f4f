import { vi } from 'vitest';

type UrlStatics = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;

/**
 * jsdom has no object URLs: gives `URL.createObjectURL` (`blob:test/1`, `blob:test/2`…) and `revokeObjectURL`
 * as spies. Returns them and `restore`, for an afterEach.
 */
export function stubObjectUrls() {
  const saved = {
    createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  let count = 0;
  const stubs: UrlStatics = {
    createObjectURL: vi.fn((_object: Blob | MediaSource) => `blob:test/${++count}`),
    revokeObjectURL: vi.fn((_url: string) => undefined),
  };
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    Object.defineProperty(URL, name, { value: stubs[name], configurable: true, writable: true });
  }
  const restore = () => {
    for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
      const descriptor = saved[name];
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  };
  return { ...stubs, restore };
}
