import { MSG } from '@easyfund/shared/texts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

/** The e-mail address of an account, with the hint on how it is written. */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField
      label="Email"
      error={error}
      hint={MSG.emailHint}
      registration={registration}
      type="email"
      autoComplete="email"
    />
  );
}
