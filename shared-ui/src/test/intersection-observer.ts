import { vi } from 'vitest';

interface FakeObserver {
  callback: IntersectionObserverCallback;
  targets: Element[];
  connected: boolean;
}

/**
 * Replaces jsdom's missing IntersectionObserver with one the test drives: `scrollToEnd()` tells every
 * observer still connected that its targets came into view. Undo with `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  const observers: FakeObserver[] = [];

  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds: readonly number[] = [0];
    private readonly state: FakeObserver;

    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '0px';
      this.state = { callback, targets: [], connected: true };
      observers.push(this.state);
    }

    observe(target: Element) {
      this.state.targets.push(target);
    }

    unobserve(target: Element) {
      this.state.targets = this.state.targets.filter((element) => element !== target);
    }

    disconnect() {
      this.state.connected = false;
      this.state.targets = [];
    }

    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  const watching = () => observers.filter((observer) => observer.connected && observer.targets.length > 0);
  return {
    /** How many observers are watching something right now. */
    watching: () => watching().length,
    scrollToEnd() {
      for (const observer of watching()) {
        const entries = observer.targets.map((target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry);
        observer.callback(entries, {} as IntersectionObserver);
      }
    },
  };
}
