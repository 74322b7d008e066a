// A table cell holding a USD amount, or "—" saying the source did not report it (docs/website.md,
// "Pages": a panel never invents a value).
import { formatUsd } from '../../lib/format';
import { Missing } from './missing';

export function UsdCell({
  value,
  what,
  source,
}: {
  value: number | string | undefined;
  what: string;
  source: string;
}) {
  return (
    <td className="num">
      {value === undefined ? <Missing what={what} source={source} /> : formatUsd(value)}
    </td>
  );
}
