import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import type { CopyItem } from './content';

/** The outer rhythm of a marketing section: a wide measure and generous vertical space. */
export function Section({ id, labelledBy, className, children }: { id?: string; labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn('mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28', className)}>
      {children}
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', className)}>
      {eyebrow ? <p className="eyebrow text-accent-strong">{eyebrow}</p> : null}
      <h2 id={id} className="mt-4 text-4xl sm:text-5xl">
        {title}
      </h2>
      {children ? <div className="mt-5 text-lg leading-relaxed text-muted-foreground">{children}</div> : null}
    </div>
  );
}

const number = (index: number) => String(index + 1).padStart(2, '0');

/** Keeps short number ranges such as '24-48 hours' on one line. */
export function Copy({ text }: { text: string }) {
  const parts = text.split(/(\d+-\d+ \w+)/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Numbered steps as clean rows: the number, the step and what it means. */
export function NumberedRows({ items, className, headingLevel = 'h3' }: { items: readonly CopyItem[]; className?: string; headingLevel?: 'h3' | 'h2' }) {
  const Heading = headingLevel;
  return (
    <ol className={cn('border-t border-border', className)}>
      {items.map((item, index) => (
        <li key={item.title} className="grid gap-3 border-b border-border py-8 sm:grid-cols-[5rem_minmax(0,16rem)_1fr] sm:gap-8 md:py-10">
          <span aria-hidden="true" className="font-serif text-4xl font-light leading-none text-accent">
            {number(index)}
          </span>
          <Heading className="text-2xl sm:text-[1.75rem]">{item.title}</Heading>
          <p className="max-w-xl leading-relaxed text-muted-foreground">
            <Copy text={item.body} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Numbered steps as a ruled grid of cards, for shorter sequences. */
export function NumberedGrid({ items, columns = 3 }: { items: readonly CopyItem[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ol className={cn('grid gap-px overflow-hidden rounded-2xl border border-border bg-border', grid)}>
      {items.map((item, index) => (
        <li key={item.title} className="bg-paper p-6 sm:p-8">
          <span aria-hidden="true" className="font-serif text-5xl font-light text-accent">
            {number(index)}
          </span>
          <h3 className="mt-6 text-2xl">{item.title}</h3>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            <Copy text={item.body} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Unnumbered qualities (benefits, principles) as a two-column list with a fine rule above each. */
export function QualityList({ items, className }: { items: readonly CopyItem[]; className?: string }) {
  return (
    <ul className={cn('grid gap-x-12 gap-y-10 sm:grid-cols-2', className)}>
      {items.map((item) => (
        <li key={item.title} className="border-t-2 border-ink pt-5">
          <h3 className="text-2xl">{item.title}</h3>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            <Copy text={item.body} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The dark closing band with a call to action. */
export function CtaBand({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-5 pb-20 sm:px-8 md:pb-28">
      <div className="rounded-3xl bg-ink px-6 py-16 text-center text-paper sm:px-12 md:py-24 [&_:focus-visible]:outline-accent-light">
        <h2 id={id} className="mx-auto max-w-2xl text-4xl sm:text-5xl">
          {title}
        </h2>
        <div className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-paper-muted">{children}</div>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}
