import { CONSENT_KEY } from './consent-mode.ts';

/**
 * The consent banner's inline script: shows the server's banner (the element before the script) unless a choice
 * is stored; storage may throw. A constant of the site's own, so the server renderer can allow exactly this text
 * by its hash (render-page.tsx) and no other inline script that might reach a page.
 */
export const SHOW_IF_UNDECIDED = `try{if(!/^(granted|denied)$/.test(localStorage.getItem(${JSON.stringify(CONSENT_KEY)})||''))document.currentScript.previousElementSibling.hidden=false}catch(e){}`;
