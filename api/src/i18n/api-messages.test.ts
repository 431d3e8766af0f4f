import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, productForm, registerUser, type RegisteredUser } from '../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../test/limit-stores.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every kind of error a visitor can cause, asked in each of the site's languages: the text is that language's
 * (written here by hand, not read from the resources, so a wrong or missing translation fails), the code is
 * the same in all of them, and English answers a request that names no language.
 */
const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

const password = 'correct horse battery';

let t: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t, 'Polyglot');
});
afterAll(async () => {
  await t.close();
  await forgetLimitKeys();
});

const inLanguage = (language: Language) => ({ 'accept-language': language });

describe('the API answers in the visitor language', () => {
  const failedLogin: Record<Language, string> = {
    es: 'Estas credenciales no coinciden con nuestros registros.',
    en: 'These credentials do not match our records.',
    de: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.',
    it: 'Queste credenziali non corrispondono ai nostri dati.',
    fr: 'Ces identifiants ne correspondent pas à nos enregistrements.',
  };
  it.each(LANGUAGES)('a failed sign-in (%s)', async (language) => {
    const res = await t.request('POST', '/auth/login', { json: { email: owner.email, password: 'wrong password' }, headers: inLanguage(language) });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: failedLogin[language],
      code: 'auth.credentials_mismatch',
      errors: { email: [failedLogin[language]] },
      codes: { email: ['auth.credentials_mismatch'] },
    });
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });

  const taken: Record<Language, { username: string; email: string }> = {
    es: { username: 'El nombre de usuario ya está en uso.', email: 'El correo electrónico ya está en uso.' },
    en: { username: 'The username has already been taken.', email: 'The email has already been taken.' },
    de: { username: 'Der Benutzername ist bereits vergeben.', email: 'Die E-Mail-Adresse ist bereits vergeben.' },
    it: { username: 'Il nome utente è già in uso.', email: "L'indirizzo e-mail è già in uso." },
    fr: { username: 'Ce nom d’utilisateur est déjà pris.', email: 'Cette adresse e-mail est déjà utilisée.' },
  };
  it.each(LANGUAGES)('a duplicate registration (%s)', async (language) => {
    const res = await t.request('POST', '/auth/register', {
      json: { username: owner.username.toUpperCase(), email: owner.email, password },
      headers: inLanguage(language),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [taken[language].username], email: [taken[language].email] });
    expect(res.body.codes).toEqual({ username: ['auth.username_taken'], email: ['auth.email_taken'] });
  });

  const badLink: Record<Language, string> = {
    es: 'El enlace de DHGate debe ser un enlace https:// a dhgate.com, dhgate.to.',
    en: 'The DHGate link must be an https:// link to dhgate.com, dhgate.to.',
    de: 'Der DHGate-Link muss ein https://-Link zu dhgate.com, dhgate.to sein.',
    it: 'Il link DHGate deve essere un link https:// a dhgate.com, dhgate.to.',
    fr: 'Le lien DHGate doit être un lien https:// vers dhgate.com, dhgate.to.',
  };
  it.each(LANGUAGES)('a store link to another site (%s)', async (language) => {
    const form = await productForm({ link_dhgate: 'https://example.com/p/1' });
    const res = await t.request('POST', '/products', { token: owner.token, form, headers: inLanguage(language) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: badLink[language], code: 'store_link.expected', errors: { link_dhgate: [badLink[language]] } });
  });

  const unsupportedAgent: Record<Language, RegExp> = {
    es: /^Los enlaces de example\.com no se admiten aquí\./,
    en: /^Links from example\.com are not supported here\./,
    de: /^Links von example\.com werden hier nicht unterstützt\./,
    it: /^I link di example\.com non sono supportati qui\./,
    fr: /^Les liens de example\.com ne sont pas pris en charge ici\./,
  };
  it.each(LANGUAGES)('an agent link from a site that is no agent (%s)', async (language) => {
    const form = await productForm({ link_cnfans: 'https://example.com/p/1' });
    const res = await t.request('POST', '/products', { token: owner.token, form, headers: inLanguage(language) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: expect.stringMatching(unsupportedAgent[language]), code: 'agent_link.unsupported' });
    expect(res.body.errors.link_cnfans).toEqual([res.body.message]);
  });

  const required: Record<Language, string> = {
    es: 'El campo correo electrónico es obligatorio.',
    en: 'The email field is required.',
    de: 'Das Feld E-Mail ist erforderlich.',
    it: 'Il campo e-mail è obbligatorio.',
    fr: 'Le champ e-mail est obligatoire.',
  };
  const tooShort: Record<Language, string> = {
    es: 'El campo contraseña debe tener al menos 8 caracteres.',
    en: 'The password must be at least 8 characters.',
    de: 'Das Feld Passwort muss mindestens 8 Zeichen lang sein.',
    it: 'Il campo password deve contenere almeno 8 caratteri.',
    fr: 'Le champ mot de passe doit contenir au moins 8 caractères.',
  };
  it.each(LANGUAGES)('a schema violation, with the field named in the language (%s)', async (language) => {
    const res = await t.request('POST', '/auth/register', { json: { username: 'Shorty', password: 'short' }, headers: inLanguage(language) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: [required[language]], password: [tooShort[language]] });
    expect(res.body.codes).toEqual({ email: ['validation.required'], password: ['validation.min_length'] });
  });

  const notFound: Record<Language, string> = {
    es: 'Marca no encontrada',
    en: 'Brand not found',
    de: 'Marke nicht gefunden',
    it: 'Marca non trovata',
    fr: 'Marque introuvable',
  };
  const noRoute: Record<Language, string> = {
    es: 'No existe la ruta GET /nowhere',
    en: 'No route for GET /nowhere',
    de: 'Keine Route für GET /nowhere',
    it: 'Nessuna route per GET /nowhere',
    fr: 'Aucune route pour GET /nowhere',
  };
  it.each(LANGUAGES)('a 404 of a route and of an unknown address (%s)', async (language) => {
    const brand = await t.request('GET', '/brands/slug/no-such-brand', { headers: inLanguage(language) });
    expect(brand.status).toBe(404);
    expect(brand.body).toEqual({ message: notFound[language], code: 'catalogue.brand_not_found' });
    const route = await t.request('GET', '/nowhere', { headers: inLanguage(language) });
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ message: noRoute[language], code: 'request.route_not_found' });
  });

  it('takes lng before Accept-Language, a regional variant by its base language, and English for any other', async () => {
    const ask = async (path: string, acceptLanguage?: string) =>
      (await t.request('GET', path, acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } })).body.message;
    expect(await ask('/brands/slug/none?lng=fr', 'de')).toBe('Marque introuvable');
    expect(await ask('/brands/slug/none', 'de-CH, en;q=0.5')).toBe('Marke nicht gefunden');
    expect(await ask('/brands/slug/none', 'pt-BR, it;q=0.8')).toBe('Marca non trovata');
    expect(await ask('/brands/slug/none', 'ja')).toBe('Brand not found');
    expect(await ask('/brands/slug/none')).toBe('Brand not found');
  });
});

describe.each(limitStores)('rate limits in the visitor language, counted in $name', (store) => {
  const tooMany: Record<Language, RegExp> = {
    es: /^Demasiadas peticiones; vuelve a intentarlo dentro de \d+ segundos?\.$/,
    en: /^Too many requests, please try again in \d+ seconds?\.$/,
    de: /^Zu viele Anfragen, bitte versuche es in \d+ Sekunden? erneut\.$/,
    it: /^Troppe richieste, riprova tra \d+ second[oi]\.$/,
    fr: /^Trop de requêtes, réessaie dans \d+ secondes?\.$/,
  };
  const failedSignIns: Record<Language, string> = {
    es: 'Demasiados inicios de sesión fallidos en esta cuenta; vuelve a intentarlo dentro de 15 minutos.',
    en: 'Too many failed sign-ins for this account, please try again in 15 minutes.',
    de: 'Zu viele fehlgeschlagene Anmeldungen für dieses Konto, bitte versuche es in 15 Minuten erneut.',
    it: 'Troppi accessi non riusciti per questo account, riprova tra 15 minuti.',
    fr: 'Trop de connexions échouées pour ce compte, réessaie dans 15 minutes.',
  };
  let limited: TestApp;
  let counted: TestApp;
  beforeAll(async () => {
    counted = await createTestApp(store.config());
    limited = await createTestApp({
      ...store.config(),
      rateLimits: {
        login: { max: 1, timeWindow: 60_000 },
        register: { max: 100, timeWindow: 60_000 },
        report: { max: 100, timeWindow: 60_000 },
        visit: { max: 100, timeWindow: 60_000 },
        download: { max: 100, timeWindow: 60_000 },
        contact: { max: 100, timeWindow: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
    await counted.close();
  });

  it('answers the route limit 429 in each language, with its code', async () => {
    await limited.request('POST', '/auth/login', { json: { email: 'nobody@example.com', password } });
    for (const language of LANGUAGES) {
      const res = await limited.request('POST', '/auth/login', { json: { email: 'nobody@example.com', password }, headers: inLanguage(language) });
      expect(res.status, language).toBe(429);
      expect(res.body.message, language).toMatch(tooMany[language]);
      expect(res.body.code).toBe('limits.too_many_requests');
    }
  });

  it('answers the per-account sign-in throttle in each language, in minutes', async () => {
    const user = await registerUser(counted, 'Throttled');
    const wrong = { email: user.email, password: 'not the password' };
    let blocked = await counted.request('POST', '/auth/login', { json: wrong });
    for (let i = 0; i < 20 && blocked.status !== 429; i += 1) blocked = await counted.request('POST', '/auth/login', { json: wrong });
    expect(blocked.status).toBe(429);
    for (const language of LANGUAGES) {
      const res = await counted.request('POST', '/auth/login', { json: wrong, headers: inLanguage(language) });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: failedSignIns[language], code: 'limits.sign_ins' });
    }
  });
});
