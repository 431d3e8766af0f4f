import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { OfferedLink } from '../lib/link-plan.ts';
import styles from './LinkDialog.module.css';

interface Props {
  links: readonly OfferedLink[];
  opening: { onClick: () => void; onAuxClick: (event: MouseEvent) => void };
}

/** The other agents, closed at first: with a dozen of them as buttons the stores would be out of sight. */
export function MoreAgents({ links, opening }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <details className={styles.more}>
      <summary>{t('links.otherAgents', { count: links.length })}</summary>
      <ul className={styles.agentList}>
        {links.map(({ key, name, href, gone }) => (
          <li key={key}>
            <a
              className={cx(styles.agentLink, gone && styles.agentGone)}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              // The list shows names only; the name a screen reader reads says what the link does.
              aria-label={t(gone ? 'links.openInGone' : 'links.openIn', { agent: name })}
              {...opening}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
