// `github.contents`: a directory listing, or a file decoded (base64 with newlines); a binary file
// is reported, never returned as text; a file over GitHub's size limit for contents is marked
// `tooLarge`; a symlink or a submodule is refused as neither a file nor a directory.
import type { z } from 'zod';
import { compact } from '../../compact.js';
import { ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import {
  looksBinary,
  type GithubDirectory,
  type GithubDirectoryEntry,
  type GithubFile,
} from '../../github/github-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { answer, num, repoOf, str, text } from './answers.js';
import { repoPath } from './endpoints.js';
import type { GithubApi } from './github-api.js';
import { contentFileSchema, contentsSchema, directorySchema } from './payloads.js';

type ContentFile = z.infer<typeof contentFileSchema>;

/** Decodes a base64 `content` member (GitHub breaks it with a newline every 60 characters). */
function decodeBase64(content: string): Uint8Array {
  return Buffer.from(content.replace(/\s+/g, ''), 'base64');
}

function directoryOf(entries: z.infer<typeof directorySchema>, path: string, ref?: string) {
  const listing: GithubDirectory = {
    type: 'dir',
    path,
    ...(ref ? { ref } : {}),
    entries: entries.map(
      (e) =>
        compact({
          type: e.type,
          name: e.name,
          path: e.path,
          sha: e.sha,
          // GitHub reports 0 for a directory's size: not a size.
          size: e.type === 'dir' ? undefined : num(e.size),
          downloadUrl: text(e.download_url),
        }) as GithubDirectoryEntry,
    ),
  };
  return listing;
}

/** What is neither a file nor a directory: a failure when GitHub says it is a file, else refused. */
function notAFile(data: unknown, what: string, { options }: GithubApi): ProviderError {
  if ((data as { type?: unknown }).type === 'file')
    return new ProviderError('failure', `${what}: unexpected payload`, options);
  const other = data as { type?: string; target?: string | null; submodule_git_url?: string | null };
  const detail =
    other.type === 'symlink' && other.target
      ? ` to ${options.redact(other.target)}`
      : other.type === 'submodule' && other.submodule_git_url
        ? ` (${options.redact(other.submodule_git_url)})`
        : '';
  return new RequestRefusedError(
    `${what}: a ${other.type ?? 'non-file'}${detail}, neither a file nor a directory`,
    options,
  );
}

function fileOf(f: ContentFile, what: string, { options }: GithubApi, ref?: string): GithubFile {
  const out: GithubFile = {
    type: 'file',
    path: f.path,
    name: f.name,
    sha: f.sha,
    size: f.size,
    ...(ref ? { ref } : {}),
    ...(text(f.download_url) ? { downloadUrl: text(f.download_url) } : {}),
    ...(text(f.html_url) ? { htmlUrl: text(f.html_url) } : {}),
  };
  const content = f.content ?? '';
  if (f.encoding === 'none' || (content === '' && f.size > 0)) out.tooLarge = true;
  else {
    const bytes = f.encoding === 'base64' || f.encoding == null ? decodeBase64(content) : undefined;
    if (!bytes)
      throw new RequestRefusedError(`${what}: content in an unknown encoding (${f.encoding})`, options);
    if (looksBinary(bytes)) out.binary = true;
    else out.text = new TextDecoder('utf-8').decode(bytes);
  }
  return out;
}

export function contents(api: GithubApi): CapabilityHandler {
  return async (params) => {
    const { owner, repo, name } = repoOf(params);
    const path = str(params.path) ?? '';
    const ref = str(params.ref);
    const what = `${name} contents ${path || '/'}${ref ? ` at ${ref}` : ''}`;
    const reply = await api.get(
      { path: repoPath(owner, repo, 'contents', path), what, query: { ref } },
      contentsSchema,
    );
    const dir = directorySchema.safeParse(reply.data);
    if (dir.success) return answer(directoryOf(dir.data, path, ref), reply);
    const file = contentFileSchema.safeParse(reply.data);
    if (!file.success) throw notAFile(reply.data, what, api);
    return answer(fileOf(file.data, what, api, ref), reply);
  };
}
