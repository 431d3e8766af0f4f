import type { RemoteEntry } from '@linkhunt/contracts/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './EntryAddress.module.css';

/** A version of a remote, by its address (what remotes.json holds); "none" for a remote that had no entry. */
export function EntryAddress({ entry }: { entry: RemoteEntry | string | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (entry === null) return <span className={styles.none}>{t('platform.noEntry')}</span>;
  return <code className={styles.entry}>{typeof entry === 'string' ? entry : entry.entry}</code>;
}
