// The screener's filters as a form: minimum liquidity, maximum age, and for each flag whether the
// token must be known clear of it, must carry it, or either. Submitting navigates to the URL with
// those filters (the list follows the URL).
import { SCREENER_FLAGS, SCREENER_MAX_AGE_HOURS, type ScreenerFlag } from '@pkg/shared/contract';
import { useId, useState, type FormEvent } from 'react';
import { FLAG_NAMES } from './flag-names';
import { cleanSearch, type ScreenerSearch } from './search';

type FlagChoice = 'any' | 'exclude' | 'require';
type FlagChoices = Record<ScreenerFlag, FlagChoice>;
type Numbers = Pick<ScreenerSearch, 'minLiquidityUsd' | 'maxAgeHours'>;

const numberText = (n: number | undefined) => (n === undefined ? '' : String(n));

function choicesOf(search: ScreenerSearch): FlagChoices {
  return Object.fromEntries(
    SCREENER_FLAGS.map((f) => [
      f,
      search.exclude?.includes(f) ? 'exclude' : search.require?.includes(f) ? 'require' : 'any',
    ]),
  ) as FlagChoices;
}

/** The two numbers as filters (an empty field is no filter), or what is wrong with the first bad one. */
function readNumbers(liquidity: string, age: string): Numbers | { error: string } {
  const minLiquidityUsd = liquidity.trim() === '' ? undefined : Number(liquidity);
  const maxAgeHours = age.trim() === '' ? undefined : Number(age);
  if (minLiquidityUsd !== undefined && !(Number.isFinite(minLiquidityUsd) && minLiquidityUsd >= 0)) {
    return { error: 'Minimum liquidity is a USD amount of 0 or more.' };
  }
  if (
    maxAgeHours !== undefined &&
    !(Number.isFinite(maxAgeHours) && maxAgeHours > 0 && maxAgeHours <= SCREENER_MAX_AGE_HOURS)
  ) {
    return { error: `Maximum age is above 0 and at most ${SCREENER_MAX_AGE_HOURS} hours.` };
  }
  return { minLiquidityUsd, maxAgeHours };
}

function NumberFilters({
  liquidity,
  age,
  onLiquidity,
  onAge,
  describedBy,
}: {
  liquidity: string;
  age: string;
  onLiquidity: (value: string) => void;
  onAge: (value: string) => void;
  describedBy: string | undefined;
}) {
  return (
    <div className="screener-numbers">
      <label>
        Minimum liquidity (USD)
        <input
          name="minLiquidityUsd"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={liquidity}
          onChange={(e) => onLiquidity(e.target.value)}
          aria-describedby={describedBy}
        />
      </label>
      <label>
        Maximum age (hours, up to {SCREENER_MAX_AGE_HOURS})
        <input
          name="maxAgeHours"
          type="number"
          inputMode="decimal"
          min={0}
          max={SCREENER_MAX_AGE_HOURS}
          step="any"
          value={age}
          onChange={(e) => onAge(e.target.value)}
          aria-describedby={describedBy}
        />
      </label>
    </div>
  );
}

function FlagFilters({ choices, onChange }: { choices: FlagChoices; onChange: (next: FlagChoices) => void }) {
  return (
    <details className="flag-filters" open={SCREENER_FLAGS.some((f) => choices[f] !== 'any')}>
      <summary>Filter by the security flags of the pool&apos;s token</summary>
      <fieldset className="screener-flags">
        <legend>Security flags of the pool&apos;s token</legend>
        {SCREENER_FLAGS.map((flag) => (
          <label key={flag}>
            {FLAG_NAMES[flag]}
            <select
              name={flag}
              value={choices[flag]}
              onChange={(e) => onChange({ ...choices, [flag]: e.target.value as FlagChoice })}
            >
              <option value="any">either</option>
              <option value="exclude">must be clear</option>
              <option value="require">must be raised</option>
            </select>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

export function ScreenerForm({
  search,
  onApply,
}: {
  search: ScreenerSearch;
  onApply: (next: ScreenerSearch) => void;
}) {
  const id = useId();
  const [liquidity, setLiquidity] = useState(numberText(search.minLiquidityUsd));
  const [age, setAge] = useState(numberText(search.maxAgeHours));
  const [choices, setChoices] = useState(() => choicesOf(search));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numbers = readNumbers(liquidity, age);
    if ('error' in numbers) {
      setError(numbers.error);
      return;
    }
    setError(undefined);
    onApply(
      cleanSearch({
        ...numbers,
        exclude: SCREENER_FLAGS.filter((f) => choices[f] === 'exclude'),
        require: SCREENER_FLAGS.filter((f) => choices[f] === 'require'),
      }),
    );
  };

  const errorId = `${id}-error`;
  return (
    <form className="screener-form" onSubmit={submit} noValidate aria-label="Screener filters">
      <NumberFilters
        liquidity={liquidity}
        age={age}
        onLiquidity={setLiquidity}
        onAge={setAge}
        describedBy={error ? errorId : undefined}
      />
      <FlagFilters choices={choices} onChange={setChoices} />
      {error ? (
        <p role="alert" id={errorId} className="error">
          {error}
        </p>
      ) : null}
      <button type="submit">Apply filters</button>
    </form>
  );
}
