import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Call } from './calls/callController';
import { CallBarView } from './CallBarView';

const call = (overrides: Partial<Call> = {}): Call => ({
  state: 'established',
  direction: 'outgoing',
  remote: '11987654321',
  establishedAt: Date.now(),
  ...overrides,
});

afterEach(() => jest.useRealTimers());

test('shows nothing when there is no call', () => {
  const { container } = render(<CallBarView call={null} onHangup={() => {}} />);
  expect(container.innerHTML).toBe('');
});

test('while a call is active it shows the number, the timer and Terminar, which hangs up', () => {
  const onHangup = jest.fn();
  render(<CallBarView call={call()} onHangup={onHangup} />);
  const bar = screen.getByRole('region', { name: 'Chamada em andamento' });
  expect(bar.textContent).toContain('11987654321');
  expect(screen.getByLabelText('Duração da chamada').textContent).toBe('00:00');
  fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
  expect(onHangup).toHaveBeenCalledTimes(1);
});

test('Terminar is there while the call is still connecting, so it can be cancelled', () => {
  render(<CallBarView call={call({ state: 'establishing', establishedAt: null })} onHangup={() => {}} />);
  expect(screen.getByRole('button', { name: 'Terminar' })).toBeTruthy();
  // Nothing is recorded before the answer, so no reminder yet.
  expect(screen.queryByRole('note')).toBeNull();
});

test('while the call is up, a line reminds the attendant that it is recorded and the client must be told', () => {
  render(<CallBarView call={call()} onHangup={() => {}} />);
  expect(screen.getByRole('note').textContent).toBe('Ligação gravada: informe o cliente.');
  expect(screen.getByLabelText('Duração da chamada').textContent).toBe('00:00');
});

test('the timer counts the seconds since the call was established', () => {
  jest.useFakeTimers({ now: new Date('2026-11-02T10:00:00Z') });
  render(<CallBarView call={call({ establishedAt: Date.now() })} onHangup={() => {}} />);
  act(() => jest.advanceTimersByTime(61_000));
  expect(screen.getByLabelText('Duração da chamada').textContent).toBe('01:01');
});

test('a terminated call shows nothing', () => {
  const { container } = render(<CallBarView call={call({ state: 'terminated' })} onHangup={() => {}} />);
  expect(container.innerHTML).toBe('');
});

test('a ringing incoming call shows the caller with Atender and Recusar, no Terminar', () => {
  const onAnswer = jest.fn();
  const onReject = jest.fn();
  render(
    <CallBarView
      call={call({ state: 'incoming', direction: 'incoming', remote: '2000', callerName: '4321', establishedAt: null })}
      onHangup={() => {}}
      onAnswer={onAnswer}
      onReject={onReject}
    />,
  );
  const bar = screen.getByRole('region', { name: 'Chamada recebida' });
  expect(bar.textContent).toContain('4321');
  expect(bar.textContent).toContain('2000');
  expect(screen.queryByRole('button', { name: 'Terminar' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Atender' }));
  fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
  expect(onAnswer).toHaveBeenCalledTimes(1);
  expect(onReject).toHaveBeenCalledTimes(1);
});

test('an answered incoming call shows the caller, the timer and Terminar', () => {
  render(<CallBarView call={call({ direction: 'incoming', remote: '2000', callerName: '4321' })} onHangup={() => {}} />);
  expect(screen.getByRole('region', { name: 'Chamada em andamento' }).textContent).toContain('4321');
  expect(screen.getByRole('button', { name: 'Terminar' })).toBeTruthy();
});

test('while the call is being hung up Terminar cannot be pressed again', () => {
  render(<CallBarView call={call({ state: 'terminating' })} onHangup={() => {}} />);
  expect((screen.getByRole('button', { name: 'Terminar' }) as HTMLButtonElement).disabled).toBe(true);
});
