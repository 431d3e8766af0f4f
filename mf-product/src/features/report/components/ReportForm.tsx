import { ILLEGAL_DETAILS_MIN_LENGTH, REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '@linkhunt/contracts/product';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { ReportDraft, ReportField } from '../lib/report-draft.ts';
import styles from './ReportForm.module.css';

interface Props {
  /** The form's id: the dialog's footer button submits it. */
  id: string;
  draft: ReportDraft;
  onChange: (change: Partial<ReportDraft>) => void;
  /** The message of each refused field, shown beside it. */
  errors: Partial<Record<ReportField, string>>;
  /** A signed-in reporter's account gets the acknowledgement: no address is asked for. */
  signedIn: boolean;
  onSubmit: () => void;
}

/** An error under its field, tied to it by `id`; the toast with the first message is the announcement. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The report dialog's form (EU DSA Art. 16 notice): the reason as a radio group, broken link first and chosen,
 * details, and for an illegal notice the good-faith statement and, from a visitor, an address for the
 * acknowledgement. Native controls, so arrows move through the reasons and every field has its label.
 */
export function ReportForm({ id, draft, onChange, errors, signedIn, onSubmit }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const base = useId();
  const illegal = draft.reason === 'illegal';
  const ids = {
    reasonError: `${base}-reason-error`,
    details: `${base}-details`,
    detailsHint: `${base}-details-hint`,
    detailsCount: `${base}-details-count`,
    detailsError: `${base}-details-error`,
    email: `${base}-email`,
    emailHint: `${base}-email-hint`,
    emailError: `${base}-email-error`,
    goodFaith: `${base}-good-faith`,
    goodFaithError: `${base}-good-faith-error`,
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form id={id} className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.intro}>{t('report.question')}</p>
      <fieldset className={styles.reasons} aria-describedby={describedBy(errors.reason && ids.reasonError)}>
        <legend className={styles.legend}>{t('report.reason')}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className={styles.reason}>
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={draft.reason === reason}
              onChange={() => onChange({ reason })}
              // Named by the reason alone and described by its hint: the whole row stays the click target.
              aria-labelledby={`${base}-${reason}-name`}
              aria-describedby={`${base}-${reason}-hint`}
            />
            <span className={styles.reasonText}>
              <span id={`${base}-${reason}-name`} className={styles.reasonName}>
                {t(`report.reasons.${reason}.label`)}
              </span>
              <span id={`${base}-${reason}-hint`} className={styles.reasonHint}>
                {t(`report.reasons.${reason}.hint`)}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={ids.reasonError} message={errors.reason} />
      </fieldset>

      <div className="field">
        <label htmlFor={ids.details}>{illegal ? t('report.detailsIllegal') : t('report.details')}</label>
        <textarea
          id={ids.details}
          name="details"
          rows={4}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          value={draft.details}
          onChange={(event) => onChange({ details: event.target.value })}
          required={illegal}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={describedBy(ids.detailsHint, ids.detailsCount, errors.details && ids.detailsError)}
        />
        <p id={ids.detailsHint} className="field-hint">
          {illegal ? t('report.detailsIllegalHint', { min: ILLEGAL_DETAILS_MIN_LENGTH }) : t('report.detailsHint')}
        </p>
        {/* Read with the field, not announced at every key. */}
        <p id={ids.detailsCount} className={styles.count}>
          {t('report.count', { used: draft.details.length, max: REPORT_DETAILS_MAX_LENGTH })}
        </p>
        <FieldError id={ids.detailsError} message={errors.details} />
      </div>

      {illegal && !signedIn && (
        <div className="field">
          <label htmlFor={ids.email}>{t('report.email')}</label>
          <input
            id={ids.email}
            name="contact_email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={draft.contactEmail}
            onChange={(event) => onChange({ contactEmail: event.target.value })}
            required
            aria-invalid={errors.contact_email ? true : undefined}
            aria-describedby={describedBy(ids.emailHint, errors.contact_email && ids.emailError)}
          />
          <p id={ids.emailHint} className="field-hint">
            {t('report.emailHint')}
          </p>
          <FieldError id={ids.emailError} message={errors.contact_email} />
        </div>
      )}

      {illegal && (
        <div className={styles.statement}>
          <div className={styles.check}>
            <input
              id={ids.goodFaith}
              name="good_faith"
              type="checkbox"
              checked={draft.goodFaith}
              onChange={(event) => onChange({ goodFaith: event.target.checked })}
              required
              aria-invalid={errors.good_faith ? true : undefined}
              aria-describedby={describedBy(errors.good_faith && ids.goodFaithError)}
            />
            <label htmlFor={ids.goodFaith}>{t('report.goodFaith')}</label>
          </div>
          <FieldError id={ids.goodFaithError} message={errors.good_faith} />
        </div>
      )}
    </form>
  );
}
