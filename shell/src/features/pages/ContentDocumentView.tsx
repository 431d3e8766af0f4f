import { getSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import type { ContentDocument } from './page-content.ts';
import styles from '../../styles/pages.module.css';

/** `{{email}}` in the texts is the contact address from the runtime configuration. */
export function withEmail(text: string): string {
  return text.replaceAll('{{email}}', getSiteConfig().contactEmail ?? '');
}

export function ContentDocumentView({ document }: { document: ContentDocument }) {
  return (
    <article className={styles.prose}>
      <h1>{document.title}</h1>
      <p className={styles.lead}>{withEmail(document.intro)}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{withEmail(paragraph)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
