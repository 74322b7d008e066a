// A version's tools with their input and output JSON Schemas (read from the package's files).
import type { UseQueryResult } from '@tanstack/react-query';
import type { PackageFilesOutput, ToolEntry } from '@pkg/shared/contract';
import { ErrorMessage, Loading } from '../query-state';

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Schema({
  title,
  path,
  files,
}: {
  title: string;
  path: string;
  files: UseQueryResult<PackageFilesOutput, unknown>;
}) {
  let body;
  if (files.isPending) body = <Loading what={`the schema ${path}`} />;
  else if (files.isError) body = <ErrorMessage what={`the schema ${path}`} error={files.error} />;
  else {
    const text = files.data.schemas[path];
    body =
      text === undefined ? (
        <p>The package has no file {path}.</p>
      ) : (
        <pre tabIndex={0} aria-label={`${title} (${path})`}>
          <code>{pretty(text)}</code>
        </pre>
      );
  }
  return (
    <>
      <h4>
        {title} <code className="muted">{path}</code>
      </h4>
      {body}
    </>
  );
}

export function ToolsList({
  tools,
  files,
}: {
  tools: ToolEntry[];
  files: UseQueryResult<PackageFilesOutput, unknown>;
}) {
  if (tools.length === 0) return <p>This package declares no tools.</p>;
  return (
    <ul className="tools" data-testid="tools">
      {tools.map((tool) => (
        <li key={tool.name}>
          <h3>
            <code>{tool.name}</code>
          </h3>
          <p>{tool.description}</p>
          <Schema title="Input" path={tool.inputSchema} files={files} />
          {tool.outputSchema ? (
            <Schema title="Output" path={tool.outputSchema} files={files} />
          ) : (
            <p>No output schema is declared.</p>
          )}
        </li>
      ))}
    </ul>
  );
}
