import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as z from 'zod/mini';
import { Field } from './Field';
import { Form } from './Form';
import { SelectField } from './SelectField';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './useZodForm';

// A piece of the client form (product-spec §5 "Client form, full mode").
const clientSchema = z.object({
  DE_Pessoa: z.string().check(z.minLength(1, 'Este campo é obrigatório.')),
  DE_CPF: z
    .string()
    .check(
      z.minLength(1, { error: 'Este campo é obrigatório.', abort: true }),
      z.regex(/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/, 'Campo mal formatado ou não preenchido.'),
    ),
  VL_Parcela: z.optional(z.string()),
  DE_Telefone: z.optional(z.string()),
});

function ClientForm({ onSubmit }: { onSubmit: (values: z.output<typeof clientSchema>) => Promise<void> | void }) {
  const form = useZodForm(clientSchema, { defaultValues: { DE_Pessoa: '', DE_CPF: '', VL_Parcela: '', DE_Telefone: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Cliente">
      <Field name="DE_Pessoa" label="Nome" />
      <Field name="DE_CPF" label="CPF" mask="cpf" />
      <Field name="VL_Parcela" label="Parcela" mask="money" />
      <Field name="DE_Telefone" label="Telefone" mask="phoneDigits" />
      <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>
    </Form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The error text a screen reader reads with the field: the element its aria-describedby names. */
const errorOf = (label: string) => {
  const id = input(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Salvar' })));

test('required fields say so under themselves on submit, and nothing is sent', async () => {
  const onSubmit = jest.fn();
  render(<ClientForm onSubmit={onSubmit} />);
  expect(input('Nome').getAttribute('aria-invalid')).toBe('false');

  await submit();
  expect(errorOf('Nome')).toBe('Este campo é obrigatório.');
  expect(errorOf('CPF')).toBe('Este campo é obrigatório.');
  expect(input('Nome').getAttribute('aria-invalid')).toBe('true');
  expect(errorOf('Parcela')).toBeUndefined();
  expect(onSubmit).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(input('Nome')); // the first wrong field takes the focus
});

test('the CPF is masked while typed, and a short one is reported under it once the field is left', async () => {
  render(<ClientForm onSubmit={jest.fn()} />);
  type('CPF', '11144477735');
  expect(input('CPF').value).toBe('111.444.777-35');
  type('CPF', '111.444.7773599'); // pasted with extra digits: the mask keeps its eleven
  expect(input('CPF').value).toBe('111.444.777-35');

  type('CPF', '1114447');
  expect(input('CPF').value).toBe('111.444.7');
  await act(async () => void fireEvent.blur(input('CPF')));
  expect(errorOf('CPF')).toBe('Campo mal formatado ou não preenchido.');

  type('CPF', '11144477735');
  await waitFor(() => expect(errorOf('CPF')).toBeUndefined());
  expect(input('CPF').getAttribute('aria-invalid')).toBe('false');
});

test('money keeps digits and one decimal separator with two decimals', () => {
  render(<ClientForm onSubmit={jest.fn()} />);
  type('Parcela', '0012,345');
  expect(input('Parcela').value).toBe('12.34');
});

test("a phone pasted as written, '(11) 91234-5678', is kept as its digits, whatever its length", () => {
  render(<ClientForm onSubmit={jest.fn()} />);
  expect(input('Telefone').maxLength).toBe(-1);
  type('Telefone', '(11) 91234-5678');
  expect(input('Telefone').value).toBe('11912345678');
  expect(input('Telefone').inputMode).toBe('numeric');
});

test('a valid form submits the values, and a second click while it runs is ignored', async () => {
  let finish: () => void = () => undefined;
  const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(<ClientForm onSubmit={onSubmit} />);
  type('Nome', 'Maria Souza');
  type('CPF', '11144477735');

  await submit();
  expect(screen.getByRole('button', { name: 'Salvando...' }).hasAttribute('disabled')).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Salvando...' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit.mock.calls[0]).toEqual([
    { DE_Pessoa: 'Maria Souza', DE_CPF: '111.444.777-35', VL_Parcela: '', DE_Telefone: '' },
    expect.anything(),
  ]);

  await act(async () => finish());
  expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(false);
});

test("a filter's select starts with 'Todas', which leaves the field out; a select always chosen has no empty option", async () => {
  const schema = z.object({ ID_Campanha: z.optional(z.string()), agrupar: z.string() });
  const onSubmit = jest.fn();
  function Filters() {
    const form = useZodForm(schema, { defaultValues: { ID_Campanha: '7', agrupar: 'dia' } });
    return (
      <Form form={form} onSubmit={onSubmit} aria-label="Filtros">
        <SelectField name="ID_Campanha" label="Campanha" options={[{ value: '7', label: 'Março' }]} emptyLabel="Todas" emptyMeansAbsent />
        <SelectField
          name="agrupar"
          label="Agrupar por"
          options={[
            { value: 'dia', label: 'Dia' },
            { value: 'hora', label: 'Hora' },
          ]}
          emptyLabel={null}
        />
        <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>
      </Form>
    );
  }
  render(<Filters />);
  const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);
  expect(options('Campanha')).toEqual(['Todas', 'Março']);
  expect(options('Agrupar por')).toEqual(['Dia', 'Hora']);
  fireEvent.change(screen.getByLabelText('Campanha'), { target: { value: '' } });
  await submit();
  expect(onSubmit.mock.calls[0][0]).toEqual({ ID_Campanha: undefined, agrupar: 'dia' });
});
