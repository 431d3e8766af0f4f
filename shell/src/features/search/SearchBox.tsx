import { SEARCH_LISTBOX_ID, type SearchCommand } from '@linkhunt/contracts/events';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { EMPTY_LISTING_PARAMS, listingSearch, MAX_QUERY_LENGTH } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styles from './SearchBox.module.css';

const publish = (value: string) => bus.publish('search:query', { query: value });
const command = (name: SearchCommand) => bus.publish('search:command', { command: name });

/** The `q` of the search page (`/{lang}/search?q=…`), '' there without one; null on any other page. */
export function searchPageQuery(pathname: string, search: string): string | null {
  if (!/^\/[a-z]{2}\/search\/?$/.test(pathname)) return null;
  return new URLSearchParams(search).get('q') ?? '';
}

/**
 * The header's search: a combobox (WAI-ARIA 1.2, list autocomplete) whose listbox is mf-search's panel. Focus
 * never leaves the box: its keys go to the panel over the bus, and the panel answers with what the combobox
 * attributes need. Every keystroke is published; mf-search debounces and shows the panel while the query is
 * not empty. Enter opens the active option, or else the search page (`/{lang}/search?q=…`): the box is a GET
 * form for that page, so Enter gets there without JavaScript too, and a submit button (shown when focused)
 * sends it for those who do not press Enter.
 *
 * On the search page the box holds the page's `q` (server-rendered, hydrated, and after each navigation
 * between searches) until the visitor types; what they type is then a live search as on any other page.
 */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const pageQuery = searchPageQuery(location.pathname, location.search);
  // The location at which the visitor last typed: on the search page, until they type, the box shows its q.
  const [typedAt, setTypedAt] = useState<string | null>(null);
  const live = useLastBusEvent('search:query')?.query ?? '';
  const query = pageQuery === null || typedAt === location.key ? live : pageQuery;
  // On the server and at hydration nothing has been published: closed, as the server rendered it.
  const panel = useLastBusEvent('search:panel');
  const expanded = panel?.expanded ?? false;
  const activeOptionId = expanded ? (panel?.activeOptionId ?? undefined) : undefined;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const langPath = useLangPath();
  // Only what was typed is a live search (with its panel); the search page's own q has its results below.
  const hasQuery = query === live && live.trim() !== '';
  const type = (text: string) => {
    setTypedAt(location.key);
    publish(text);
  };

  // A new page (back and forward included) starts untyped. Arriving on a search page ends a live search: the page
  // shows the results, and the box its q.
  useEffect(() => {
    setTypedAt(null);
    if (pageQuery !== null && bus.last('search:query')?.query) publish('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation, not per keystroke
  }, [location.key]);

  // The server renders the box typeable (the GET form works without JavaScript), so text may be in it before
  // hydration, which keeps it but tells nobody: it is published once, as if just typed.
  const rendered = useRef(query);
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== rendered.current && typed !== bus.last('search:query')?.query) type(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- at hydration only
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hasQuery) return;
      // The caret stays where it is: the arrows move through the results instead.
      event.preventDefault();
      command(event.key === 'ArrowDown' ? 'next' : 'previous');
    } else if (event.key === 'Enter') {
      // With an active option Enter opens it, and the form is not sent; without one the form goes to the search page.
      if (activeOptionId) {
        event.preventDefault();
        command('choose');
      }
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape: the first Escape only closes the panel, the text stays.
      event.preventDefault();
      if (expanded) command('close');
      else if (query) type('');
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = query.trim();
    if (typed === '') return;
    // The search page has the results now: the panel goes, as when a result is chosen.
    publish('');
    void navigate(langPath(`/search${listingSearch({ ...EMPTY_LISTING_PARAMS, q: typed })}`));
  };

  return (
    <form className={styles.form} role="search" method="get" action={langPath('/search')} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.search')}
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        id={id}
        name="q"
        className={styles.input}
        // A text input, as ARIA 1.2's combobox pattern has it: HTML allows role="combobox" on type="text" only.
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={SEARCH_LISTBOX_ID}
        aria-activedescendant={activeOptionId}
        value={query}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        // Back in the box after a click elsewhere closed the panel: the results are still there to show.
        onClick={() => {
          if (hasQuery && !expanded) command('open');
        }}
      />
      <button type="submit" className={styles.submit}>
        {t('header.searchSubmit')}
      </button>
    </form>
  );
}
