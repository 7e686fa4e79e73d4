import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { api, errorText } from '../api';
import { loginRequest, type LoginRequest, type LoginResponse } from '../contracts';
import { zodResolver } from '../forms/zodResolver';
import { session } from '../session';

/**
 * E-mail and password against POST /lnk/token (product-spec §2 "Sign-in", §5 "Login"). On success the
 * token goes to the session store; on failure the server's text shows as an error toast.
 */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [remember, setRemember] = useState(false); // product-spec: "A Remember checkbox has no effect."
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequest) });

  const submit = handleSubmit(async (values) => {
    try {
      const { data } = await api.post<LoginResponse>('/lnk/token', values);
      if (data.success && data.token && session.signIn(data.token)) onSignedIn?.();
      else toast.error(data.text);
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <form className="signin-form" onSubmit={submit} noValidate>
      <label>
        E-mail
        <input type="email" autoComplete="username" {...register('EM_Email')} aria-invalid={!!errors.EM_Email} />
      </label>
      {errors.EM_Email && <span className="field-error">{errors.EM_Email.message}</span>}
      <label>
        Senha
        <input type="password" autoComplete="current-password" {...register('PW_Senha')} aria-invalid={!!errors.PW_Senha} />
      </label>
      {errors.PW_Senha && <span className="field-error">{errors.PW_Senha.message}</span>}
      <label className="signin-remember">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Lembrar-me
      </label>
      <button type="submit" className="consig-button" disabled={isSubmitting}>
        {isSubmitting ? 'Entrando...' : 'Entrar'}
      </button>
    </form>
  );
}
