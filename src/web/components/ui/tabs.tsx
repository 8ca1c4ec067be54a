import { useCallback, useLayoutEffect, useRef, useState, type ComponentProps, type Ref } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/utils';
import { prefersReducedMotion } from '../../lib/reduced-motion';

export const Tabs = TabsPrimitive.Root;

/** Width of the fade at an overflowing edge; the selected tab is kept clear of it. Matches `w-12` below. */
const FADE_PX = 48;

interface Edges {
  /** More tabs lie before the start edge (left in LTR). */
  start: boolean;
  /** More tabs lie past the end edge (right in LTR). */
  end: boolean;
}

/** Which edges of a horizontally scrolling list hide tabs. RTL lists report a negative scrollLeft, hence the abs. */
const readEdges = (list: HTMLElement): Edges => {
  const hidden = list.scrollWidth - list.clientWidth;
  if (hidden <= 1) return { start: false, end: false };
  const scrolled = Math.abs(list.scrollLeft);
  return { start: scrolled > 1, end: scrolled < hidden - 1 };
};

/**
 * Scrolls the list sideways, and only the list, so the selected tab sits clear of the fades. `scrollIntoView` would
 * do the sideways part, but with any `block` value it may also scroll the page to the tab list when that is below
 * the fold (a page opened at ?tab=users would jump down on load); measuring keeps the page where it is.
 */
const revealSelected = (list: HTMLElement, smooth: boolean) => {
  const tab = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!tab || list.scrollWidth - list.clientWidth <= 1) return;
  const box = list.getBoundingClientRect();
  const target = tab.getBoundingClientRect();
  // Leave room for a fade on either side, unless the list is too narrow to spare it.
  const inset = Math.max(0, Math.min(FADE_PX, (box.width - target.width) / 2));
  let delta = 0;
  if (target.left < box.left + inset) delta = target.left - (box.left + inset);
  else if (target.right > box.right - inset) delta = target.right - (box.right - inset);
  if (Math.abs(delta) < 1) return;
  const left = list.scrollLeft + delta;
  if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
  else list.scrollLeft = left;
};

/** A pointer click on a fade: the row moves on by most of its width, the way the fade points. */
const scrollByPage = (list: HTMLElement, edge: keyof Edges) => {
  const rtl = getComputedStyle(list).direction === 'rtl';
  const step = list.clientWidth * 0.7 * (edge === 'end' ? 1 : -1) * (rtl ? -1 : 1);
  const left = list.scrollLeft + step;
  if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  else list.scrollLeft = left;
};

const setRef = <T,>(ref: Ref<T> | undefined, value: T | null) => {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
};

/**
 * The tab row. It stays on one line and scrolls sideways when the tabs do not fit (phones, and the admin's twelve
 * sections on a tablet), with a soft fade and chevron at each edge that hides tabs so it is plain there are more; the selected
 * tab is scrolled into view when the list mounts and whenever the selection changes. Radix keeps the roles and the
 * arrow keys; the wrapper only positions the fades.
 */
export function TabsList({ className, ref, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      listRef.current = node;
      setRef(ref, node);
    },
    [ref],
  );

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      const next = readEdges(list);
      setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    revealSelected(list, false);
    update();

    list.addEventListener('scroll', update, { passive: true });
    // Sizes change with the viewport and as the web fonts arrive; watch the list and each tab.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const observeTabs = () => {
      if (!resizes) return;
      resizes.disconnect();
      resizes.observe(list);
      for (const child of list.children) resizes.observe(child);
    };
    observeTabs();
    // A new selection (a click, the arrow keys, or the page changing the value, e.g. ?tab=…) is scrolled into view.
    const mutations = new MutationObserver((records) => {
      if (records.some((record) => record.type === 'childList')) observeTabs();
      if (records.some((record) => record.type === 'attributes' && (record.target as HTMLElement).getAttribute('data-state') === 'active')) {
        revealSelected(list, true);
      }
      update();
    });
    mutations.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    return () => {
      list.removeEventListener('scroll', update);
      resizes?.disconnect();
      mutations.disconnect();
    };
  }, []);

  // The fades carry a small chevron, and a click on one scrolls the row (a mouse has no sideways scroll of its own).
  // They are only for pointers and eyes: hidden from assistive tech, out of the Tab order; the keyboard has the arrows.
  const fade = (edge: keyof Edges) => (
    <span
      aria-hidden="true"
      data-tabs-fade={edge}
      data-visible={edges[edge] || undefined}
      onClick={() => listRef.current && scrollByPage(listRef.current, edge)}
      className={cn(
        'absolute inset-y-0 flex w-12 items-center from-muted from-60% to-transparent text-muted-foreground transition-opacity duration-150 motion-reduce:transition-none',
        edge === 'start' ? 'start-0 justify-start rounded-s-full ps-1.5 bg-linear-to-r rtl:bg-linear-to-l' : 'end-0 justify-end rounded-e-full pe-1.5 bg-linear-to-l rtl:bg-linear-to-r',
        edges[edge] ? 'cursor-pointer opacity-100' : 'pointer-events-none opacity-0',
      )}
    >
      {edge === 'start' ? <ChevronLeft className="size-4 rtl:rotate-180" /> : <ChevronRight className="size-4 rtl:rotate-180" />}
    </span>
  );
  return (
    <div className="relative flex max-w-full min-w-0">
      <TabsPrimitive.List
        ref={attach}
        className={cn(
          // One line that scrolls sideways; `flex-nowrap!` holds even if a page asks the row to wrap.
          'inline-flex max-w-full min-w-0 flex-nowrap! items-center gap-1 overflow-x-auto overscroll-x-contain rounded-full bg-muted p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          className,
        )}
        {...props}
      />
      {fade('start')}
      {fade('end')}
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        // The ring sits 1 px out, inside the list's 4 px padding, so the scrolling list does not clip it.
        'inline-flex h-9 shrink-0 items-center justify-center whitespace-nowrap rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors duration-150 hover:text-ink focus-visible:outline-offset-1 disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6', className)} {...props} />;
}
