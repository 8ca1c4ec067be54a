import { Link } from 'react-router';
import { DEFAULT_SITE_NAME } from '../../../domain/constants';
import { BrandWordmark } from './brand-wordmark';
import { FOOTER_PLATFORM_NAV, FOOTER_START_NAV, type NavItem } from './nav-links';

function FooterColumn({ heading, items }: { heading: string; items: readonly NavItem[] }) {
  const headingId = `footer-${heading.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="eyebrow font-sans text-accent-light">
        {heading}
      </h2>
      <ul className="mt-4 space-y-2.5">
        {items.map((item) => (
          <li key={`${item.to}-${item.label}`}>
            <Link to={item.to} className="rounded-sm text-[0.9375rem] text-paper-muted transition-colors hover:text-paper">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink text-paper [&_:focus-visible]:outline-accent-light">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-8 gap-y-12 px-5 py-16 sm:px-8 md:grid-cols-[1.6fr_1fr_1fr] md:py-20">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <BrandWordmark tone="paper" />
          <p className="mt-4 text-[0.9375rem] leading-relaxed text-paper-muted">
            A curated marketplace of verified human creators. Work made by people, reviewed by people.
          </p>
        </div>
        <FooterColumn heading="Platform" items={FOOTER_PLATFORM_NAV} />
        <FooterColumn heading="Get Started" items={FOOTER_START_NAV} />
      </div>
      <div className="border-t border-paper/10">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-8 gap-y-2 px-5 py-6 text-sm text-paper-subtle sm:px-8">
          <p>
            © {year} {DEFAULT_SITE_NAME}. All rights reserved.
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/verify" className="rounded-sm underline-offset-4 transition-colors hover:text-paper hover:underline">
              Verify a Seal
            </Link>
            <Link to="/ai-policy" className="rounded-sm underline-offset-4 transition-colors hover:text-paper hover:underline">
              Not for AI training
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
