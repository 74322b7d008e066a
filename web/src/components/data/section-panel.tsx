// One panel of a doc-3 page: a heading, the section's source and age, then its data, or the
// reason it has none (docs/website.md, "Pages"). `id` names the panel for tests and links.
import type { Section } from '@pkg/shared/contract';
import type { ReactNode } from 'react';
import { SectionReason } from './section-reason';
import { SourceLine } from './source-line';

export function SectionPanel<T>({
  id,
  title,
  section,
  level = 2,
  children,
}: {
  id: string;
  title: string;
  section: Section<T>;
  level?: 2 | 3;
  children: (data: T) => ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const served = (section.status === 'LIVE' || section.status === 'CACHED') && section.data !== undefined;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid={`panel-${id}`}>
      <Heading id={`${id}-heading`}>{title}</Heading>
      {served && section.provenance ? (
        <SourceLine provenance={section.provenance} cached={section.status === 'CACHED'} />
      ) : null}
      {served ? children(section.data as T) : <SectionReason section={section} />}
    </section>
  );
}
