/** Browser APIs jsdom lacks because it has no layout engine. Import before rendering Radix or router components. */

// jsdom has no layout engine, so it lacks ResizeObserver, which Radix radios use to size their hidden inputs.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: NoopResizeObserver, configurable: true, writable: true });
}
// The app scrolls to the top on navigation (ScrollOnNavigate); jsdom only logs "not implemented" for it.
window.scrollTo = () => {};
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// Radix Select captures the pointer on its items; jsdom has no pointer capture.
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};
