import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, MessagesSquare, X } from 'lucide-react';
import { dashboardPath } from '../../../domain/routes';
import { useInboxCount } from '../../lib/inbox-stream';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';
import { Button, buttonVariants } from '../ui/button';
import { BrandWordmark } from './brand-wordmark';
import { PRIMARY_NAV } from './nav-links';

function AccountAction({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useSession();
  // Until the session is known (the server's first paint, and always without scripts) the link is Join: it works
  // for everyone, and a signed-in visitor sees Dashboard once the session has loaded.
  if (user) {
    return (
      // In the phone menu (a className is given) the two stack, full width.
      <span className={className ? 'mt-6 flex flex-col gap-3' : 'flex items-center gap-2'}>
        {user.role !== 'admin' ? <InboxLink onNavigate={onNavigate} className={className && 'h-11 w-full text-[0.9375rem]'} /> : null}
        <Button asChild size="sm" variant="secondary" className={className && 'h-11 w-full text-[0.9375rem]'}>
          <Link to={dashboardPath(user.role)} onClick={onNavigate}>
            Dashboard
          </Link>
        </Button>
      </span>
    );
  }
  return (
    <Button asChild size="sm" className={className}>
      <Link to="/auth" onClick={onNavigate}>
        Join
      </Link>
    </Button>
  );
}

// Loaded once someone is signed in: the server's first paint never has a session, and most visitors never sign in.
const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

/** The notification bell, for anyone signed in (an admin's stream carries only this count). */
function SignedInBell() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}

/** 'Inbox' with the unread count, kept current by the message stream. */
function InboxLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const count = useInboxCount(true);
  const label = count ? `Inbox, ${count} unread` : 'Inbox';
  return (
    <Button asChild size="sm" variant="ghost" className={cn('relative', className)}>
      <Link to="/inbox" onClick={onNavigate} aria-label={label}>
        <MessagesSquare aria-hidden="true" />
        <span aria-hidden="true">Inbox</span>
        {count ? (
          <span data-testid="inbox-count" aria-hidden="true" className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-foreground">
            {count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

/**
 * What the closed phone menu says about the Inbox inside it: a small dot on the toggle, and the count in its name
 * ('Open menu, 4 unread messages'), so unread messages are not hidden until the menu is opened.
 */
function MenuToggleLabel() {
  const { user } = useSession();
  const count = useInboxCount(user !== null && user.role !== 'admin');
  const unread = count ? `, ${count} unread ${count === 1 ? 'message' : 'messages'}` : '';
  return (
    <>
      <span className="sr-only group-open:hidden">Open menu{unread}</span>
      <span className="sr-only hidden group-open:inline">Close menu</span>
      {/* A dot, not a second number beside the bell's: the count itself is in the menu's Inbox link and in this name. */}
      {count ? (
        <span
          data-testid="menu-unread"
          aria-hidden="true"
          className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-accent ring-2 ring-paper group-open:hidden"
        />
      ) : null}
    </>
  );
}

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-sm py-1 text-[0.9375rem] transition-colors duration-150 hover:text-ink',
    isActive ? 'text-ink underline decoration-accent decoration-2 underline-offset-8' : 'text-muted-foreground',
  );

/**
 * The phone menu is a native disclosure (<details>), so it opens and closes before the app's scripts run and
 * without them. The app adds what a disclosure lacks: it closes on navigation, on Escape (focus back on its
 * button) and on a click elsewhere.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const menuId = useId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  const closeMenu = useCallback((returnFocus = false) => {
    const menu = menuRef.current;
    if (!menu?.open) return;
    menu.open = false;
    if (returnFocus) menu.querySelector('summary')?.focus();
  }, []);

  // A new page closes the menu (the browser's back button too). Not on the first render: a menu opened before the
  // app took the page over stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu();
  }, [pathname, closeMenu]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !menuRef.current?.contains(event.target)) closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isMenuOpen, closeMenu]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-paper/90 backdrop-blur-md supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-5 sm:px-8 md:h-18">
        <BrandWordmark />

        <nav aria-label="Main" className="hidden items-center gap-8 lg:flex">
          <ul className="flex items-center gap-7">
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={desktopLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <AccountAction />
          <SignedInBell />
        </nav>

        <div className="-mr-2 flex items-center gap-1 lg:hidden">
          <SignedInBell />
          <details ref={menuRef} className="group" onToggle={(event) => setIsMenuOpen(event.currentTarget.open)}>
            <summary
              aria-controls={menuId}
              className={cn(
                buttonVariants({ variant: 'ghost', size: 'icon' }),
                'relative cursor-pointer list-none [&::-webkit-details-marker]:hidden',
              )}
            >
              <Menu aria-hidden="true" className="group-open:hidden" />
              <X aria-hidden="true" className="hidden group-open:block" />
              <MenuToggleLabel />
            </summary>
            <nav
              id={menuId}
              aria-label="Main"
              className="absolute inset-x-0 top-full border-y border-border/70 bg-paper px-5 pb-6 pt-2 shadow-[0_12px_24px_-12px_rgba(28,27,25,0.18)]"
            >
              <ul className="flex flex-col">
                {PRIMARY_NAV.map((item) => (
                  <li key={item.to} className="border-b border-border/60">
                    <NavLink
                      to={item.to}
                      onClick={() => closeMenu()}
                      className={({ isActive }) =>
                        cn('block py-3.5 font-serif text-xl', isActive ? 'text-accent-strong' : 'text-ink')
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <AccountAction className="mt-6 h-11 w-full text-[0.9375rem]" onNavigate={() => closeMenu()} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
