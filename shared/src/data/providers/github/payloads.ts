// GitHub REST API responses, following GitHub's documentation (API versions 2022-11-28 and
// 2026-03-10): repositories https://docs.github.com/rest/repos/repos#get-a-repository, search
// https://docs.github.com/rest/search/search, contents
// https://docs.github.com/rest/repos/contents#get-repository-content, trees
// https://docs.github.com/rest/git/trees#get-a-tree, commits, branches, releases, issues, pulls,
// users (https://docs.github.com/rest/commits/commits#list-commits, .../branches/branches,
// .../releases/releases, .../issues/issues#list-repository-issues, .../pulls/pulls, .../users/users),
// rate limit https://docs.github.com/rest/rate-limit/rate-limit, and error bodies
// https://docs.github.com/rest/using-the-rest-api/troubleshooting-the-rest-api. GitHub's own
// objects are passed through: only what the layer reads is validated.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

/** Any GitHub object passed through (repository, commit, branch, release, issue, pull, user). */
export const objectSchema = z.looseObject({});
export const listSchema = z.array(objectSchema);

/** Issues list: pull requests carry a `pull_request` member; plain issues do not. */
export const issuesSchema = z.array(z.looseObject({ pull_request: z.unknown().optional() }));

/** Every search endpoint: `{total_count, incomplete_results, items}`. */
export const searchSchema = z.looseObject({
  total_count: z.number(),
  incomplete_results: z.boolean(),
  items: listSchema,
});

/** Contents of a file: base64 with a newline every 60 characters; `encoding: "none"` and `content: ""` for 1-100 MB files. */
export const contentFileSchema = z.looseObject({
  type: z.literal('file'),
  name: z.string(),
  path: z.string(),
  sha: z.string(),
  size: z.number(),
  encoding: str,
  content: str,
  download_url: str,
  html_url: str,
});

/** A symlink whose target is not a normal file, or a submodule: neither a file nor a directory. */
export const contentOtherSchema = z.looseObject({
  type: z.string(),
  path: z.string(),
  target: str,
  submodule_git_url: str,
});

/** Contents of a directory: an array of entries (`download_url` null for directories). */
export const directorySchema = z.array(
  z.looseObject({
    type: z.string(),
    name: z.string(),
    path: z.string(),
    sha: z.string(),
    size: num,
    download_url: str,
  }),
);

export const contentsSchema = z.union([directorySchema, contentFileSchema, contentOtherSchema]);

/** A tree (`?recursive=1`): entries with `size` on blobs only; `truncated` past 100,000 entries or 7 MB. */
export const treeSchema = z.looseObject({
  sha: z.string(),
  truncated: z.boolean(),
  tree: z.array(
    z.looseObject({
      path: z.string(),
      mode: z.string(),
      type: z.string(),
      sha: z.string(),
      size: num,
    }),
  ),
});

const bucketSchema = z.looseObject({
  limit: z.number(),
  remaining: z.number(),
  reset: z.number(),
  used: num,
});

/** GET /rate_limit (not counted against the limit). */
export const rateLimitSchema = z.looseObject({
  resources: z.looseObject({
    core: bucketSchema.optional(),
    search: bucketSchema.optional(),
    code_search: bucketSchema.optional(),
  }),
});

/** Error bodies: `message`, `documentation_url`, newer a `status` string; 422 `errors`; 451 `block`. */
export const errorBodySchema = z.looseObject({
  message: str,
  errors: z
    .array(z.union([z.looseObject({ resource: str, field: str, code: str, message: str }), z.string()]))
    .nullable()
    .optional(),
  block: z.looseObject({ reason: str, html_url: str }).nullable().optional(),
});
export type GithubErrorBody = z.infer<typeof errorBodySchema>;
