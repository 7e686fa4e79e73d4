import { routeLinks } from './routes';

test('the service screen of a client is /atendimento?clientId={id}', () => {
  expect(routeLinks.attendance(7)).toBe('/atendimento?clientId=7');
  expect(routeLinks.attendance('0012')).toBe('/atendimento?clientId=0012');
});

test('a caller name that is not an id stays one query value', () => {
  expect(new URL(routeLinks.attendance('Ana & Filhos'), 'http://x').searchParams.get('clientId')).toBe('Ana & Filhos');
});

test("'Novo Cliente' for a caller's number is /atendimento?novoCliente=1&telefone={number}", () => {
  expect(routeLinks.newClient('11955551111')).toBe('/atendimento?novoCliente=1&telefone=11955551111');
});
