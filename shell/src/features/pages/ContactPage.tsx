import { FormFields } from '@linkhunt/shared-ui/components/form-fields/FormFields.tsx';
import type { ContactRequest } from '@linkhunt/contracts/contact';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withEmail } from './ContentDocumentView.tsx';
import { usePageContent } from './page-content.ts';
import styles from '../../styles/pages.module.css';

const EMPTY: ContactRequest = { email: '', subject: '', message: '' };

/** FAQs, then the form: POST /contact; on success the spec's message, on failure the first validation message, and nothing typed is lost. */
export default function ContactPage() {
  const { t, i18n } = useTranslation('shell');
  const content = usePageContent(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const [form, setForm] = useState(EMPTY);
  const { mutate, isPending: sending } = useMutation(
    {
      mutationFn: (sent: ContactRequest) => apiClient.post('/contact', sent),
      onSuccess: () => {
        toast.success(t('contact.sent'));
        setForm(EMPTY);
      },
      onError: (error) => toast.error(errorMessage(error, t('contact.failed'))),
    },
    queryClient(),
  );
  const field = (name: keyof ContactRequest) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutate(form);
  };

  return (
    <div className={`container ${styles.contact}`}>
      <Seo title={t('contact.title')} description={t('contact.intro')} />
      <section className={styles.prose} aria-labelledby="faq-title">
        <h1>{t('contact.title')}</h1>
        <p className={styles.lead}>{t('contact.intro')}</p>
        <h2 id="faq-title">{t('contact.faqTitle')}</h2>
        {content.faq.map((item) => (
          <details key={item.question} className={styles.faq}>
            <summary>{item.question}</summary>
            <p>{withEmail(item.answer)}</p>
          </details>
        ))}
      </section>
      <form className={styles.form} onSubmit={submit} aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
        <FormFields>
          <label className="field">
            {t('contact.email')}
            <input type="email" required maxLength={254} autoComplete="email" {...field('email')} />
          </label>
          <label className="field">
            {t('contact.subject')}
            <input type="text" required maxLength={200} {...field('subject')} />
          </label>
          <label className="field">
            {t('contact.message')}
            <textarea required rows={6} maxLength={5000} {...field('message')} />
          </label>
          <Button type="submit" loading={sending}>
            {t('contact.send')}
          </Button>
        </FormFields>
      </form>
    </div>
  );
}
