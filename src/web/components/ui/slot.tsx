import { cloneElement, isValidElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

const setRef = (ref: unknown, value: unknown) => {
  if (typeof ref === 'function') ref(value);
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = value;
};

/**
 * Renders its one child with these props merged in, as Radix's Slot does for `asChild` (the child's own props win,
 * class names are joined, styles merged, an event handler of both runs the child's first, refs are both set).
 * Written here because the button is in every page's first script and Radix's Slot weighs 1.5 KB gzipped there.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps };
  for (const [key, childValue] of Object.entries(childProps)) {
    const slotValue = slotProps[key];
    if (key === 'className') merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    else if (key === 'style') merged.style = { ...(slotValue as object), ...(childValue as object) };
    else if (key === 'ref' && slotValue) merged.ref = (node: unknown) => (setRef(childValue, node), setRef(slotValue, node));
    else if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function')
      merged[key] = (...args: unknown[]) => {
        const result = (childValue as (...a: unknown[]) => unknown)(...args);
        (slotValue as (...a: unknown[]) => unknown)(...args);
        return result;
      };
    else merged[key] = childValue;
  }
  return cloneElement(children, merged as Props & { ref?: Ref<unknown> });
}
