import type { Language } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { use } from 'react';

export interface ContentSection {
  heading: string;
  paragraphs: string[];
}
export interface ContentDocument {
  title: string;
  intro: string;
  sections: ContentSection[];
}
export interface PageContent {
  privacy: ContentDocument;
  cookies: ContentDocument;
  terms: ContentDocument;
  about: ContentDocument;
  faq: { question: string; answer: string }[];
}

const cache = new Map<Language, Promise<PageContent>>();

/** The long texts of one language, fetched when a page needs them (they are most of the shell's words). */
export function usePageContent(language: Language): PageContent {
  let content = cache.get(language);
  if (!content) {
    content = import(`./content/${language}.json`).then((module: { default: PageContent }) => module.default);
    cache.set(language, content);
  }
  return use(content);
}
