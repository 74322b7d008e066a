// The quick start of the home page: the `pkg` commands in the order a new user runs them, each
// with one line of what it does (their summaries in the CLI's command table, cli/src/commands/).
// Plain text, no copy buttons: the home page's first load stays within its budget (docs/website.md,
// "Pages", its code splitting).

const STEPS = [
  ['pkg login', 'Store a registry token for this registry (checked with whoami).'],
  ['pkg init', 'Create a skill package that validates: manifest, SKILL.md, one tool and its schemas.'],
  ['pkg publish', 'Validate, pack and publish the package in this folder.'],
  [
    'pkg install @namespace/name',
    'Install a package into .pkg/packages, verified and pinned by pkg-lock.json.',
  ],
  [
    'pkg run @namespace/name <tool>',
    'Run a tool of an installed package inside the sandbox; its output is JSON.',
  ],
  ['pkg mcp --skills', 'Serve the tools of every installed package to an agent as an MCP server on stdio.'],
] as const;

export function QuickStart() {
  return (
    <section aria-labelledby="quick-start-heading">
      <h2 id="quick-start-heading">Quick start</h2>
      <ol className="quick-start" data-testid="quick-start">
        {STEPS.map(([command, what]) => (
          <li key={command}>
            <pre>
              <code>{command}</code>
            </pre>
            <p>{what}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
