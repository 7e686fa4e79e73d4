import { passwordRecoveryRequest } from '@consig/shared/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useRequestPasswordRecovery } from './api/requestPasswordRecovery';
import { SignInCard } from './SignInCard';

/**
 * /recuperar-senha ('Esqueceu sua senha?', issue 22): asks the e-mail and shows the server's answer, the same
 * whether or not the e-mail is registered; the link it e-mails opens /redefinir-senha.
 */
export function PasswordRecoveryPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const { send, sending } = useRequestPasswordRecovery();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = passwordRecoveryRequest.safeParse({ EM_Email: email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setAnswer(await send(parsed.data));
  };

  return (
    <SignInCard title="Esqueceu sua senha?" subtitle="Informe o e-mail do seu acesso: enviaremos um link para criar uma nova senha.">
      {answer?.ok ? (
        <p role="status" className="signin-answer">
          {answer.text}
        </p>
      ) : (
        <form className="signin-form" onSubmit={submit} noValidate>
          <label>
            E-mail
            <input
              type="email"
              name="EM_Email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={!!error}
            />
          </label>
          {error && <span className="field-error">{error}</span>}
          {answer && !answer.ok && (
            <p className="field-error" role="alert">
              {answer.text}
            </p>
          )}
          <button type="submit" className="consig-button" disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar link'}
          </button>
        </form>
      )}
      <Link to="/" className="signin-forgot">
        Voltar para o login
      </Link>
    </SignInCard>
  );
}
