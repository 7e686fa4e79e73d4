import { api, session } from '@consig/shared';
import { bootstrap, mount, unmount } from './spa';
import { signIn } from '@consig/shared/testing';

// The props single-spa hands every lifecycle; an integrator's page supplies the element to mount into.
const props = (domElement: HTMLElement) => ({ name: 'mf_attendance', singleSpa: {}, mountParcel: jest.fn(), domElement }) as never;

// single-spa-react resolves mount() only after React has committed, which act() would hold back:
// these lifecycles run as an integrator's page runs them, outside act.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  session.signOut();
  jest.restoreAllMocks();
});

it('mounts the Dashboard into a page that is not the host, and unmounts it', async () => {
  signIn();
  jest.spyOn(api, 'get').mockResolvedValue({ data: { success: true, text: '', data: [] } });
  const element = document.body.appendChild(document.createElement('div'));

  await bootstrap(props(element));
  await mount(props(element));
  expect(element.querySelector('h2')?.textContent).toBe('Leads');

  await unmount(props(element));
  expect(element.innerHTML).toBe('');
});

it('asks for sign-in first when the page has no token', async () => {
  const element = document.body.appendChild(document.createElement('div'));
  await mount(props(element));
  expect(element.querySelector('button[type="submit"]')?.textContent).toBe('Entrar');
  await unmount(props(element));
});
