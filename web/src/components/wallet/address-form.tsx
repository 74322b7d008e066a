// An address form (the wallet and explain pages): the address is checked with the API's own
// schema before anything navigates; a bad one gets a message next to the field and the page stays.
import { v1AddressSchema } from '@pkg/shared/contract';
import { useId, useState, type FormEvent } from 'react';

export function AddressForm({
  label,
  submitLabel,
  initial = '',
  onAddress,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onAddress: (address: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v1AddressSchema.safeParse(value.trim());
    if (!parsed.success) {
      setError(
        `“${value.trim()}” is not an address: ${parsed.error.issues[0]?.message ?? 'an address is 0x followed by 40 hex digits'}.`,
      );
      return;
    }
    setError(undefined);
    onAddress(parsed.data);
  };
  return (
    <form className="inline address-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-address`}>{label}</label>
      <div className="address-row">
        <input
          id={`${id}-address`}
          name="address"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit">{submitLabel}</button>
      </div>
      {error ? (
        <p role="alert" id={`${id}-error`} className="error" data-testid="address-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
