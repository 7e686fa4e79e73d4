import { PASSWORD_MIN } from '@consig/shared/contracts';
import { useState, type FormEvent } from 'react';

const REQUIRED = 'Este campo é obrigatório.';
const MISMATCH = 'As senhas não conferem.';

export interface NewPassword {
  /** The current password, when the form asks for it (`currentLabel`). */
  current: string;
  password: string;
}

/**
 * A new password typed twice (and, with `currentLabel`, the current one first). Only presence and the two copies
 * agreeing are checked here: the password rule (length, not the e-mail, not common) is the server's, and its text
 * shows as it comes. `onSubmit` resolves to the refusal's text, or undefined when it went through.
 */
export function NewPasswordForm({
  currentLabel,
  submitLabel,
  onSubmit,
}: {
  currentLabel?: string;
  submitLabel: string;
  onSubmit: (value: NewPassword) => Promise<string | undefined>;
}) {
  const [values, setValues] = useState({ current: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: typeof errors = {};
    if (currentLabel && !values.current) found.current = REQUIRED;
    if (!values.password) found.password = REQUIRED;
    if (!values.confirm) found.confirm = REQUIRED;
    else if (values.password && values.confirm !== values.password) found.confirm = MISMATCH;
    setErrors(found);
    setRefusal(undefined);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      setRefusal(await onSubmit({ current: values.current, password: values.password }));
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <>
      <label>
        {label}
        <input
          type="password"
          name={name}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={!!errors[name]}
        />
      </label>
      {errors[name] && <span className="field-error">{errors[name]}</span>}
    </>
  );

  return (
    <form className="signin-form" onSubmit={submit} noValidate>
      {currentLabel && field('current', currentLabel, 'current-password')}
      {field('password', 'Nova senha', 'new-password')}
      {field('confirm', 'Confirme a nova senha', 'new-password')}
      <p className="signin-hint">Use pelo menos {PASSWORD_MIN} caracteres; uma frase com palavras que não combinam é uma boa senha.</p>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="consig-button" disabled={sending}>
        {sending ? 'Salvando...' : submitLabel}
      </button>
    </form>
  );
}
