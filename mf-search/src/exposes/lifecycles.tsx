import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { standaloneLifecycles } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import '../register-locales.ts';
import SearchPanel from '../features/search-panel/components/SearchPanel.tsx';

/** Alone, the panel needs a box to type in: a bare input stands in for the shell's header. */
function StandaloneApp() {
  const query = useLastBusEvent('search:query')?.query ?? '';
  return (
    <div className="container">
      <input
        type="search"
        aria-label="Search"
        value={query}
        onChange={(event) => bus.publish('search:query', { query: event.target.value })}
      />
      {query.trim() && <SearchPanel />}
    </div>
  );
}

export const { bootstrap, mount, unmount } = standaloneLifecycles(StandaloneApp);
