import { describe, expect, it } from 'vitest';
import { avatarSvg } from './demo-avatars.js';
import { DEMO_USERS } from './demo-catalogue.js';

describe('demo avatars', () => {
  it('draw every demo person differently, always the same way, and without letters', () => {
    const drawn = DEMO_USERS.map((u) => avatarSvg(u.username, u.avatarColour));
    expect(new Set(drawn).size).toBe(DEMO_USERS.length);
    for (const svg of drawn) expect(svg).not.toMatch(/<text/);
    const first = DEMO_USERS[0];
    if (first) expect(avatarSvg(first.username, first.avatarColour)).toBe(drawn[0]);
  });

  it('vary the person, not only the background colour', () => {
    const a = avatarSvg('lucia.finds', '#db2777').replace(/#[0-9a-f]{6}/g, '');
    const others = DEMO_USERS.slice(1).map((u) => avatarSvg(u.username, '#db2777').replace(/#[0-9a-f]{6}/g, ''));
    expect(others.filter((o) => o !== a).length).toBeGreaterThan(10);
  });
});
