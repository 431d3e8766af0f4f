import { AGENT_NAMES, type EnabledAgent, isBuyingAgent } from '@linkhunt/contracts/agents';
import { CURRENCIES } from '@linkhunt/contracts/prices';
import { currencyName } from '@linkhunt/shared-ui/features/currency/format-money.ts';
import type { OwnUser, ProfileResponse } from '@linkhunt/contracts/user';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { avatarUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { sessionStore, useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { ImageField } from '../../../components/ImageField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { formErrorsOf, NO_ERRORS } from '../../../lib/form-errors.ts';
import { GeneralError } from '../../../components/GeneralError.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import { VerifyNotice } from '../../../components/VerifyNotice.tsx';
import styles from './SettingsPage.module.css';

/** Settings (`/auth/settings`, protected): the profile's public fields, the avatar, the buying agent, the currency and the password. */
export default function SettingsPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession((state) => state.user);
  return (
    <div className={`container ${styles.page}`}>
      <Seo title={t('settings.title')} description={t('settings.description')} />
      <h1 className={styles.title}>{t('settings.title')}</h1>
      <VerifyNotice />
      {user && <SettingsForm key={user.id} user={user} />}
    </div>
  );
}

function SettingsForm({ user }: { user: OwnUser }) {
  const { t } = useTranslation(NAMESPACE);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    name: user.name,
    biography: user.biography ?? '',
    coupon: user.coupon ?? '',
    current_password: '',
    password: '',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  // Null until the user picks one: till then the select follows the account, which the header's picker may change.
  const [agent, setAgent] = useState<string | null>(null);
  const savedAgent = user.preferred_agent ?? '';
  const [currency, setCurrency] = useState<string | null>(null);
  const savedCurrency = user.preferred_currency ?? '';
  const { mutate, error, isPending: sending } = useMutation(
    {
      mutationFn: (body: FormData) => apiClient.post<ProfileResponse>('/auth/update', body).then(({ data }) => data.user.data),
      onSuccess: (saved) => {
        sessionStore.setState({ user: saved });
        setAgent(null);
        setCurrency(null);
        setValues((current) => ({ ...current, current_password: '', password: '' }));
        toast.success(t('settings.saved'));
        // Name, biography and avatar show on the public page and wherever the user is credited.
        void invalidateApi('/users/', '/products/slug/');
      },
      onError: (failure) => {
        const found = formErrorsOf(failure, t('settings.failed'), t('form.sessionExpired'));
        if (found.toast) toast.error(found.toast);
        const first = Object.keys(found.fields)[0];
        if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      },
    },
    queryClient(),
  );
  // Spec section 8: the first message in a toast, each field's beside it, and the form keeps what was typed.
  const errors = error ? formErrorsOf(error, t('settings.failed'), t('form.sessionExpired')) : NO_ERRORS;

  const textField = (name: keyof typeof values) => ({
    name,
    label: t(`settings.fields.${name}`),
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors.fields[name],
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const body = new FormData();
    body.append('name', values.name.trim());
    body.append('biography', values.biography.trim());
    body.append('coupon', values.coupon.trim());
    if (values.password) {
      body.append('current_password', values.current_password);
      body.append('password', values.password);
    }
    if (avatar) body.append('avatar', avatar);
    // Only a change is sent ('' clears it), so saving the rest never undoes a choice made elsewhere meanwhile.
    if (agent !== null && agent !== savedAgent) body.append('preferred_agent', agent);
    if (currency !== null && currency !== savedCurrency) body.append('preferred_currency', currency);
    mutate(body);
  };

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <GeneralError message={errors.general} />
      <ImageField
        label={t('settings.fields.avatar')}
        name="avatar"
        current={avatarUrl(user.avatar)}
        onChange={setAvatar}
        error={errors.fields.avatar}
        shape="round"
      />
      <TextField {...textField('name')} maxLength={60} autoComplete="name" />
      <TextField {...textField('coupon')} maxLength={60} autoComplete="off" />
      <TextField {...textField('biography')} rows={4} maxLength={1000} />
      <AgentSelect value={agent ?? savedAgent} onChange={setAgent} error={errors.fields.preferred_agent} />
      <CurrencySelect value={currency ?? savedCurrency} onChange={setCurrency} error={errors.fields.preferred_currency} />
      <fieldset className={styles.password}>
        <legend>{t('settings.passwordTitle')}</legend>
        <p className="field-hint">{t('settings.passwordHint')}</p>
        <TextField {...textField('current_password')} type="password" autoComplete="current-password" />
        <TextField {...textField('password')} type="password" autoComplete="new-password" minLength={8} />
      </fieldset>
      <Button type="submit" loading={sending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

/**
 * The account's buying agent (`preferred_agent`): the agents the site offers (GET /agents), in its order, and
 * "none". An agent chosen earlier that the site no longer offers stays listed, so the select shows what is saved.
 */
function AgentSelect({ value, onChange, error }: { value: string; onChange: (agent: string) => void; error: string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const offered = resultsOf<EnabledAgent[]>(useAnswerQuery(apiQuery('/agents')).answer) ?? [];
  const kept = isBuyingAgent(value) && !offered.some(({ agent }) => agent === value) ? [{ agent: value, name: AGENT_NAMES[value] }] : [];
  const agents = [...offered, ...kept];
  return (
    <div className="field">
      <label htmlFor={id}>{t('settings.fields.preferred_agent')}</label>
      <select
        id={id}
        name="preferred_agent"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{t('settings.agentNone')}</option>
        {agents.map(({ agent, name }) => (
          <option key={agent} value={agent}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {t('settings.agentHint')}
      </p>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** The account's currency (`preferred_currency`): one of the site's, or none, which follows the page's language. */
function CurrencySelect({ value, onChange, error }: { value: string; onChange: (currency: string) => void; error: string | undefined }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('settings.fields.preferred_currency')}</label>
      <select
        id={id}
        name="preferred_currency"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{t('settings.currencyByLanguage')}</option>
        {CURRENCIES.map((option) => (
          <option key={option} value={option}>
            {`${option} · ${currencyName(option, i18n.language)}`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {t('settings.currencyHint')}
      </p>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}
