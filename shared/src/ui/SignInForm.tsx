import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { api, errorText } from '../api';
import { loginRequest, type LoginResponse } from '../contracts';
import { session } from '../session';

type Field = 'EM_Email' | 'PW_Senha';

/** A successful sign-in: the token, and whether its password is a temporary one to replace first (SN_TrocarSenha). */
export interface SignedIn {
  token: string;
  mustChangePassword: boolean;
}

/**
 * E-mail and password against POST /lnk/token (product-spec §2 "Sign-in", §5 "Login"). On success the
 * token goes to the session store; on failure the server's text shows as an error toast. Two fields and
 * one schema need no form library: the sign-in page stays light (it loads before anything else).
 * `beforeSignIn` sees the answer before the session store does, so whatever the new session re-renders already
 * knows whether the password must be changed first; `onSignedIn` comes after.
 */
export function SignInForm({
  onSignedIn,
  beforeSignIn,
}: {
  onSignedIn?: (signedIn: SignedIn) => void;
  beforeSignIn?: (signedIn: SignedIn) => void;
}) {
  const [values, setValues] = useState({ EM_Email: '', PW_Senha: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [remember, setRemember] = useState(false); // product-spec: "A Remember checkbox has no effect."
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { data } = await api.post<LoginResponse>('/lnk/token', parsed.data);
      const signedIn = data.success && data.token ? { token: data.token, mustChangePassword: data.SN_TrocarSenha === 1 } : undefined;
      if (signedIn) beforeSignIn?.(signedIn);
      if (signedIn && session.signIn(signedIn.token)) onSignedIn?.(signedIn);
      else toast.error(data.text);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="signin-form" onSubmit={submit} noValidate>
      <label>
        E-mail
        <input
          type="email"
          name="EM_Email"
          autoComplete="username"
          value={values.EM_Email}
          onChange={change('EM_Email')}
          aria-invalid={!!errors.EM_Email}
        />
      </label>
      {errors.EM_Email && <span className="field-error">{errors.EM_Email}</span>}
      <label>
        Senha
        <input
          type="password"
          name="PW_Senha"
          autoComplete="current-password"
          value={values.PW_Senha}
          onChange={change('PW_Senha')}
          aria-invalid={!!errors.PW_Senha}
        />
      </label>
      {errors.PW_Senha && <span className="field-error">{errors.PW_Senha}</span>}
      <label className="signin-remember">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Lembrar-me
      </label>
      <button type="submit" className="consig-button" disabled={submitting}>
        {submitting ? 'Entrando...' : 'Entrar'}
      </button>
    </form>
  );
}
