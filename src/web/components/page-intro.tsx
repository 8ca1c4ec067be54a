import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The opening of a public page: eyebrow, h1 and a short lead paragraph on a wide measure. */
export function PageIntro({ eyebrow, title, children, actions }: PageIntroProps) {
  return (
    <section className="mx-auto max-w-6xl px-5 pb-16 pt-14 sm:px-8 md:pb-24 md:pt-24">
      <div className="max-w-3xl">
        {eyebrow ? <p className="eyebrow text-accent-strong">{eyebrow}</p> : null}
        <h1 className="mt-4 text-[2.75rem] leading-[1.05] sm:text-6xl">{title}</h1>
        <div className="mt-6 text-lg leading-relaxed text-muted-foreground sm:text-xl">{children}</div>
        {actions ? <div className="mt-10 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}
