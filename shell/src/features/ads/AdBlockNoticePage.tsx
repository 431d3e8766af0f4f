import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate } from 'react-router';
import styles from '../../styles/pages.module.css';
import { detectAdBlock } from './detect-ad-block.ts';

/** Spec section 2: asks to disable the blocker; the button checks again and returns the visitor where they were. */
export default function AdBlockNoticePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const langPath = useLangPath();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const [checking, setChecking] = useState(false);
  const [stillBlocked, setStillBlocked] = useState(false);
  const recheck = async () => {
    setChecking(true);
    const blocked = await detectAdBlock();
    setChecking(false);
    setStillBlocked(blocked);
    if (!blocked) void navigate(from ?? langPath('/index'), { replace: true });
  };
  return (
    <div className={`container ${styles.notice}`}>
      <Seo title={t('adblock.title')} description={t('adblock.text')} />
      <h1>{t('adblock.title')}</h1>
      <p>{t('adblock.text')}</p>
      <Button onClick={() => void recheck()} loading={checking}>
        {t('adblock.done')}
      </Button>
      {stillBlocked && <p role="alert">{t('adblock.stillBlocked')}</p>}
    </div>
  );
}
