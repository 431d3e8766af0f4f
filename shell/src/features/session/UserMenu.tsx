import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { formatCount } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { avatarUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import styles from './UserMenu.module.css';

/** Spec section 2: name and email with the account links when signed in; log in and register otherwise. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, user, signOut } = useSession((state) => state);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        // Focus inside the closing menu would fall to <body>: it goes back to the button that opened it.
        if (root.current?.contains(document.activeElement)) trigger.current?.focus();
      } else if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const avatar = user ? avatarUrl(user.avatar) : null;
  return (
    <div className={styles.root} ref={root}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        // Until hydrated, a click would be lost (see shared-ui's Button).
        aria-disabled={hydrated ? undefined : true}
        aria-expanded={open}
        // Only while the menu exists: a reference to a missing id is invalid ARIA.
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.open')}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        {avatar ? (
          <img className={styles.avatar} src={avatar} alt="" width={32} height={32} />
        ) : (
          <span className={styles.initial} aria-hidden="true">
            {user ? user.name.charAt(0).toUpperCase() : <PersonIcon />}
          </span>
        )}
      </button>
      {open && (
        <div id={menuId} className={styles.menu}>
          {status === 'authenticated' && user ? (
            <>
              <div className={styles.identity}>
                <strong>{user.name}</strong>
                <span className={styles.email}>{user.email}</span>
                <span className={styles.points}>{t('menu.points', { points: formatCount(user.points) })}</span>
              </div>
              <nav aria-label={t('menu.account')} className={styles.links}>
                <Link to={langPath('/auth/profile')}>{t('menu.profile')}</Link>
                <Link to={langPath('/auth/favs')}>{t('menu.favourites')}</Link>
                <Link to={langPath('/auth/products')}>{t('menu.myProducts')}</Link>
                <Link to={langPath('/product/new')}>{t('menu.addProduct')}</Link>
                {(user.role === 'moderator' || user.role === 'admin') && <Link to={langPath('/admin/reports')}>{t('menu.moderation')}</Link>}
                <button
                  type="button"
                  className={styles.logout}
                  onClick={() =>
                    void signOut().then(() => {
                      // Home may be where the visitor already is, which would not close the menu by itself.
                      setOpen(false);
                      return navigate(langPath('/index'));
                    })
                  }
                >
                  {t('menu.logout')}
                </button>
              </nav>
            </>
          ) : (
            <nav aria-label={t('menu.account')} className={styles.links}>
              <Link to={langPath('/auth')}>{t('menu.login')}</Link>
              <Link to={langPath('/auth/register')}>{t('menu.register')}</Link>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}
