import { describe, expect, it } from 'vitest';
import { appLink } from './app-link.ts';

const LINK = 'https://c.hacoo.app/item/123?ref=lh&lang=en';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('appLink', () => {
  it('turns the link into an Android intent for the same https address, falling back to the page', () => {
    expect(appLink(LINK, ANDROID)).toBe(
      'intent://c.hacoo.app/item/123?ref=lh&lang=en#Intent;scheme=https;action=android.intent.action.VIEW;' +
        'S.browser_fallback_url=https%3A%2F%2Fc.hacoo.app%2Fitem%2F123%3Fref%3Dlh%26lang%3Den;end',
    );
  });

  it('recognises Android whatever its case', () => {
    expect(appLink('https://c.hacoo.app/x', 'something ANDROID something')).toBe(
      `intent://c.hacoo.app/x#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent('https://c.hacoo.app/x')};end`,
    );
  });

  it('keeps the fallback decodable to the very link given', () => {
    const fallback = /S\.browser_fallback_url=([^;]*);end$/.exec(appLink(LINK, ANDROID))?.[1] ?? '';
    expect(fallback).not.toMatch(/[;#&?]/);
    expect(decodeURIComponent(fallback)).toBe(LINK);
  });

  it('gives the link itself to iOS and to desktops', () => {
    expect(appLink(LINK, IPHONE)).toBe(LINK);
    expect(appLink(LINK, DESKTOP)).toBe(LINK);
    expect(appLink(LINK, '')).toBe(LINK);
  });
});
