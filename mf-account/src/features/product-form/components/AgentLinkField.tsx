import { MARKETPLACE_NAMES } from '@linkhunt/contracts/agents';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { useLinkUnderstanding } from '../hooks/use-link-understanding.ts';
import styles from './AgentLinkField.module.css';

/** After a paste, how long the field must stay as it is before the link is checked (a paste and a quick fix ask once). */
export const PASTE_SETTLE_MS = 400;

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's message for this field from the last submission. */
  error?: string;
  /** Shown under the field: the card of a product already listed with this link. */
  children?: ReactNode;
}

/**
 * The agent link: a link of any buying agent or marketplace (or a short link to one). Once pasted, or when the
 * field is left, the API says what it understood ("Weidian item 7233464590: …"), with the item's marketplace page,
 * or why it cannot use it, as the field's error; typing alone asks nothing. What is typed is never touched.
 */
export function AgentLinkField({ name, label, value, onChange, error, children }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const pasted = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The text last pasted or left: what the API is asked about.
  const [asked, setAsked] = useState('');
  const { check: found, recheck } = useLinkUnderstanding(asked, t('productForm.agentLink.refused'));
  // Once the text changes, the verdict on the old one no longer describes the field.
  const check = asked === value.trim() ? found : ({ status: 'idle' } as const);

  useEffect(() => () => clearTimeout(pasted.current), []);

  const ask = (text: string) => {
    clearTimeout(pasted.current);
    const link = text.trim();
    if (link === asked && found.status === 'unchecked') recheck();
    setAsked(link);
  };

  const refusal = check.status === 'refused' ? check.message : undefined;
  // A refusal of the submitted form is the newer word on the field.
  const message = error ?? refusal;
  const described = [`${id}-hint`, check.status === 'understood' && `${id}-understood`, message && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        name={name}
        type="url"
        maxLength={2000}
        placeholder="https://"
        autoComplete="off"
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
        onPaste={() => {
          clearTimeout(pasted.current);
          // The pasted text is in the field only after this event: read it once it has settled.
          pasted.current = setTimeout(() => ask(input.current?.value ?? ''), PASTE_SETTLE_MS);
        }}
        onBlur={(event) => ask(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t('productForm.agentLinkHint')}
      </p>
      {/* In place from the first render, so each verdict is announced as it comes. */}
      <div role="status" className={styles.check} aria-busy={check.status === 'checking' ? true : undefined}>
        {check.status === 'checking' && (
          <p className={styles.checking}>
            <span className={styles.ring} aria-hidden="true" />
            {t('productForm.agentLink.checking')}
          </p>
        )}
        {check.status === 'understood' && (
          <p id={`${id}-understood`} className={styles.understood}>
            <span>{check.understanding.summary}</span>{' '}
            <a href={check.understanding.marketplace_link} target="_blank" rel="noopener noreferrer">
              {t('productForm.agentLink.open', { marketplace: MARKETPLACE_NAMES[check.understanding.source_item.marketplace] })}
              {' '}
              <span className="visually-hidden">{t('productForm.agentLink.newTab')}</span>
            </a>
          </p>
        )}
        {check.status === 'unchecked' && <p className="field-hint">{t('productForm.agentLink.unchecked')}</p>}
        {!error && <FieldMessage id={`${id}-error`} message={refusal} />}
      </div>
      {error && <FieldMessage id={`${id}-error`} message={error} />}
      {children}
    </div>
  );
}
