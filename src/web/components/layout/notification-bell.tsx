import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_SETTINGS_PATH } from '../../../domain/routes';
import { Bell } from 'lucide-react';
import type { NotificationView } from '../../../domain/notification-schemas';
import { apiFetch } from '../../lib/api';
import { subscribeToInbox } from '../../lib/inbox-stream';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

interface Page {
  notifications: NotificationView[];
  nextCursor: string | null;
  unread: number;
}

let firstRead: Promise<Page | null> | null = null;

/** The first page, one request for both bells (the desktop bar's and the phone's, one of them hidden) as they mount. */
const readFirstPage = (): Promise<Page | null> =>
  (firstRead ??= apiFetch<Page>('/api/notifications')
    .catch(() => null)
    .finally(() => {
      firstRead = null;
    }));

/** The bell: the unread count (kept current by the stream), and the newest items, each leading to its subject. */
export function NotificationBell() {
  // An admin is emailed none of the kinds the settings page offers (no conversations, projects or application of their
  // own): the link would lead them to choices that change nothing.
  const isAdmin = useSession().user?.role === 'admin';
  const [unread, setUnread] = useState(0);
  const [isOpen, setOpen] = useState(false);
  const [page, setPage] = useState<Page | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let isMounted = true;
    void readFirstPage().then((first) => {
      if (isMounted && first) setUnread(first.unread);
    });
    const unsubscribe = subscribeToInbox((event) => {
      if (event.type === 'notifications') setUnread(event.unread);
    });
    return () => {
      isMounted = false;
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (!isOpen) return undefined;
    const controller = new AbortController();
    apiFetch<Page>('/api/notifications', { signal: controller.signal })
      .then((first) => {
        setPage(first);
        setUnread(first.unread);
      })
      .catch(() => undefined);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      controller.abort();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const open = async (item: NotificationView) => {
    setOpen(false);
    if (!item.isRead) await apiFetch<void>(`/api/notifications/${item.id}/read`, { method: 'POST', body: {} }).catch(() => undefined);
    setUnread((count) => Math.max(0, count - (item.isRead ? 0 : 1)));
  };
  const markAll = async () => {
    await apiFetch<void>('/api/notifications/read-all', { method: 'POST', body: {} }).catch(() => undefined);
    setUnread(0);
    setPage((current) => (current ? { ...current, unread: 0, notifications: current.notifications.map((item) => ({ ...item, isRead: true })) } : current));
  };
  const loadMore = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      const next = await apiFetch<Page>(`/api/notifications?cursor=${encodeURIComponent(page.nextCursor)}`);
      setPage({ ...next, notifications: [...page.notifications, ...next.notifications] });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    // On a phone the panel hangs from the sticky header (the positioned ancestor while this wrapper is static), across
    // its width less a margin; the bell sits near the right edge there, so a panel anchored to it left the screen.
    // From `sm` up it hangs from the bell, right-aligned, as on the desktop bar.
    <div className="sm:relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen(!isOpen)}
        className="relative size-9"
      >
        <Bell aria-hidden="true" />
        {unread ? (
          <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[0.625rem] font-semibold leading-4 text-accent-foreground">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <div
        id={panelId}
        hidden={!isOpen}
        role="region"
        aria-label="Notifications"
        className="absolute inset-x-4 top-full z-50 mt-2 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-2xl border border-border bg-surface p-2 shadow-xl sm:left-auto sm:right-0 sm:top-11 sm:mt-0 sm:w-[22rem]"
      >
        <div className="flex items-center justify-between px-3 py-2">
          <p className="font-serif text-lg text-ink">Notifications</p>
          {unread ? (
            <button type="button" onClick={() => void markAll()} className="rounded-sm text-xs font-medium text-accent-strong underline-offset-4 hover:underline">
              Mark all read
            </button>
          ) : null}
        </div>
        {page === null ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">Loading…</p>
        ) : page.notifications.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">Nothing new. Messages and project updates will appear here.</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto">
            {page.notifications.map((item) => (
              <li key={item.id}>
                <Link to={item.link} onClick={() => void open(item)} className="flex gap-3 rounded-xl px-3 py-2.5 hover:bg-muted">
                  <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.isRead ? 'bg-transparent' : 'bg-accent')} />
                  <span className="min-w-0">
                    <span className={cn('block text-sm text-ink', !item.isRead && 'font-semibold')}>
                      {item.title}
                      {item.isRead ? null : <span className="sr-only"> (unread)</span>}
                    </span>
                    {item.body ? <span className="block truncate text-xs text-muted-foreground">{item.body}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {/* 'Show older' continues the list; the settings link closes the panel, under a rule of its own. */}
        {page?.nextCursor ? (
          <button type="button" onClick={() => void loadMore()} disabled={isLoadingMore} className="w-full rounded-xl px-3 py-2 text-sm text-accent-strong hover:bg-muted">
            {isLoadingMore ? 'Loading…' : 'Show older'}
          </button>
        ) : null}
        {isAdmin ? null : (
          <div className="mt-1 border-t border-border pt-1">
            <Link to={NOTIFICATION_SETTINGS_PATH} onClick={() => setOpen(false)} className="block rounded-xl px-3 py-2 text-xs text-muted-foreground underline-offset-4 hover:underline">
              Email settings
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
