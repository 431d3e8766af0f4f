import type { DeployResponse, RemoteEntry } from '@linkhunt/contracts/platform';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { usePlatformWrite } from '../hooks/use-platform-write.ts';
import { useRefusalMessage } from '../hooks/use-refusal-message.ts';
import { EntryAddress } from './EntryAddress.tsx';
import styles from './ConfirmedChange.module.css';

interface Props {
  /** The button's words, and its accessible name (which says which remote, and starts with the words). */
  label: string;
  accessibleLabel: string;
  title: string;
  /** What the change does, above the versions. */
  intro: string;
  confirmLabel: string;
  /** The version visitors leave, and the one they get. */
  from: RemoteEntry | string;
  to: RemoteEntry | string;
  send: () => Promise<DeployResponse>;
  /** Said once it is done. */
  done: string;
}

/**
 * A platform write behind one confirmation (a rollback, a canary aborted): the dialog (shared-ui's modal: focus
 * kept inside, Escape closes) names the version left and the version given. Its button is busy while the call is
 * out, so one confirmation sends one request; a refusal is said in the dialog, which stays open.
 */
export function ConfirmedChange({ label, accessibleLabel, title, intro, confirmLabel, from, to, send, done }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const refusalMessage = useRefusalMessage();
  // The page is read again after the change: the button may be re-rendered meanwhile.
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const write = usePlatformWrite(send, () => {
    toast.success(done);
    setOpen(false);
  });
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        aria-label={accessibleLabel}
        onClick={() => {
          write.reset();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={button}
        title={title}
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('statement.cancel')}
            </Button>
            <Button variant="danger" loading={write.isPending} onClick={() => !write.isPending && write.mutate()}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        <div className={styles.body}>
          <p>{intro}</p>
          <dl className={styles.change}>
            <div>
              <dt>{t('platform.from')}</dt>
              <dd>
                <EntryAddress entry={from} />
              </dd>
            </div>
            <div>
              <dt>{t('platform.to')}</dt>
              <dd>
                <EntryAddress entry={to} />
              </dd>
            </div>
          </dl>
          {write.error && (
            <p role="alert" className={styles.refusal}>
              {refusalMessage(write.error)}
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}
