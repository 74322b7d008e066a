// What the static look at a version's tool code found at publish time (packages.insights;
// docs/browsing.md, "Findings"): each finding as a fact, with its kind, file and line, what was
// found and the line itself. No verdict: the page says what is in the code, the reader decides.
import type { Finding } from '@pkg/shared/contract';

const KIND_LABELS: Record<Finding['kind'], string> = {
  'dynamic-code': 'Dynamic code evaluation',
  'encoded-blob': 'Encoded or obfuscated blob',
  'undeclared-host': 'Host not in the permissions',
  'undeclared-env': 'Environment variable not in the permissions',
};

export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  return (
    <section aria-labelledby="findings-heading">
      <h2 id="findings-heading">Found in the code</h2>
      <p className="muted">
        What a static look at the tool code found when this version was published: facts with their file and
        line, not a verdict.
      </p>
      {findings.length === 0 ? (
        <p data-testid="findings-none">
          Nothing found: no dynamic code evaluation, no encoded blob, no host or environment variable outside
          the declared permissions.
        </p>
      ) : (
        <ul className="findings" data-testid="findings">
          {findings.map((f, i) => (
            <li key={`${i}:${f.file}:${f.line}`} data-kind={f.kind}>
              <strong>{KIND_LABELS[f.kind]}</strong>{' '}
              <code data-testid="finding-location">
                {f.file}:{f.line}
              </code>
              <p>{f.message}</p>
              <pre>
                <code>{f.excerpt}</code>
              </pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
