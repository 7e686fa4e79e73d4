// What jsdom lacks and the browser packages need, stubbed once for every package's tests.

// react-router 7 needs TextEncoder/TextDecoder (docs/architecture.md "Pitfalls").
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// matchMedia: react-hot-toast's Toaster asks it for prefers-reduced-motion, the side navigation for narrow
// screens. Nothing matches; a test that needs a match replaces window.matchMedia itself.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// PointerEvent: without it fireEvent.pointer* creates plain Events and drops clientX and pointerId
// (the draggable toasts read both).
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends MouseEvent {
    constructor(type, init = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  window.PointerEvent = PointerEvent;
}
