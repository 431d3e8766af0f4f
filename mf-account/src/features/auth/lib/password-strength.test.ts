import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { effectiveLength, passwordStrength } from './password-strength.ts';

describe('passwordStrength', () => {
  it('has no level while nothing is typed, only the minimum length to aim for', () => {
    expect(passwordStrength('')).toEqual({ level: null, tip: 'short' });
  });

  it('is weak below the minimum length the API asks for, however varied', () => {
    expect(passwordStrength('kX9#mQ2')).toEqual({ level: 'weak', tip: 'short' });
    expect(passwordStrength('kX9#mQ2$').level).not.toBe('weak');
  });

  it('is weak, and says why, for a password the API refuses as too common, in any case', () => {
    expect(passwordStrength('password1')).toEqual({ level: 'weak', tip: 'common' });
    expect(passwordStrength('PASSWORD')).toEqual({ level: 'weak', tip: 'common' });
    expect(passwordStrength('1qaz2wsx')).toEqual({ level: 'weak', tip: 'common' });
  });

  it.each([
    ['abcdefgh12', 'weak', 'pattern'],
    ['aaaaaaaaaaaaaaaaaaaa', 'weak', 'pattern'],
    ['abcabcabcabc', 'weak', 'pattern'],
    ['p@ssw0rd!!', 'weak', 'pattern'],
    ['sunflower', 'weak', 'simple'],
    ['long-enough', 'fair', 'longer'],
    ['Sunflower1', 'fair', 'pattern'],
    ['Summer2024!', 'fair', 'pattern'],
    ['kX9#mQ2$vL', 'good', 'longer'],
    ['kX9#mQ2$vL7!', 'strong', null],
    ['correct horse battery staple', 'strong', null],
  ] as const)('rates %s as %s', (password, level, tip) => {
    expect(passwordStrength(password)).toEqual({ level, tip });
  });

  it('rises, never falls, as a random password grows, up to strong', () => {
    const order = ['weak', 'fair', 'good', 'strong'];
    const random = 'tK8#vQ2mZr7!xW';
    const levels = Array.from(random, (_, index) => order.indexOf(passwordStrength(random.slice(0, index + 1)).level ?? 'weak'));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels.at(-1)).toBe(3);
  });

  it('sees through look-alike characters and common words hidden in a longer password', () => {
    expect(passwordStrength('linkhunt-demo').level).toBe('weak');
    expect(passwordStrength('Sup3rm@n2000').level).toBe('weak');
  });
});

describe('effectiveLength', () => {
  it('counts two characters of a run of repeated, alphabetical, numeric or keyboard-row characters', () => {
    expect(effectiveLength('aaaaaax')).toBe(3);
    expect(effectiveLength('123456')).toBe(2);
    expect(effectiveLength('zyxw')).toBe(2);
    expect(effectiveLength('qwerty')).toBe(2);
    expect(effectiveLength('x7k!')).toBe(4);
  });

  it('counts a chunk typed over and over once', () => {
    expect(effectiveLength('k9!k9!k9!')).toBe(3);
    expect(effectiveLength('aaaaaa')).toBe(1);
  });
});

describe('COMMON_PASSWORDS', () => {
  it("is the API's list of common passwords, as far as a new password could be one of them", () => {
    const apiList = readFileSync(resolve(import.meta.dirname, '../../../../../api/src/features/auth/common-passwords.txt'), 'utf8');
    const expected = new Set(
      apiList
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line !== '' && !line.startsWith('#') && line.length >= PASSWORD_MIN_LENGTH),
    );
    expect([...COMMON_PASSWORDS].sort()).toEqual([...expected].sort());
  });
});
