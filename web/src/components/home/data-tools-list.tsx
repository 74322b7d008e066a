// The data tools pages, linked from the home page with one line each (lib/data-tools.ts).
import { Link } from '@tanstack/react-router';
import { DATA_TOOLS } from '../../lib/data-tools';

export function DataToolsList() {
  return (
    <section aria-labelledby="data-tools-heading">
      <h2 id="data-tools-heading">Data tools</h2>
      <ul className="data-tools" data-testid="data-tools">
        {DATA_TOOLS.map(({ to, label, summary }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>: {summary}
          </li>
        ))}
      </ul>
    </section>
  );
}
