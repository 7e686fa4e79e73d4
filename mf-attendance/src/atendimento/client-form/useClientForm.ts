import { clientFormFull, clientFormSimulator, type ClientForm as ValidClient, type ClientFormMode, type Client } from '@consig/shared';
import { zodResolver } from '@consig/shared/forms';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useAttendanceStore } from '../state/AttendanceContext';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';

// The one rule set of the client (shared with the API), in the mode of the last submit asked for. The cast:
// the schemas type their optional inputs as `unknown` (they accept what any caller sends); the form holds Cliente.
const resolvers = {
  full: zodResolver(clientFormFull),
  simulator: zodResolver(clientFormSimulator),
} as unknown as Record<ClientFormMode, Resolver<Client, unknown, ValidClient>>;

/** What the screen's other parts do with the client form: the header's 'Salvar'/'Cancelar' and the submits. */
export interface ClientFormControls {
  /**
   * Validates it as a submit needs it (product-spec §5): 'full' for 'Registrar proposta' and 'Salvar', 'simulator'
   * for 'Enviar simulação'. Resolves to the client to send (the schema's output over the client as the form holds
   * it); or to null after showing each error under its field, revealing the form, turning edit mode on and
   * focusing the first wrong field.
   */
  validate: (mode: ClientFormMode) => Promise<Client | null>;
  /** 'Cancelar': back to the client as last loaded or saved. */
  discard: () => void;
  /** 'Salvar' succeeded: the saved record is what the form now starts from (nothing left unsaved). */
  saved: (client: Client) => void;
  /** A field error the server answered: shown under the field, which takes the focus; false for no such field. */
  showFieldError: (field: string, message: string) => boolean;
}

/** The client form of one client: what ClientForm renders, and the controls the rest of the screen is handed. */
export interface ClientFormModel extends ClientFormControls {
  form: UseFormReturn<Client, unknown, ValidClient>;
  /** The rendered <form>: after a failed validation its first wrong field takes the focus. */
  element: RefObject<HTMLFormElement | null>;
}

/**
 * The client form of /atendimento (product-spec §4 "Client form", §5), owned by the part of the screen that shows one
 * client (mount it keyed by ClienteID) and handed down: to ClientForm, which renders it, and as controls to the
 * 'Cadastro' card and the submit section. Every change goes to the attendance store (`clientEdited`), which is what a
 * recalculation, a proposal or a simulation sends; unsaved edits are known to the store and ask before leaving.
 */
export function useClientForm(client: Client): ClientFormModel {
  const store = useAttendanceStore();
  const mode = useRef<ClientFormMode>('full');
  const form = useForm<Client, unknown, ValidClient>({
    mode: 'onTouched',
    defaultValues: client,
    resolver: (values, context, options) => resolvers[mode.current](values, context, options),
  });
  const element = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: ({ values }) => store.dispatch({ type: 'clientEdited', values }) }),
    [form, store],
  );

  // Unsaved edits: the screen knows (the header's 'Salvar', 'Novo Cliente'), and leaving asks first.
  const [dirty, setDirty] = useState(false);
  useEffect(
    () =>
      form.subscribe({
        formState: { isDirty: true },
        callback: ({ isDirty }) => {
          setDirty(Boolean(isDirty));
          store.dispatch({ type: 'clientDirtyChanged', dirty: Boolean(isDirty) });
        },
      }),
    [form, store],
  );
  useEffect(() => () => store.dispatch({ type: 'clientDirtyChanged', dirty: false }), [store]);
  useUnsavedChangesPrompt(dirty);

  // A hidden or disabled field cannot take the focus: show the form and enable it, then focus the first error.
  const revealErrors = useCallback(() => {
    const { showData, editMode } = store.getState();
    if (!showData) store.dispatch({ type: 'showDataToggled' });
    if (!editMode) store.dispatch({ type: 'editModeToggled' });
    setFocusRequest((request) => request + 1);
  }, [store]);

  useEffect(() => {
    if (focusRequest === 0) return;
    element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const validate = useCallback(
    async (requested: ClientFormMode) => {
      mode.current = requested;
      let valid: ValidClient | null = null;
      await form.handleSubmit((data) => {
        valid = data;
      })();
      if (!valid) {
        revealErrors();
        return null;
      }
      // Fields the schema left undefined keep the value the client has.
      const output = Object.fromEntries(Object.entries(valid).filter(([, value]) => value !== undefined)) as Partial<Client>;
      return { ...(store.getState().client ?? form.getValues()), ...output };
    },
    [form, store, revealErrors],
  );

  const showFieldError = useCallback(
    (field: string, message: string) => {
      if (!(field in form.getValues())) return false;
      form.setError(field as keyof Client, { type: 'server', message }, { shouldFocus: false });
      revealErrors();
      return true;
    },
    [form, revealErrors],
  );

  // The last record loaded or saved is the form's default: 'Cancelar' goes back to it, 'Salvar' moves it.
  return useMemo(
    () => ({ form, element, validate, showFieldError, discard: () => form.reset(), saved: (record: Client) => form.reset(record) }),
    [form, validate, showFieldError],
  );
}
