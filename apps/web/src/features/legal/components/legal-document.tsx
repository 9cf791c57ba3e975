import type { TLegalBlock, TLegalDocument } from '../content/legal-types.ts';
import styles from './legal-document.module.css';

function LegalBlock({ block }: { block: TLegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A legal page body: a table of contents and numbered sections. */
export function LegalDocument({ document }: { document: TLegalDocument }) {
  return (
    <div className={styles.layout}>
      <nav className={styles.toc} aria-label={`${document.title} contents`}>
        <p className={styles.tocTitle}>On this page</p>
        <ol className={styles.tocList}>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={styles.document}>
        <p className={styles.updated}>Last updated: {document.lastUpdated}</p>
        <div className={styles.intro}>
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
              {section.title}
            </h2>
            <div className={styles.blocks}>
              {section.blocks.map((block) => (
                <LegalBlock key={typeof block === 'string' ? block : block.list.join('|')} block={block} />
              ))}
            </div>
          </section>
        ))}
      </article>
    </div>
  );
}
