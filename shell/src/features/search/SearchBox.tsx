import { SEARCH_LISTBOX_ID, type SearchCommand } from '@linkhunt/contracts/events';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SearchBox.module.css';

const publish = (value: string) => bus.publish('search:query', { query: value });
const command = (name: SearchCommand) => bus.publish('search:command', { command: name });

/**
 * The header's search: a combobox (WAI-ARIA 1.2, list autocomplete) whose listbox is mf-search's panel. Focus
 * never leaves the box: its keys go to the panel over the bus, and the panel answers with what the combobox
 * attributes need. Every keystroke is published; mf-search debounces and shows the panel while the query is
 * not empty.
 */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const query = useLastBusEvent('search:query')?.query ?? '';
  // On the server and at hydration nothing has been published: closed, as the server rendered it.
  const panel = useLastBusEvent('search:panel');
  const expanded = panel?.expanded ?? false;
  const activeOptionId = expanded ? (panel?.activeOptionId ?? undefined) : undefined;
  const id = useId();
  const hydrated = useHydrated();
  const hasQuery = query.trim() !== '';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hasQuery) return;
      // The caret stays where it is: the arrows move through the results instead.
      event.preventDefault();
      command(event.key === 'ArrowDown' ? 'next' : 'previous');
    } else if (event.key === 'Enter') {
      if (activeOptionId) command('choose');
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape: the first Escape only closes the panel, the text stays.
      event.preventDefault();
      if (expanded) command('close');
      else if (query) publish('');
    }
  };

  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.search')}
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        className={styles.input}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={SEARCH_LISTBOX_ID}
        aria-activedescendant={activeOptionId}
        value={query}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        // What is typed before hydration would not reach the search: the box takes input once it can.
        readOnly={!hydrated}
        onChange={(event) => publish(event.target.value)}
        onKeyDown={onKeyDown}
        // Back in the box after a click elsewhere closed the panel: the results are still there to show.
        onClick={() => {
          if (hasQuery && !expanded) command('open');
        }}
      />
    </form>
  );
}
