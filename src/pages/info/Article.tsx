// A short informational text: sections, each a heading and paragraphs, all message ids from a table.
import { useLingui } from '@lingui/react';
import { Panel, Prose } from '../../ui/Page.tsx';

export interface ArticleSection {
  labelId: string;
  paragraphs: ReadonlyArray<{ id: string }>;
}

export function Article({ sections }: { sections: readonly ArticleSection[] }) {
  const { _ } = useLingui();
  return (
    <Panel>
      <Prose>
        {sections.map((section) => (
          <section key={section.labelId}>
            <h2>{_(section.labelId)}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.id}>{_(p.id)}</p>
            ))}
          </section>
        ))}
      </Prose>
    </Panel>
  );
}
