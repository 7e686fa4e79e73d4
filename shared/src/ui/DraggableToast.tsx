import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toast, ToastBar, useToaster, type DefaultToastOptions, type Toast, type ToastPosition } from 'react-hot-toast';

/** product-spec §2 "Notifications", §9: a toast dragged sideways by 80 % of its width is dismissed. */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;

/**
 * react-hot-toast's own toast bar, made draggable: released past the threshold it is dismissed, before
 * it springs back. Vertical scrolling on touch screens keeps working (touch-action: pan-y).
 */
export function DraggableToast({ toast: item, position }: { toast: Toast; position: ToastPosition }) {
  const [offset, setOffset] = useState(0);
  // The handlers read the drag from a ref (several pointer events can arrive before a render); the
  // render reads the toast's width from state.
  const drag = useRef<{ startX: number; width: number } | null>(null);
  const [dragWidth, setDragWidth] = useState<number | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, width: event.currentTarget.getBoundingClientRect().width };
    setDragWidth(drag.current.width);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const started = drag.current;
    drag.current = null;
    setDragWidth(null);
    if (!started) return;
    const distance = Math.abs(event.clientX - started.startX);
    if (started.width > 0 && distance >= started.width * TOAST_DRAG_DISMISS_RATIO) toast.dismiss(item.id);
    else setOffset(0);
  };
  const cancel = () => {
    drag.current = null;
    setDragWidth(null);
    setOffset(0);
  };

  const width = dragWidth || 1;
  return (
    <div
      className="consig-toast"
      data-dragging={offset !== 0 || undefined}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / width) : undefined,
        transition: dragWidth !== null ? 'none' : 'transform 0.2s ease, opacity 0.2s ease',
        touchAction: 'pan-y',
        cursor: 'grab',
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={cancel}
    >
      <ToastBar toast={item} position={item.position ?? position} />
    </div>
  );
}

/**
 * Toasts pause while the window has no focus (product-spec §2), as they already do under the pointer.
 * Pass the Toaster's own options: this hook runs react-hot-toast's timers too, and with other
 * durations it would dismiss toasts early.
 */
export function usePauseToastsWhileUnfocused(toastOptions: DefaultToastOptions) {
  const { handlers } = useToaster(toastOptions);
  const { startPause, endPause } = handlers;
  useEffect(() => {
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
    };
  }, [startPause, endPause]);
}
