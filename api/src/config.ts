import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUYING_AGENTS, type BuyingAgent, DEFAULT_AGENTS, isBuyingAgent } from '@linkhunt/contracts/agents';
import { type ImageStoreConfig, imageStoreConfig } from './media/image-store/store-config.js';

const apiRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Hosts a store link may point at, per platform. `*.x` allows every subdomain of x. */
export interface LinkAllowlists {
  hacoo: string[];
  dhgate: string[];
  cnfans: string[];
}

/** At most `max` hits per key in `timeWindow` ms (whole seconds), the window opened by the key's first hit. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/** The link checker (features/link-health): how often each store link is checked, and how politely. */
export interface LinkCheckConfig {
  /** LINK_CHECK=off: no checks run (links keep their last verdicts). */
  enabled: boolean;
  /** Each link is checked once per interval, at its own time of the interval so that checks spread out. */
  intervalMs: number;
  /** The whole check, redirects included. */
  timeoutMs: number;
  /** Requests in flight to one host at once, across every API instance. */
  hostConcurrency: number;
  /** Least time between the starts of two requests to one host, across every API instance. */
  hostDelayMs: number;
  /** Least time between the two `gone` verdicts in a row that hide a product. */
  confirmMs: number;
  /** Wait before the first retry of an inconclusive check; it doubles with each one, up to the interval. */
  retryMs: number;
  /** Checks are kept this long for the console's link history. */
  historyDays: number;
  userAgent: string;
}

/** The buying agents (features/agent-links): which are offered and how, and how short links are followed. */
export interface AgentConfig {
  /** AGENTS: the agents offered to visitors, in the order they are offered. */
  offered: BuyingAgent[];
  /** AGENT_REFERRALS (`agent=code,…`): the site owner's own referral code per agent; none by default. */
  referrals: Partial<Record<BuyingAgent, string>>;
  /** SHORT_LINK_HOSTS: short-link hosts the server follows to find the item (`*.x` for subdomains). */
  shortLinkHosts: string[];
  /** The budget of one short link, redirects included. */
  shortLinkTimeoutMs: number;
  /** RATE_LIMIT_UNDERSTAND_LINK: what POST /agent-links/understand takes per client per minute. */
  understandLimit: RateLimit;
}

/** The reference exchange rates (features/prices): where they come from and how often they are fetched again. */
export interface RatesConfig {
  /** RATES_URL: the ECB's daily reference rates (eurofxref-daily.xml) or a copy of that document; empty (RATES_URL=off): never fetched. */
  url: string;
  /** RATES_REFRESH_HOURS: how long after one fetch the next one starts (the first starts with the API). */
  refreshMs: number;
  /** RATES_TIMEOUT_MS: the budget of one fetch. */
  timeoutMs: number;
}

export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** Left unset: the ECB; empty or off: no fetching (the stored or shipped rates are used). Anything else must be an http(s) URL. */
const ratesUrl = (value: string | undefined): string => {
  if (value === undefined) return ECB_DAILY_RATES_URL;
  const url = value.trim();
  if (url === '' || url.toLowerCase() === 'off') return '';
  if (!/^https?:\/\/./i.test(url)) throw new Error(`RATES_URL must be an http(s) URL, or off; got "${value}"`);
  return url;
};

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  /** The image folder (IMAGE_DIR): the local store's root, and what images:migrate copies from. */
  imageDir: string;
  /** Where images are kept and served from (IMAGE_STORE and the S3_* settings). */
  imageStore: ImageStoreConfig;
  /** images:sweep leaves files younger than this alone: an upload writes its files before its row. */
  imageSweepGraceMinutes: number;
  corsOrigins: string[];
  /** Proxy addresses whose X-Forwarded-For is believed; empty: the socket address is the client. */
  trustProxy: string[];
  /** Salt of the visitor hash; when empty, one is generated once and kept in the database. */
  visitorSalt: string;
  tokenTtlDays: number;
  links: LinkAllowlists;
  rateLimits: { login: RateLimit; register: RateLimit; report: RateLimit; visit: RateLimit; download: RateLimit; contact: RateLimit };
  /** Favourite toggles (adds and removes together) one account may make in the window, then 429 with Retry-After. */
  favouriteToggles: RateLimit;
  /** Sign-in attempts one client may make for one account in the window before it gets 429 (a success starts afresh). */
  loginFailures: RateLimit;
  /**
   * Current-password attempts on /auth/update per account in the window: past `max` the answer is 429 without
   * checking the password; the `revokeAfter`th attempt ends the session it came from.
   */
  updatePasswordFailures: RateLimit & { revokeAfter: number };
  /** Lifetimes of the one-time links sent by mail. */
  mailTokens: { verifyTtlHours: number; resetTtlMinutes: number };
  /**
   * Mails a person can have sent (all per hour): a new verification link per account; reset requests per client,
   * and per client and address together (so that others asking for an address never put its owner on a 429);
   * reset mails one address receives whoever asks (past it the request is answered alike and nothing is sent).
   * `noticeAcksPerAddress`: acknowledgements of illegal-content notices one address receives a day, whoever
   * reports (past it the notice is still taken, unacknowledged), so the form cannot be used to mail anyone at length.
   */
  mailLimits: { verifyResend: RateLimit; forgotPerClient: RateLimit; forgotPerAddress: RateLimit; forgotMailsPerAddress: RateLimit; noticeAcksPerAddress: RateLimit };
  /**
   * Where rate limits and failed-sign-in counts are kept, so that several API instances share them. Empty: in
   * each process's memory, which is right for one instance only (each instance would allow the full limit).
   */
  redisUrl: string;
  /** Put before every Redis key, so that several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Where links in mails point: the site's public origin. */
  siteUrl: string;
  /** An smtp:// or smtps:// URL (nodemailer's); empty: every mail is written as an .eml file to `mailOutbox`. */
  mailUrl: string;
  mailOutbox: string;
  mailFrom: string;
  /** Profile visits that earn points per profile per UTC day; the visits past it answer counted: false. */
  visitPointsDailyCap: number;
  /** Products one user may upload per UTC day (429 past it). */
  dailyUploadLimit: number;
  /** First reviews one user may write per UTC day (429 past it; replacing an earlier review is always allowed). */
  dailyReviewLimit: number;
  /** Photos one user may upload per UTC day, to product galleries and reviews together (429 past it). */
  dailyPhotoLimit: number;
  /** Products an account whose e-mail address is not verified may hold in all (403 past it). */
  unverifiedUploadLimit: number;
  linkCheck: LinkCheckConfig;
  agents: AgentConfig;
  rates: RatesConfig;
  /** Seed demo data when the database is empty on start. */
  seedDemo: boolean;
  logLevel: string;
}

const list = (value: string | undefined, fallback: string[]): string[] =>
  value === undefined ? fallback : value.split(',').map((v) => v.trim()).filter(Boolean);

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) throw new Error(`expected an integer, got "${value}"`);
  return n;
};

const decimal = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`expected a number of at least 0, got "${value}"`);
  return n;
};

const onOff = (name: string, value: string | undefined): boolean => {
  const v = (value ?? 'on').trim().toLowerCase();
  if (v === 'on' || v === '' || v === 'true' || v === '1') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
};

const HOUR = 60 * 60_000;

/** What a current desktop Chrome sends: stores answer other agents with bot walls or app-download pages. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const perMinute = (value: string | undefined, fallback: number): RateLimit => ({ max: int(value, fallback), timeWindow: 60_000 });
const perHour = (value: string | undefined, fallback: number): RateLimit => ({ max: int(value, fallback), timeWindow: 60 * 60_000 });

/** Checked on start: anything else would be taken by the Redis client for a socket path or a host name. */
const redisUrl = (value: string | undefined): string => {
  const url = value?.trim() ?? '';
  if (url !== '' && !/^rediss?:\/\/./.test(url)) throw new Error('REDIS_URL must start with redis:// or rediss:// (the value is not shown: it may hold a password)');
  return url;
};

const mailUrl = (value: string | undefined): string => {
  const url = value?.trim() ?? '';
  if (url !== '' && !/^smtps?:\/\/./.test(url)) throw new Error('MAIL_URL must start with smtp:// or smtps:// (the value is not shown: it may hold a password)');
  return url;
};

/** Taobao's and Weidian's share hosts, 1688's QR host and Kakobuy's: what people paste instead of an item link. */
const DEFAULT_SHORT_LINK_HOSTS = ['m.tb.cn', 'e.tb.cn', 'tb.cn', 'k.youshop10.com', 'qr.1688.com', 'ikako.vip'];

/** A misspelt agent would silently drop out of every dialog: refused on start instead. */
const agentList = (value: string | undefined): BuyingAgent[] => {
  const names = list(value, [...DEFAULT_AGENTS]).map((name) => name.toLowerCase());
  const unknown = names.filter((name) => !isBuyingAgent(name));
  if (unknown.length > 0) throw new Error(`AGENTS names agents this site cannot build links for: ${unknown.join(', ')} (known: ${BUYING_AGENTS.join(', ')})`);
  return [...new Set(names.filter(isBuyingAgent))];
};

const referralCodes = (value: string | undefined): Partial<Record<BuyingAgent, string>> => {
  const codes: Partial<Record<BuyingAgent, string>> = {};
  for (const entry of list(value, [])) {
    const [agent = '', code = ''] = entry.split('=').map((part) => part.trim());
    if (!isBuyingAgent(agent.toLowerCase()) || !/^[\w.-]{1,64}$/.test(code)) {
      throw new Error(`AGENT_REFERRALS: "${entry}" is not agent=code (an agent of ${BUYING_AGENTS.join(', ')}; a code of letters, digits, _ . -)`);
    }
    codes[agent.toLowerCase() as BuyingAgent] = code;
  }
  return codes;
};

export const DEFAULT_SITE_ORIGINS = ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://localhost:5173', 'http://127.0.0.1:5173'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 4000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(apiRoot, 'data/linkhunt.sqlite')}`,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    imageDir: resolve(env.IMAGE_DIR || resolve(apiRoot, 'data/images')),
    imageStore: imageStoreConfig(env),
    imageSweepGraceMinutes: Math.max(0, int(env.IMAGE_SWEEP_GRACE_MINUTES, 60)),
    corsOrigins: list(env.CORS_ORIGINS, DEFAULT_SITE_ORIGINS),
    trustProxy: list(env.TRUST_PROXY, []),
    visitorSalt: env.VISITOR_SALT ?? '',
    tokenTtlDays: int(env.TOKEN_TTL_DAYS, 30),
    links: {
      hacoo: list(env.LINK_HOSTS_HACOO, ['hacoo.com', '*.hacoo.com', 'hacoo.app', '*.hacoo.app', 'hacoo.app.link', 'saramart.com', '*.saramart.com']),
      dhgate: list(env.LINK_HOSTS_DHGATE, ['dhgate.com', '*.dhgate.com', 'dhgate.to']),
      cnfans: list(env.LINK_HOSTS_CNFANS, ['cnfans.com', '*.cnfans.com']),
    },
    rateLimits: {
      login: perMinute(env.RATE_LIMIT_LOGIN, 10),
      register: perMinute(env.RATE_LIMIT_REGISTER, 5),
      report: perMinute(env.RATE_LIMIT_REPORT, 10),
      visit: perMinute(env.RATE_LIMIT_VISIT, 30),
      download: perMinute(env.RATE_LIMIT_DOWNLOAD, 30),
      contact: perMinute(env.RATE_LIMIT_CONTACT, 5),
    },
    loginFailures: { max: int(env.RATE_LIMIT_LOGIN_FAILURES, 10), timeWindow: 15 * 60_000 },
    favouriteToggles: perMinute(env.RATE_LIMIT_FAVOURITE, 60),
    updatePasswordFailures: {
      max: int(env.RATE_LIMIT_UPDATE_PASSWORD_FAILURES, 5),
      timeWindow: 15 * 60_000,
      revokeAfter: int(env.UPDATE_PASSWORD_REVOKE_AFTER, 10),
    },
    mailTokens: { verifyTtlHours: int(env.VERIFY_TOKEN_TTL_HOURS, 48), resetTtlMinutes: int(env.RESET_TOKEN_TTL_MINUTES, 60) },
    mailLimits: {
      verifyResend: perHour(env.RATE_LIMIT_VERIFY_RESEND, 3),
      forgotPerClient: perHour(env.RATE_LIMIT_FORGOT, 10),
      forgotPerAddress: perHour(env.RATE_LIMIT_FORGOT_ADDRESS, 3),
      forgotMailsPerAddress: perHour(env.RATE_LIMIT_FORGOT_MAILS, 5),
      noticeAcksPerAddress: { max: int(env.RATE_LIMIT_NOTICE_ACKS, 3), timeWindow: 24 * 60 * 60_000 },
    },
    redisUrl: redisUrl(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX || 'linkhunt:',
    siteUrl: (env.SITE_URL || 'http://localhost:5000').replace(/\/$/, ''),
    mailUrl: mailUrl(env.MAIL_URL),
    mailOutbox: resolve(env.MAIL_OUTBOX || resolve(apiRoot, 'data/outbox')),
    mailFrom: env.MAIL_FROM || 'Linkhunt <no-reply@linkhunt.local>',
    visitPointsDailyCap: int(env.VISIT_POINTS_DAILY_CAP, 20),
    dailyUploadLimit: int(env.DAILY_UPLOAD_LIMIT, 20),
    dailyReviewLimit: int(env.DAILY_REVIEW_LIMIT, 50),
    dailyPhotoLimit: int(env.DAILY_PHOTO_LIMIT, 60),
    unverifiedUploadLimit: int(env.UNVERIFIED_UPLOAD_LIMIT, 3),
    linkCheck: {
      enabled: onOff('LINK_CHECK', env.LINK_CHECK),
      intervalMs: decimal(env.LINK_CHECK_INTERVAL_HOURS, 24) * HOUR,
      timeoutMs: int(env.LINK_CHECK_TIMEOUT_MS, 10_000),
      hostConcurrency: Math.max(1, int(env.LINK_CHECK_HOST_CONCURRENCY, 2)),
      hostDelayMs: int(env.LINK_CHECK_HOST_DELAY_MS, 500),
      confirmMs: decimal(env.LINK_CHECK_CONFIRM_HOURS, 6) * HOUR,
      retryMs: decimal(env.LINK_CHECK_RETRY_MINUTES, 15) * 60_000,
      historyDays: int(env.LINK_HISTORY_DAYS, 90),
      userAgent: env.LINK_CHECK_USER_AGENT || BROWSER_USER_AGENT,
    },
    agents: {
      offered: agentList(env.AGENTS),
      referrals: referralCodes(env.AGENT_REFERRALS),
      shortLinkHosts: list(env.SHORT_LINK_HOSTS, DEFAULT_SHORT_LINK_HOSTS),
      shortLinkTimeoutMs: int(env.SHORT_LINK_TIMEOUT_MS, 5_000),
      understandLimit: perMinute(env.RATE_LIMIT_UNDERSTAND_LINK, 30),
    },
    rates: {
      url: ratesUrl(env.RATES_URL),
      // At least a minute between fetches: a typo of 0 must not make the API ask the ECB in a loop.
      refreshMs: Math.max(decimal(env.RATES_REFRESH_HOURS, 6) * HOUR, 60_000),
      timeoutMs: Math.max(1, int(env.RATES_TIMEOUT_MS, 10_000)),
    },
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
