import { useBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';

const refresh = () => {
  if (sessionStore.getState().status === 'authenticated') void sessionStore.getState().check();
};

/** Points change when the user uploads, deletes or is reviewed: the menu shows them fresh. */
export function useSessionRefresh(): void {
  useBusEvent('product:uploaded', refresh);
  useBusEvent('product:deleted', refresh);
  useBusEvent('review:added', refresh);
}
