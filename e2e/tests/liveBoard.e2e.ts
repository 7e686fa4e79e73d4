import { signedInPage } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

/**
 * The supervisor's live board ('Relatórios' → 'Ao vivo', the mf-reports remote) against the real API: an attendant
 * signing in shows up as available without a reload, a pause from the board reaches the attendant's screen, the
 * attendant resuming shows on the board, and a closed browser goes offline. Two browser contexts: the supervisor
 * and the attendant, each with their own session.
 */
const suite = useProductAndBrowser();

const signedIn = (email: string, password: string) => signedInPage(suite.browser, suite.product.urls.app, email, password);

test("the board follows an attendant live: sign-in, a pause from the board, the attendant's resume, the browser closed", async () => {
  const supervisor = await signedIn('supervisor@demo.com.br', 'Supervisor@123');
  await supervisor.page.getByRole('navigation').getByRole('link', { name: 'Relatórios' }).click();
  await supervisor.page.getByRole('tab', { name: 'Ao vivo', selected: true }).waitFor();
  const table = supervisor.page.getByRole('table', { name: 'Atendentes' });
  const anaRow = table.getByRole('row', { name: /Ana Paula Souza/ });
  await anaRow.getByText('Offline').waitFor();

  const attendant = await signedIn('atendente@demo.com.br', 'Atendente@123');
  await attendant.page.getByRole('navigation').getByRole('link', { name: 'Atendimento' }).click();
  await attendant.page.getByRole('region', { name: 'Meu dia' }).waitFor();
  // Pushed over /ws (alert 1092): the supervisor's page is not reloaded.
  await anaRow.getByText('Disponível').waitFor();

  await anaRow.getByRole('button', { name: 'Pausar Ana Paula Souza' }).click();
  const dialog = supervisor.page.getByRole('dialog', { name: 'Pausar Ana Paula Souza' });
  await dialog.getByLabel('Motivo da pausa').selectOption({ label: 'Almoço' });
  await dialog.getByRole('button', { name: 'Pausar' }).click();
  await supervisor.page.getByText('Ana Paula Souza em pausa: Almoço.').waitFor();
  await anaRow.getByText('Em pausa: Almoço').waitFor();
  // The attendant's screen is told (alert 1093): the pause menu shows it, with the supervisor's words.
  await attendant.page.getByRole('status').filter({ hasText: 'Em pausa: Almoço' }).waitFor();
  await attendant.page.getByText('Seu supervisor registrou uma pausa: Almoço.').waitFor();

  await attendant.page.getByRole('button', { name: /^Pausa/ }).click();
  await attendant.page.getByRole('menuitem', { name: 'Livre' }).click();
  await anaRow.getByText('Disponível').waitFor();

  await attendant.page.context().close();
  await anaRow.getByText('Offline').waitFor();
  expect(supervisor.errors).toEqual([]);
  expect(attendant.errors).toEqual([]);
  await supervisor.page.context().close();
});
