// A contract's verified interface (docs/public-api.md, GET /v1/contract/:address, the `verified`
// section): name, compiler, language, functions grouped as reads and writes by their state
// mutability, and events. A contract without verified source cannot be explained (docs/website.md,
// "The contract explanation on /explain"): the
// panel says so, with the explorer's reason.
import type { ContractInterface, Section } from '@pkg/shared/contract';
import { SectionPanel } from '../data/section-panel';
import { SectionReason } from '../data/section-reason';
import { isNotVerified } from './not-verified';

type Fn = ContractInterface['functions'][number];

const READS = new Set(['view', 'pure']);
const WRITES = new Set(['nonpayable', 'payable']);

function FunctionList({ id, title, functions }: { id: string; title: string; functions: Fn[] }) {
  if (functions.length === 0) return null;
  return (
    <>
      <h3 id={id}>
        {title} ({functions.length})
      </h3>
      <ul className="signatures" aria-labelledby={id} data-testid={id}>
        {functions.map((f, i) => (
          <li key={`${f.signature}:${i}`}>
            <code>{f.signature}</code>
            {f.stateMutability ? <span className="muted"> · {f.stateMutability}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function ContractInterfacePanel({ section }: { section: Section<ContractInterface> }) {
  const served = (section.status === 'LIVE' || section.status === 'CACHED') && section.data !== undefined;
  const notVerified = isNotVerified(section);
  if (!served)
    return (
      <section className="panel" aria-labelledby="interface-heading" data-testid="panel-interface">
        <h2 id="interface-heading">Verified interface</h2>
        <p data-testid="not-explained">
          <strong>
            {notVerified
              ? 'This contract’s source is not verified, so it cannot be explained.'
              : 'This contract’s verified source could not be read, so it cannot be explained now.'}
          </strong>
        </p>
        <SectionReason section={section} />
      </section>
    );
  return (
    <SectionPanel id="interface" title="Verified interface" section={section}>
      {(c) => {
        const reads = c.functions.filter((f) => READS.has(f.stateMutability ?? ''));
        const writes = c.functions.filter((f) => WRITES.has(f.stateMutability ?? ''));
        const other = c.functions.filter(
          (f) => !READS.has(f.stateMutability ?? '') && !WRITES.has(f.stateMutability ?? ''),
        );
        return (
          <>
            <dl className="facts">
              <dt>Name</dt>
              <dd data-testid="contract-name">{c.name ?? '—'}</dd>
              <dt>Language</dt>
              <dd>{c.language ?? '—'}</dd>
              <dt>Compiler</dt>
              <dd>{c.compilerVersion ?? '—'}</dd>
            </dl>
            {c.functions.length === 0 ? <p>The verified interface lists no function.</p> : null}
            <FunctionList id="functions-read" title="Read functions" functions={reads} />
            <FunctionList id="functions-write" title="Write functions" functions={writes} />
            <FunctionList id="functions-other" title="Functions of unstated mutability" functions={other} />
            <h3>Events ({c.events.length})</h3>
            {c.events.length === 0 ? (
              <p>The verified interface lists no event.</p>
            ) : (
              <ul className="signatures" data-testid="events">
                {c.events.map((e, i) => (
                  <li key={`${e}:${i}`}>
                    <code>{e}</code>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </SectionPanel>
  );
}
