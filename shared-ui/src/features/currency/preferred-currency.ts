import { type Currency, isCurrency, PREFERRED_CURRENCY_STORAGE_KEY } from '@linkhunt/contracts/prices';
import { accountPreference } from '../account-preference/account-preference.ts';

/** The currency the visitor chose to see prices in (null: their language's default). */
export const preferredCurrency = accountPreference<Currency>({
  name: 'preferred-currency',
  storageKey: PREFERRED_CURRENCY_STORAGE_KEY,
  field: 'preferred_currency',
  isValid: isCurrency,
  saveFailedKey: 'ui:currency.saveFailed',
});
