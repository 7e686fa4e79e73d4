import { act, render, screen } from '@testing-library/react';
import { bus } from './bus';
import { hasCallEnded, isCallInProgress } from './callState';
import { useBusState } from './useBusState';

/** Shows what a screen would derive from the telephony remote's retained call state. */
function CallStatus() {
  const report = useBusState('telephony.call-state@1');
  return (
    <p>
      {report?.state ?? 'nenhuma'} · {isCallInProgress(report) ? 'em chamada' : 'livre'} ·{' '}
      {hasCallEnded(report) ? 'encerrada' : 'não encerrada'}
    </p>
  );
}

const report = (state: 'incoming' | 'established' | 'terminated' | 'idle') =>
  ({ state, direction: 'incoming', remote: '11987654321' }) as const;

afterEach(() => act(() => bus.publish('session.logout@1', {})));

test('a component mounted during a call starts from that call state', () => {
  bus.publish('telephony.call-state@1', report('established'));
  render(<CallStatus />);
  expect(screen.getByText('established · em chamada · não encerrada')).toBeTruthy();
});

test('it follows the updates, and after logout holds no state', () => {
  render(<CallStatus />);
  expect(screen.getByText('nenhuma · livre · não encerrada')).toBeTruthy();
  act(() => bus.publish('telephony.call-state@1', report('incoming')));
  expect(screen.getByText('incoming · em chamada · não encerrada')).toBeTruthy();
  act(() => bus.publish('telephony.call-state@1', report('terminated')));
  expect(screen.getByText('terminated · livre · encerrada')).toBeTruthy();
  act(() => bus.publish('session.logout@1', {}));
  expect(screen.getByText('nenhuma · livre · não encerrada')).toBeTruthy();
});

test('idle is neither a call in progress nor an ended call', () => {
  bus.publish('telephony.call-state@1', report('idle'));
  render(<CallStatus />);
  expect(screen.getByText('idle · livre · não encerrada')).toBeTruthy();
});
