import { type Dispatch, type InputHTMLAttributes, type SetStateAction, useId } from 'react';
import { FieldWithError } from './field-with-error';

/**
 * A one-line input of a form that keeps its own state, under its label and above its error
 * (FieldWithError): it reports the text as typed, `onChange(value)`.
 */
export function InputWithError({
  id,
  label,
  error,
  look,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  look: 'stacked' | 'spaced';
  onChange: (value: string) => void;
} & InputAttributes) {
  return (
    <FieldWithError id={id} label={label} error={error} look={look}>
      {(aria) => (
        <input
          id={id}
          {...input}
          className="input input-bordered w-full"
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      )}
    </FieldWithError>
  );
}

/** The input's own attributes, as InputWithError takes them. */
type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'>;

/**
 * A small form's inputs by name (`fields`: each name with its label and its input's
 * attributes), their texts kept in one state (`[values, setValues]`) and their errors by the
 * same names.
 */
export function InputsWithErrors<Name extends string>({
  fields,
  state: [values, setValues],
  errors,
  look,
}: {
  fields: readonly ({ name: Name; label: string } & Omit<InputAttributes, 'name' | 'value'>)[];
  state: [Record<Name, string>, Dispatch<SetStateAction<Record<Name, string>>>];
  errors: Partial<Record<string, string>>;
  look: 'stacked' | 'spaced';
}) {
  const id = useId();
  return fields.map(({ name, label, ...input }) => (
    <InputWithError
      key={name}
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      look={look}
      value={values[name]}
      onChange={(value) => setValues((all) => ({ ...all, [name]: value }))}
      {...input}
    />
  ));
}
