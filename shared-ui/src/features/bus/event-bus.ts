import type { BusEventName, BusEvents } from '@linkhunt/contracts/events';
import { globalSingleton } from '../../lib/global-singleton.ts';

type Handler<E extends BusEventName> = (payload: BusEvents[E]) => void;

export interface EventBus {
  publish<E extends BusEventName>(event: E, payload: BusEvents[E]): void;
  /** Returns the unsubscribe function. */
  subscribe<E extends BusEventName>(event: E, handler: Handler<E>): () => void;
  /** The last payload published, so a remote mounted later starts from the current state (the search query). */
  last<E extends BusEventName>(event: E): BusEvents[E] | undefined;
}

function createEventBus(): EventBus {
  const handlers = new Map<BusEventName, Set<Handler<BusEventName>>>();
  const lastPayloads = new Map<BusEventName, unknown>();
  return {
    publish(event, payload) {
      lastPayloads.set(event, payload);
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          handler(payload);
        } catch (error) {
          // One failing listener (one remote) must not stop the others from hearing the event.
          console.error(`bus listener for ${event} failed`, error);
        }
      }
    },
    subscribe(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as Handler<BusEventName>);
      return () => set.delete(handler as Handler<BusEventName>);
    },
    last: <E extends BusEventName>(event: E) => lastPayloads.get(event) as BusEvents[E] | undefined,
  };
}

export const bus: EventBus = globalSingleton('bus', createEventBus);
