import { screen } from '@testing-library/react';
import { renderScreen } from '@consig/shared/testing';
import Atendimento from './Atendimento';

it('shows the dash placeholder and a not-yet-available "Iniciar Campanha" without a client', () => {
  renderScreen(<Atendimento />, '/atendimento');
  expect(screen.getByText('---')).toBeTruthy();
  const start = screen.getByRole('button', { name: 'Iniciar Campanha' }) as HTMLButtonElement;
  expect(start.disabled).toBe(true);
  expect(start.title).toBe('Disponível em breve');
});

it('shows the client when clientId holds digits', () => {
  renderScreen(<Atendimento />, '/atendimento?clientId=123');
  expect(screen.getByRole('heading', { name: 'Cliente 123' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Iniciar Campanha' })).toBeNull();
});

it('treats a clientId that is not only digits as no client', () => {
  renderScreen(<Atendimento />, '/atendimento?clientId=Maria');
  expect(screen.getByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
  expect(screen.queryByText(/Cliente/)).toBeNull();
});
