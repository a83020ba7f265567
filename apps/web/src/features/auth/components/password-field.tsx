import type { FieldErrors, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/field';
import { PasswordInput } from './password-input';

/** A labelled password with its show/hide toggle and its error. */
export function PasswordField({
  label,
  error,
  registration,
  autoComplete,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <Field label={label} error={error}>
      {(p) => <PasswordInput {...p} {...registration} autoComplete={autoComplete} />}
    </Field>
  );
}

interface NewPassword {
  password: string;
  matchPass: string;
}

/** A new password and the same typed again (`password`, `matchPass` of the form). */
export function NewPasswordFields<T extends NewPassword>({
  label = 'Password',
  register,
  errors,
}: {
  label?: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const shown = errors as FieldErrors<NewPassword>;
  return (
    <>
      <PasswordField
        label={label}
        error={shown.password?.message}
        registration={register('password' as Path<T>)}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirm Password"
        error={shown.matchPass?.message}
        registration={register('matchPass' as Path<T>)}
        autoComplete="new-password"
      />
    </>
  );
}
