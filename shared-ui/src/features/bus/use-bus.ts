import type { BusEventName, BusEvents } from '@linkhunt/contracts/events';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { bus } from './event-bus.ts';

/** Calls the handler for each event while the component is mounted; the latest handler is always used. */
export function useBusEvent<E extends BusEventName>(event: E, handler: (payload: BusEvents[E]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => bus.subscribe(event, (payload) => latest.current(payload)), [event]);
}

/** The last payload of an event, re-rendering when a new one is published. */
export function useLastBusEvent<E extends BusEventName>(event: E): BusEvents[E] | undefined {
  return useSyncExternalStore(
    (notify) => bus.subscribe(event, notify),
    () => bus.last(event),
    // Nothing has been published on the server (and the bus is not the render's): hydration starts from none.
    () => undefined,
  );
}
