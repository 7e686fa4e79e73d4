import { getRuntimeConfig, session, setRuntimeConfig } from '@consig/shared';
import { signIn, testToken } from '@consig/shared/testing';
import { createSpaLifecycles, INVALID_TOKEN_TEXT } from './index';

// The props single-spa hands every lifecycle; an integrator's page supplies the element to mount into.
const props = (domElement: HTMLElement) => ({ name: 'mf_example', singleSpa: {}, mountParcel: jest.fn(), domElement }) as never;

function Screen() {
  return <h2>Tela do remote</h2>;
}
function Broken(): never {
  throw new Error('falhou');
}

// single-spa-react resolves mount() only after React has committed, which act() would hold back:
// these lifecycles run as an integrator's page runs them, outside act.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => session.signOut());

it('mounts the screen into a page that is not the host, and unmounts it', async () => {
  signIn();
  const { bootstrap, mount, unmount } = createSpaLifecycles('Exemplo', Screen);
  const element = document.body.appendChild(document.createElement('div'));
  await bootstrap(props(element));
  await mount(props(element));
  expect(element.querySelector('h2')?.textContent).toBe('Tela do remote');
  await unmount(props(element));
  expect(element.innerHTML).toBe('');
});

it('asks for sign-in first when the page has no token', async () => {
  const { mount, unmount } = createSpaLifecycles('Exemplo', Screen);
  const element = document.body.appendChild(document.createElement('div'));
  await mount(props(element));
  expect(element.querySelector('button[type="submit"]')?.textContent).toBe('Entrar');
  expect(element.querySelector('h2')).toBeNull();
  await unmount(props(element));
});

it('shows a Portuguese message in its area when the screen fails to render', async () => {
  signIn();
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { mount, unmount } = createSpaLifecycles('Exemplo', Broken);
  const element = document.body.appendChild(document.createElement('div'));
  await mount(props(element));
  expect(element.textContent).toBe('Não foi possível exibir o módulo Exemplo. Recarregue a página.');
  await unmount(props(element));
  quiet.mockRestore();
});

it("takes the integrator's API address and token as mount props", async () => {
  const before = getRuntimeConfig();
  const { mount, unmount } = createSpaLifecycles('Exemplo', Screen);
  const element = document.body.appendChild(document.createElement('div'));
  await mount({ ...(props(element) as object), apiUrl: 'https://api.integrador.com.br/', token: testToken() } as never);
  expect(getRuntimeConfig()).toMatchObject({ apiUrl: 'https://api.integrador.com.br', wsUrl: 'wss://api.integrador.com.br/ws' });
  expect(session.get().token).toBeTruthy();
  expect(element.querySelector('h2')?.textContent).toBe('Tela do remote');
  await unmount(props(element));
  setRuntimeConfig(before);
});

it('refuses to mount with a token that does not sign in, in Portuguese', async () => {
  const { mount } = createSpaLifecycles('Exemplo', Screen);
  const element = document.body.appendChild(document.createElement('div'));
  await expect(mount({ ...(props(element) as object), token: 'não-é-um-token' } as never)).rejects.toThrow(INVALID_TOKEN_TEXT);
  expect(element.innerHTML).toBe('');
});
