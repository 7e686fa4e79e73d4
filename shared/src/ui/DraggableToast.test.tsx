import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { Toasts } from './Toasts';

const TOAST_WIDTH = 300;

function showToast(text: string) {
  render(<Toasts />);
  act(() => {
    toast.error(text);
  });
  return screen.getByText(text).closest('.consig-toast') as HTMLElement;
}

function dragBy(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: TOAST_WIDTH, height: 40 } as DOMRect);
});
afterEach(() => {
  cleanup();
  act(() => toast.remove());
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('toasts', () => {
  it('are dismissed when dragged sideways by 80 % of their width', () => {
    jest.useFakeTimers();
    const element = showToast('Falha ao salvar.');
    act(() => dragBy(element, TOAST_WIDTH * 0.85));
    act(() => jest.advanceTimersByTime(1_100)); // react-hot-toast removes a dismissed toast after its exit animation
    expect(screen.queryByText('Falha ao salvar.')).toBeNull();
  });

  it('spring back when released before the threshold', () => {
    jest.useFakeTimers();
    const element = showToast('Falha ao salvar.');
    fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(element, { clientX: 250, pointerId: 1 });
    expect(element.style.transform).toBe('translateX(150px)');
    fireEvent.pointerUp(element, { clientX: 250, pointerId: 1 });
    expect(element.style.transform).toBe('');
    act(() => jest.advanceTimersByTime(1_100));
    expect(screen.getByText('Falha ao salvar.')).toBeTruthy();
  });

  it('close after 3 s, but not while the window has no focus', () => {
    jest.useFakeTimers();
    showToast('Conexão estabelecida.');
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    act(() => jest.advanceTimersByTime(10_000));
    act(() => jest.advanceTimersByTime(1_100)); // a dismissed toast would be gone by now
    expect(screen.getByText('Conexão estabelecida.')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.getByText('Conexão estabelecida.')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1_000)); // dismissed at 3 s of unpaused time…
    act(() => jest.advanceTimersByTime(1_100)); // …and removed after its exit animation
    expect(screen.queryByText('Conexão estabelecida.')).toBeNull();
  });
});
