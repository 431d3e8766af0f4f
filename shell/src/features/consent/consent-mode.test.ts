import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, initConsentMode, saveConsent } from './consent-mode.ts';

const all = (value: 'granted' | 'denied') => ({
  ad_storage: value,
  ad_user_data: value,
  analytics_storage: value,
  ad_personalization: value,
});

/** The data layer as plain argument lists. */
const pushed = () => window.dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>));

beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
});

describe('initConsentMode', () => {
  it('denies the four signals by default, pushing arguments objects as gtag does', () => {
    expect(initConsentMode()).toBeNull();
    expect(pushed()).toEqual([['consent', 'default', all('denied')]]);
    expect(Object.prototype.toString.call(window.dataLayer[0])).toBe('[object Arguments]');
  });

  it('grants them again when the visitor accepted earlier', () => {
    localStorage.setItem(CONSENT_KEY, 'granted');
    expect(initConsentMode()).toBe('granted');
    expect(pushed()).toEqual([
      ['consent', 'default', all('denied')],
      ['consent', 'update', all('granted')],
    ]);
  });

  it('leaves them denied when the visitor closed the banner earlier', () => {
    localStorage.setItem(CONSENT_KEY, 'denied');
    expect(initConsentMode()).toBe('denied');
    expect(pushed()).toEqual([['consent', 'default', all('denied')]]);
  });
});

describe('saveConsent', () => {
  it('pushes the update and keeps the choice', () => {
    initConsentMode();
    saveConsent('granted');
    expect(pushed().at(-1)).toEqual(['consent', 'update', all('granted')]);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
  });
});
